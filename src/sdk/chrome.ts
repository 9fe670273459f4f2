/**
 * The HTML around the SVG: the root box, a toolbar (the list mode's button, the hold's countdown,
 * the zoom buttons), the stage the map is drawn in, the legend, a message overlay and a polite
 * live region that announces selections to screen readers. The controls sit in the toolbar, not
 * over the map, so they never hide a row label, the stage or a seat a finger is about to tap.
 *
 * The root carries the chart's language (`lang`) and direction (`dir`): in a right-to-left language
 * the toolbar, the legend, the list and the dialogs run from the right, while the map itself is
 * drawn as the venue is built (its stage stays where it is) and its SVG keeps a left-to-right
 * coordinate frame (styles.ts).
 */
import { markSwatch, type MarkedFeature } from "./seat-marks";
import { UNAVAILABLE_FILL, UNAVAILABLE_STRIPE } from "./svg";
import type { ApiCategory } from "./types";
import type { MessageId, Words } from "./words";

/** What the legend calls each mark. */
const MARK_IDS: Record<MarkedFeature, MessageId> = { wheelchair: "legend.wheelchair", companion: "legend.companion" };

export interface Chrome {
  root: HTMLDivElement;
  /** The bar above the map: "Choose from a list", the countdown, the zoom buttons. */
  toolbar: HTMLDivElement;
  stage: HTMLDivElement;
  /** The zoom buttons (hidden in list mode). */
  controls: HTMLDivElement;
  legend: HTMLDivElement;
  message: HTMLDivElement;
  live: HTMLDivElement;
  zoomIn: HTMLButtonElement;
  zoomOut: HTMLButtonElement;
  zoomReset: HTMLButtonElement;
  /** "Choose from a list" (docs/accessibility.md): the list mode of the same event. */
  listButton: HTMLButtonElement;
}

/** Builds the shell inside `container` (which keeps its own children out of the way). */
export function buildChrome(container: HTMLElement, words: Words): Chrome {
  const doc = container.ownerDocument;
  const div = (cls: string) => {
    const d = doc.createElement("div");
    d.className = cls;
    return d;
  };
  const root = div("seating-root");
  root.lang = words.language;
  root.dir = words.dir;
  const stage = div("seating-stage");
  const message = div("seating-message");
  message.setAttribute("role", "status");
  const controls = div("seating-controls");
  const btn = (text: string, id: MessageId) => {
    const label = words.t(id);
    const b = doc.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    controls.appendChild(b);
    return b;
  };
  const zoomIn = btn("+", "map.zoomIn");
  const zoomOut = btn("−", "map.zoomOut");
  const zoomReset = btn("⤢", "map.zoomReset");
  // Shown once a map is drawn (not during loading, the queue or the list).
  controls.hidden = true;
  const legend = div("seating-legend");
  legend.setAttribute("aria-label", words.t("legend.name"));
  const live = div("seating-sr");
  live.setAttribute("aria-live", "polite");
  stage.append(message);
  const toolbar = div("seating-toolbar");
  const listButton = doc.createElement("button");
  listButton.type = "button";
  listButton.className = "seating-list-switch";
  listButton.textContent = words.t("map.showList");
  toolbar.append(listButton, controls);
  root.append(toolbar, stage, legend, live);
  container.appendChild(root);
  return { root, toolbar, stage, controls, legend, message, live, zoomIn, zoomOut, zoomReset, listButton };
}

/** What the legend shows beyond categories and statuses: only what this map has. */
export interface LegendExtras {
  /** Seats of channels this chart does not sell (docs/channels.md). */
  unavailable?: boolean;
  /** The seat marks drawn on this map (docs/accessibility.md). */
  marks?: readonly MarkedFeature[];
  /** docs/prices.md: a category's price in words ("€45.00", "from €15.00"), undefined when it has none. */
  priceOf?: (categoryKey: string) => string | undefined;
}

/**
 * Category colours, the status keys and the marks. Each status has a swatch of its own look,
 * and its words: "Not for sale" (pale, dashed) and "Not available here" (hatched) are told apart.
 */
export function fillLegend(legend: HTMLElement, categories: ApiCategory[], extras: LegendExtras, words: Words): void {
  const doc = legend.ownerDocument;
  legend.textContent = "";
  const item = (label: string, swatch: Element) => {
    const span = doc.createElement("span");
    span.className = "seating-legend-item";
    span.append(swatch, doc.createTextNode(label));
    legend.appendChild(span);
  };
  const swatch = (style: Partial<CSSStyleDeclaration>) => {
    const sw = doc.createElement("span");
    sw.className = "seating-swatch";
    Object.assign(sw.style, style);
    return sw;
  };
  for (const c of categories) {
    const price = extras.priceOf?.(c.key);
    item(price ? words.t("price.legend", { category: c.label, price }) : c.label, swatch({ background: c.color }));
  }
  item(words.t("legend.selected"), swatch({ background: "#fff", border: "3px solid #1d2330" }));
  item(words.t("legend.held"), swatch({ background: "#c3c8d2" }));
  item(words.t("legend.booked"), swatch({ background: "#8f96a3" }));
  item(words.t("legend.notForSale"), swatch({ background: "#eef0f4", border: "1px dashed #4a5263" }));
  if (extras.unavailable)
    item(
      words.t("legend.unavailable"),
      swatch({
        background: `repeating-linear-gradient(45deg, ${UNAVAILABLE_FILL} 0 2px, ${UNAVAILABLE_STRIPE} 2px 3.5px)`,
        border: `1px solid ${UNAVAILABLE_STRIPE}`,
      }),
    );
  for (const mark of extras.marks ?? []) item(words.t(MARK_IDS[mark]), markSwatch(doc, mark));
}
