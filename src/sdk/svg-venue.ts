/**
 * Tables and booths on the SVG map (docs/tables.md): a table's top (the whole table is one button,
 * its seats are drawn around it as every seat is, svg.ts) and a booth's block, each with its name.
 * Part of the SDK's venue part, which only maps with tables or booths load.
 */
import type { MapGeometry } from "../geometry/object-placement";
import { el, objectAttrs } from "./svg";
import type { ApiCategory, ApiObject } from "./types";

/** Adds the tables' and booths' elements of `geometry` to `frag`, each by label into `elements`. */
export function drawVenue(
  frag: DocumentFragment,
  geometry: MapGeometry,
  objects: Map<string, ApiObject>,
  categories: Map<string, ApiCategory>,
  elements: Map<string, SVGElement>,
): void {
  const doc = frag.ownerDocument;
  for (const t of geometry.tables) {
    const obj = objects.get(t.label);
    if (obj?.objectType !== "table") continue;
    const color = categories.get(obj.categoryKey)?.color ?? "#7a8499";
    const g = el(doc, "g", { class: "seating-table", ...objectAttrs(t.label, "table", obj.categoryKey) });
    g.appendChild(
      t.shape === "round"
        ? el(doc, "circle", { class: "seating-table-top", cx: t.cx, cy: t.cy, r: t.width / 2, stroke: color })
        : el(doc, "rect", {
            class: "seating-table-top",
            x: t.cx - t.width / 2,
            y: t.cy - t.height / 2,
            width: t.width,
            height: t.height,
            rx: 4,
            stroke: color,
          }),
    );
    const name = el(doc, "text", { class: "seating-table-name", x: t.cx, y: t.cy + 4, "text-anchor": "middle", "aria-hidden": "true" });
    name.textContent = t.label;
    g.append(el(doc, "title", {}), name);
    elements.set(t.label, g);
    frag.appendChild(g);
  }
  for (const b of geometry.booths) {
    const obj = objects.get(b.label);
    if (obj?.objectType !== "booth") continue;
    const color = categories.get(obj.categoryKey)?.color ?? "#7a8499";
    const g = el(doc, "g", { class: "seating-booth", ...objectAttrs(b.label, "booth", obj.categoryKey) });
    g.appendChild(el(doc, "rect", { class: "seating-booth-shape", x: b.x, y: b.y, width: b.width, height: b.height, rx: 3, fill: color, stroke: color }));
    const name = el(doc, "text", {
      class: "seating-booth-name",
      x: b.x + b.width / 2,
      y: b.y + b.height / 2 + 4,
      "text-anchor": "middle",
      "aria-hidden": "true",
    });
    name.textContent = b.label;
    g.append(el(doc, "title", {}), name);
    elements.set(b.label, g);
    frag.appendChild(g);
  }
}
