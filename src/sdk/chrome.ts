/**
 * The HTML around the SVG: the root box, zoom buttons, the legend, a message overlay and a
 * polite live region that announces selections to screen readers.
 */
import type { ApiCategory } from "./types";

export interface Chrome {
  root: HTMLDivElement;
  stage: HTMLDivElement;
  legend: HTMLDivElement;
  message: HTMLDivElement;
  live: HTMLDivElement;
  zoomIn: HTMLButtonElement;
  zoomOut: HTMLButtonElement;
  zoomReset: HTMLButtonElement;
  /** "Choose from a list" (contract §14): the list mode of the same event. */
  listButton: HTMLButtonElement;
}

/** Builds the shell inside `container` (which keeps its own children out of the way). */
export function buildChrome(container: HTMLElement): Chrome {
  const doc = container.ownerDocument;
  const div = (cls: string) => {
    const d = doc.createElement("div");
    d.className = cls;
    return d;
  };
  const root = div("seating-root");
  const stage = div("seating-stage");
  const message = div("seating-message");
  message.setAttribute("role", "status");
  const controls = div("seating-controls");
  const btn = (text: string, label: string) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    controls.appendChild(b);
    return b;
  };
  const zoomIn = btn("+", "Zoom in");
  const zoomOut = btn("−", "Zoom out");
  const zoomReset = btn("⤢", "Show the whole map");
  const legend = div("seating-legend");
  legend.setAttribute("aria-label", "Legend");
  const live = div("seating-sr");
  live.setAttribute("aria-live", "polite");
  stage.append(message, controls);
  const toolbar = div("seating-toolbar");
  const listButton = doc.createElement("button");
  listButton.type = "button";
  listButton.className = "seating-list-switch";
  listButton.textContent = "Choose from a list";
  toolbar.appendChild(listButton);
  root.append(toolbar, stage, legend, live);
  container.appendChild(root);
  return { root, stage, legend, message, live, zoomIn, zoomOut, zoomReset, listButton };
}

/** Category colours plus the status keys. */
export function fillLegend(legend: HTMLElement, categories: ApiCategory[], unavailable = false): void {
  const doc = legend.ownerDocument;
  legend.textContent = "";
  const item = (label: string, style: Partial<CSSStyleDeclaration>) => {
    const span = doc.createElement("span");
    span.className = "seating-legend-item";
    const sw = doc.createElement("span");
    sw.className = "seating-swatch";
    Object.assign(sw.style, style);
    span.append(sw, doc.createTextNode(label));
    legend.appendChild(span);
  };
  for (const c of categories) item(c.label, { background: c.color });
  item("Your selection", { background: "#fff", border: "3px solid #1d2330" });
  item("Held", { background: "#c3c8d2" });
  item("Booked", { background: "#8f96a3" });
  item("Not for sale", { background: "#eef0f4", border: "1px dashed #8f96a3" });
  // Seats of other channels (contract §12), only when this map has any.
  if (unavailable) item("Not available here", { background: "#f6f7f9", border: "1px solid #8f96a3" });
}
