/**
 * Draws the map into an <svg> and repaints single objects. Each seat and GA area is ONE element
 * carrying data-object-label, role=button, tabindex, aria-label, aria-pressed and data-status
 * (docs/sdk.md), so tests and assistive technology find it the same way.
 */
import { areaCounts } from "./area-counts";
import { mapSeatName, statusText } from "./seat-name";
import { markElement, markOf } from "./seat-marks";
import { OUTLINE_STROKE, ringPath } from "../geometry/seat-plan";
import type { MapGeometry } from "../geometry/object-placement";
import type { ObjectView, VenuePart } from "./map-view";
import type { ApiCategory, ApiObject } from "./types";
import type { Words } from "./words";

const NS = "http://www.w3.org/2000/svg";

/**
 * What docs/sdk.md puts on every drawn object, whichever renderer draws it: its label, type and
 * category as data attributes, and a focusable button role for keyboard and screen readers.
 */
export function objectAttrs(label: string, type: ApiObject["objectType"], categoryKey: string): Record<string, string | number> {
  return { "data-object-label": label, "data-object-type": type, "data-category-key": categoryKey, role: "button", tabindex: 0 };
}

/** An SVG element with its attributes. */
export function el<K extends keyof SVGElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = doc.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** The hatch of a seat "not available here": stripes on a blue-grey (the legend and the large map's canvas use the same). */
export const UNAVAILABLE_FILL = "#b4bdcf";
export const UNAVAILABLE_STRIPE = "#4a5263";

/**
 * Builds the drawing inside `layer` and returns each object's element by label.
 * Seats go into one fragment: a 100,000-seat map is one DOM insertion.
 */
export function drawMap(
  layer: SVGGElement,
  geometry: MapGeometry,
  objects: Map<string, ApiObject>,
  categories: Map<string, ApiCategory>,
  words: Words,
  venue?: VenuePart | null,
): Map<string, SVGElement> {
  const doc = layer.ownerDocument;
  const elements = new Map<string, SVGElement>();
  const frag = doc.createDocumentFragment();
  for (const s of geometry.sections) {
    const g = el(doc, "g", { class: "seating-section", "data-section-key": s.key });
    let title: SVGTextElement;
    if (s.outline && s.labelAt) {
      // A designed section: its outline is the ring of plan.ts stroked wide (an edge, then the fill).
      const d = ringPath(s.outline);
      g.appendChild(el(doc, "path", { class: "seating-section-edge", d, "stroke-width": OUTLINE_STROKE + 2 }));
      g.appendChild(el(doc, "path", { class: "seating-section-fill", d, "stroke-width": OUTLINE_STROKE }));
      title = el(doc, "text", { class: "seating-section-label", x: s.labelAt.x, y: s.labelAt.y, "text-anchor": "middle" });
    } else {
      g.appendChild(el(doc, "rect", { class: "seating-section-bg", x: s.x, y: s.y, width: s.width, height: s.height, rx: 8 }));
      title = el(doc, "text", { class: "seating-section-label", x: s.x + 10, y: s.y + 18 });
    }
    title.textContent = s.label;
    g.appendChild(title);
    for (const r of s.rows) {
      if (!r.label) continue;
      const t = el(doc, "text", { class: "seating-row-label", x: r.x, y: r.y, "aria-hidden": "true" });
      t.textContent = r.label;
      g.appendChild(t);
    }
    frag.appendChild(g);
  }
  if (geometry.stage) {
    const st = geometry.stage;
    const g = el(doc, "g", { class: "seating-stage-mark", "aria-hidden": "true" });
    g.appendChild(el(doc, "rect", { x: st.x, y: st.y, width: st.width, height: st.height, rx: 6 }));
    const t = el(doc, "text", { x: st.x + st.width / 2, y: st.y + st.height / 2 + 5, "text-anchor": "middle" });
    t.textContent = words.t("map.stage");
    g.appendChild(t);
    frag.appendChild(g);
  }
  for (const a of geometry.areas) {
    const obj = objects.get(a.label);
    if (obj?.objectType !== "generalAdmission") continue;
    const color = categories.get(obj.categoryKey)?.color ?? "#7a8499";
    const g = el(doc, "g", { class: "seating-ga", ...objectAttrs(a.label, "generalAdmission", obj.categoryKey) });
    g.appendChild(
      a.ellipse
        ? el(doc, "ellipse", {
            class: "seating-ga-shape",
            cx: a.x + a.width / 2,
            cy: a.y + a.height / 2,
            rx: a.width / 2,
            ry: a.height / 2,
            fill: color,
            stroke: color,
          })
        : el(doc, "rect", { class: "seating-ga-shape", x: a.x, y: a.y, width: a.width, height: a.height, rx: 10, fill: color, stroke: color }),
    );
    // Text grows with the area (on a big map the band of areas is scaled up with the seats).
    const nameSize = Math.max(15, a.height * 0.15);
    const name = el(doc, "text", { class: "seating-ga-name", x: a.x + a.width / 2, y: a.y + a.height / 2 - nameSize * 0.25, "font-size": nameSize });
    name.textContent = obj.label;
    const remaining = el(doc, "text", {
      class: "seating-ga-remaining",
      x: a.x + a.width / 2,
      y: a.y + a.height / 2 + nameSize,
      "font-size": nameSize * 0.8,
    });
    // The space keeps the two drawn words apart for assistive technology ("Floor 40 of 40 left").
    g.append(name, doc.createTextNode(" "), remaining);
    elements.set(a.label, g);
    frag.appendChild(g);
  }
  // Tables and booths (docs/tables.md), under the seats around them: drawn by the venue part.
  venue?.drawVenue(frag, geometry, objects, categories, elements);
  for (const s of geometry.seats) {
    const obj = objects.get(s.label);
    if (!obj) continue;
    const c = el(doc, "circle", {
      class: "seating-seat",
      cx: s.cx,
      cy: s.cy,
      r: s.r,
      fill: categories.get(obj.categoryKey)?.color ?? "#7a8499",
      ...objectAttrs(s.label, "seat", obj.categoryKey),
    });
    c.appendChild(el(doc, "title", {}));
    elements.set(s.label, c);
    frag.appendChild(c);
    // Wheelchair spaces and companion seats carry a mark (docs/accessibility.md), drawn right after the seat.
    const mark = obj.objectType === "seat" ? markOf(obj.features) : null;
    if (mark) frag.appendChild(markElement(doc, mark, s.cx, s.cy, s.r * 1.55));
  }
  layer.appendChild(frag);
  return elements;
}

/**
 * Updates one element's status attributes, accessible name and (for GA) the remaining count. A
 * table's or booth's name comes from the venue part, loaded for every map that has them.
 */
export function paintObject(
  node: SVGElement,
  obj: ApiObject,
  category: ApiCategory | undefined,
  view: ObjectView,
  words: Words,
  venue?: VenuePart | null,
): void {
  node.setAttribute("data-status", view.status);
  node.setAttribute("aria-pressed", view.status === "selected" ? "true" : "false");
  // No aria-disabled on taken seats: they stay clickable (the host hears onHoldFailed), and the
  // accessible name already says "held by another buyer" / "booked". A seat outside this chart's
  // channels is different: nothing the buyer does here can get it, so it is disabled.
  if (view.unavailable) node.setAttribute("aria-disabled", "true");
  else node.removeAttribute("aria-disabled");
  // Another channel's seat is hatched (the map's own pattern), unlike a seat not for sale.
  const hatch = view.unavailable ? node.ownerSVGElement?.getAttribute("data-hatch") : null;
  if (hatch) node.style.setProperty("fill", `url(#${hatch})`);
  else node.style.removeProperty("fill");
  const cat = category?.label ?? obj.categoryKey;
  let name: string;
  if (obj.objectType === "generalAdmission") {
    const { drawn, spoken } = areaCounts(obj, view, words);
    // The name starts with the words drawn in the area (its name, then what is left), so speech
    // and sight agree (WCAG 2.5.3, "label in name"); the rest follows.
    // docs/prices.md: each place's price, after the category it belongs to.
    const priced = view.price ? words.list([cat, words.t("price.each", { price: view.price })]) : cat;
    name = words.t("area.name", { name: obj.label ?? obj.objectLabel, label: obj.objectLabel, shown: spoken, category: priced });
    const text = node.querySelector(".seating-ga-remaining");
    if (text) text.textContent = drawn;
  } else if (obj.objectType === "table" || obj.objectType === "booth") {
    name = venue?.venueName(obj, cat, view, words) ?? obj.objectLabel;
    const title = node.querySelector("title");
    if (title) title.textContent = name;
  } else {
    // docs/accessibility.md and docs/prices.md: the seat's features and price are part of its name, as the list mode says them.
    name = mapSeatName(obj, cat, view, words);
    const title = node.firstElementChild;
    if (title) title.textContent = `${obj.objectLabel} · ${cat} · ${statusText(view, words)}`;
  }
  node.setAttribute("aria-label", name);
}

let hatches = 0;

/**
 * The SVG element with its one pan/zoom layer, and the hatch pattern of seats "not available
 * here" (another channel's, docs/channels.md), `stripe` map units apart; its id is on `data-hatch`.
 */
export function createSvg(doc: Document, eventKey: string, words: Words, stripe = 3): { svg: SVGSVGElement; layer: SVGGElement } {
  // No viewBox: user units are CSS pixels, and the camera moves the layer with one transform.
  const hatch = `seating-hatch-${++hatches}`;
  const svg = el(doc, "svg", { class: "seating-map", role: "group", "aria-label": words.t("map.name", { event: eventKey }), "data-hatch": hatch });
  const defs = el(doc, "defs", {});
  const pattern = el(doc, "pattern", { id: hatch, patternUnits: "userSpaceOnUse", width: stripe, height: stripe, patternTransform: "rotate(45)" });
  pattern.append(
    el(doc, "rect", { width: stripe, height: stripe, fill: UNAVAILABLE_FILL }),
    el(doc, "rect", { width: stripe * 0.4, height: stripe, fill: UNAVAILABLE_STRIPE }),
  );
  defs.appendChild(pattern);
  const layer = el(doc, "g", { class: "seating-layer" });
  svg.append(defs, layer);
  return { svg, layer };
}
