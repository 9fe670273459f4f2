/**
 * How the designer draws tables and booths: a table's top (a circle or a rectangle) with its name,
 * its seats around it as the section's seats are drawn (each `data-label`, so selection marks
 * them), and booths as named boxes. The sizes come from geometry/table-placement.ts, as in the SDK.
 * The chosen table and booth are marked here, and a dragged one is shown moved by a transform.
 */
import type { Booth, Table } from "../../domain/layout";
import { SEAT_RADIUS, type Box } from "../../geometry/seat-plan";
import { tableBox, tableSize } from "../../geometry/table-placement";

const NS = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Draws `tables` into `g` at scale `k`; their seats' circles go into `seats`. Answers the box they cover. */
export function drawTables(g: SVGGElement, tables: readonly Table[], k: number, colours: Map<string, string>, seats: Map<string, SVGCircleElement>): Box[] {
  const boxes: Box[] = [];
  for (const t of tables) {
    const cx = (t.x ?? 0) * k;
    const cy = (t.y ?? 0) * k;
    const size = tableSize(t, t.seats.length);
    const [w, h] = [size.width * k, size.height * k];
    const colour = colours.get(t.categoryKey) ?? "#7a8499";
    const top =
      t.shape === "round"
        ? el("circle", { class: "d-table", cx, cy, r: w / 2, stroke: colour, "data-table-label": t.label })
        : el("rect", { class: "d-table", x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: 4, stroke: colour, "data-table-label": t.label });
    const name = el("text", { class: "d-table-label", x: cx, y: cy + 4, "text-anchor": "middle" });
    name.textContent = t.label;
    // One group per table: a drag moves it alone (a transform on the group) until it is dropped.
    const group = el("g", { class: "d-table-group", "data-table-group": t.label });
    group.append(top, name);
    g.append(group);
    for (const seat of t.seats) {
      const c = el("circle", {
        class: "d-seat",
        cx: (seat.x ?? t.x ?? 0) * k,
        cy: (seat.y ?? t.y ?? 0) * k,
        r: SEAT_RADIUS,
        fill: colours.get(seat.categoryKey) ?? "#7a8499",
        "data-label": seat.label,
      });
      seats.set(seat.label, c);
      group.append(c);
    }
    const b = tableBox({ shape: t.shape, x: t.x ?? 0, y: t.y ?? 0, width: t.width, height: t.height }, t.seats.length, SEAT_RADIUS / k);
    boxes.push({ x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k });
  }
  return boxes;
}

/** Booths drawn without a size of their own are this big (layout units), as in the SDK. */
export const BOOTH_DEFAULT = { width: 60, height: 40 };

/** A booth: a named box at its top-left corner. */
export function drawBooth(b: Booth, colour: string, k: number): SVGGElement {
  const [x, y, w, h] = [(b.x ?? 0) * k, (b.y ?? 0) * k, (b.width ?? BOOTH_DEFAULT.width) * k, (b.height ?? BOOTH_DEFAULT.height) * k];
  const g = el("g", { class: "d-booth", "data-booth-label": b.label });
  g.append(el("rect", { class: "d-booth-shape", x, y, width: w, height: h, rx: 3, fill: colour, stroke: colour }));
  const name = el("text", { class: "d-booth-name", x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle" });
  name.textContent = b.label;
  g.append(name);
  return g;
}

/** The box of a booth in drawn units. */
export function boothBox(b: Booth, k: number): Box {
  return { x: (b.x ?? 0) * k, y: (b.y ?? 0) * k, width: (b.width ?? BOOTH_DEFAULT.width) * k, height: (b.height ?? BOOTH_DEFAULT.height) * k };
}

/** The chosen table and booth, by label. */
type Chosen = { table?: string; booth?: string };

/** A table's group or a booth's group under `root`, by label. */
function venueNode(root: Element, kind: "table" | "booth", label: string | undefined): SVGGElement | null {
  if (!label) return null;
  const attr = kind === "table" ? "data-table-group" : "data-booth-label";
  return root.querySelector<SVGGElement>(`[${attr}="${CSS.escape(label)}"]`);
}

/** Marks the chosen table's top and the chosen booth (they are redrawn with their section, so looked up each time). */
export function markVenue(root: Element, chosen: Chosen): void {
  for (const n of root.querySelectorAll(".d-table.selected, .d-booth.selected")) n.classList.remove("selected");
  venueNode(root, "table", chosen.table)?.querySelector(".d-table")?.classList.add("selected");
  venueNode(root, "booth", chosen.booth)?.classList.add("selected");
}

/** Shows the chosen table or booth moved by (dx, dy) drawn units while a drag lasts; (0, 0) with nothing chosen ends every preview. */
export function previewVenue(root: Element, chosen: Chosen, dx: number, dy: number): void {
  if (!chosen.table && !chosen.booth) {
    for (const n of root.querySelectorAll("[data-table-group][transform], .d-booth[transform]")) n.removeAttribute("transform");
    return;
  }
  const t = dx === 0 && dy === 0 ? "" : `translate(${dx} ${dy})`;
  for (const node of [venueNode(root, "table", chosen.table), venueNode(root, "booth", chosen.booth)]) node?.setAttribute("transform", t);
}

/** The union of boxes (null for none). */
export function unionBox(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
}
