/**
 * The marks drawn on wheelchair spaces and companion seats (docs/accessibility.md), so a venue and its
 * buyers see them on the map and not only in a tooltip: a wheelchair symbol, and a ring with a dot.
 * One definition (path data in a box from -10 to 10) drawn three ways: over a seat of the SVG map,
 * on the large map's canvas, and in the legend's swatch.
 */
import type { SeatFeature } from "../domain/layout";
import type { ApiObject } from "./types";

/** The marked features, in the order the legend lists them. */
export type MarkedFeature = Extract<SeatFeature, "wheelchair" | "companion">;
export const MARKED_FEATURES: readonly MarkedFeature[] = ["wheelchair", "companion"];

/** A mark's shapes: filled paths and stroked paths, in the -10..10 box. */
interface MarkShape {
  fill: string[];
  stroke: string[];
}

const SHAPES: Record<MarkedFeature, MarkShape> = {
  // The international symbol of access, simplified: a head, the seated body, the wheel.
  wheelchair: {
    fill: ["M1.4 -7A2.4 2.4 0 1 0 -3.4 -7A2.4 2.4 0 1 0 1.4 -7Z"],
    stroke: ["M-1 -3.2V2.6H5L7.2 8", "M-4.6 -0.4A6.2 6.2 0 1 0 3.6 6.8"],
  },
  companion: {
    fill: ["M2 0A2 2 0 1 0 -2 0A2 2 0 1 0 2 0Z"],
    stroke: ["M6 0A6 6 0 1 0 -6 0A6 6 0 1 0 6 0Z"],
  },
};

/** Width of a mark's strokes, in its box's units. */
const STROKE = 2.4;

/** The mark a seat with `features` carries (a wheelchair space wins over a companion seat), or null. */
export function markOf(features: readonly SeatFeature[] | undefined): MarkedFeature | null {
  if (!features) return null;
  if (features.includes("wheelchair")) return "wheelchair";
  return features.includes("companion") ? "companion" : null;
}

/** The marks a map of `objects` draws, in the legend's order. */
export function marksIn(objects: Iterable<ApiObject>): MarkedFeature[] {
  const found = new Set<MarkedFeature>();
  for (const o of objects) {
    const mark = o.objectType === "seat" ? markOf(o.features) : null;
    if (mark) found.add(mark);
  }
  return MARKED_FEATURES.filter((m) => found.has(m));
}

const NS = "http://www.w3.org/2000/svg";

/**
 * The mark as an SVG group centred on (cx, cy), `size` map units across, drawn over the seat: not
 * focusable, hidden from assistive technology (the seat's name says the feature) and letting
 * clicks through to the seat under it.
 */
export function markElement(doc: Document, mark: MarkedFeature, cx: number, cy: number, size: number): SVGGElement {
  const g = doc.createElementNS(NS, "g");
  g.setAttribute("class", "seating-seat-mark");
  g.setAttribute("data-mark", mark);
  g.setAttribute("aria-hidden", "true");
  g.setAttribute("transform", `translate(${cx} ${cy}) scale(${size / 20})`);
  for (const d of SHAPES[mark].fill) {
    const p = doc.createElementNS(NS, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", "seating-seat-mark-fill");
    g.appendChild(p);
  }
  for (const d of SHAPES[mark].stroke) {
    const p = doc.createElementNS(NS, "path");
    p.setAttribute("d", d);
    p.setAttribute("class", "seating-seat-mark-line");
    p.setAttribute("stroke-width", String(STROKE));
    g.appendChild(p);
  }
  return g;
}

/** The mark as a small standalone SVG (the legend's swatch), white on a grey seat. */
export function markSwatch(doc: Document, mark: MarkedFeature): SVGSVGElement {
  const svg = doc.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "seating-mark-swatch");
  const seat = doc.createElementNS(NS, "circle");
  seat.setAttribute("r", "10");
  seat.setAttribute("fill", "#4a5263");
  svg.appendChild(seat);
  svg.appendChild(markElement(doc, mark, 0, 0, 15));
  return svg;
}

/** Path2D objects of each mark, built once per page (the large map draws thousands per frame). */
let paths: Record<MarkedFeature, { fill: Path2D[]; stroke: Path2D[] }> | null = null;

/** Draws the mark on a canvas centred on (x, y) device pixels, `size` pixels across, in `colour`. */
export function paintMark(ctx: CanvasRenderingContext2D, mark: MarkedFeature, x: number, y: number, size: number, colour: string): void {
  paths ??= {
    wheelchair: { fill: SHAPES.wheelchair.fill.map((d) => new Path2D(d)), stroke: SHAPES.wheelchair.stroke.map((d) => new Path2D(d)) },
    companion: { fill: SHAPES.companion.fill.map((d) => new Path2D(d)), stroke: SHAPES.companion.stroke.map((d) => new Path2D(d)) },
  };
  const k = size / 20;
  ctx.save();
  ctx.setTransform(k, 0, 0, k, x, y);
  ctx.fillStyle = ctx.strokeStyle = colour;
  ctx.lineWidth = STROKE;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const p of paths[mark].fill) ctx.fill(p);
  for (const p of paths[mark].stroke) ctx.stroke(p);
  ctx.restore();
}
