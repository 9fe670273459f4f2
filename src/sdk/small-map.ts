/**
 * A map of up to 10,000 objects: one SVG element per seat and GA area at every zoom (docs/sdk.md),
 * moved by a camera that is applied once per animation frame, with no layout read in input handlers.
 */
import { visibleBox } from "./camera";
import type { Box, MapGeometry } from "../geometry/object-placement";
import type { MapModel, MapView } from "./map-view";
import { createSvg, drawMap, paintObject } from "./svg";
import { Viewport } from "./viewport";

export class SmallMap implements MapView {
  readonly root: SVGSVGElement;
  private readonly elements: Map<string, SVGElement>;
  private readonly viewport: Viewport;
  /** A seat's radius in map units (every seat of a map has the same). */
  private readonly seatRadius: number;

  constructor(
    stage: HTMLElement,
    private readonly geometry: MapGeometry,
    private readonly model: MapModel,
  ) {
    this.seatRadius = geometry.seats[0]?.r ?? 5;
    const { svg, layer } = createSvg(stage.ownerDocument, model.eventKey, model.words, Math.max(1.5, (geometry.seats[0]?.r ?? 5) * 0.7));
    this.root = svg;
    stage.prepend(svg);
    this.elements = drawMap(layer, geometry, model.objects, model.categories, model.words, model.venue);
    for (const label of this.elements.keys()) this.update(label);
    // The camera becomes the viewBox (the stage's aspect, so nothing is letterboxed). Measured here
    // against a transform on the layer: on 20,000 elements the viewBox frames were the cheaper ones.
    let current = "";
    this.viewport = new Viewport(stage, geometry.bounds, (cam, size) => {
      const v = visibleBox(cam, size);
      const box = `${v.x} ${v.y} ${v.width} ${v.height}`;
      // The "settled" call repeats the last camera: setting the same viewBox would lay out again.
      if (box === current) return;
      current = box;
      svg.setAttribute("viewBox", box);
    });
  }

  update(label: string): void {
    const node = this.elements.get(label);
    const obj = this.model.objects.get(label);
    if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), this.model.viewOf(label), this.model.words, this.model.venue);
  }

  zoomBy(factor: number): void {
    this.viewport.zoomBy(factor);
  }

  reset(): void {
    this.viewport.reset();
  }

  seatPixels(): number {
    return 2 * this.seatRadius * this.viewport.camera.scale;
  }

  zoomToSeats(px: number, clientX: number, clientY: number): void {
    const at = { x: clientX, y: clientY };
    this.viewport.zoomTo(px / (2 * this.seatRadius), at, sectionAround(this.geometry, this.viewport.mapPoint(at)));
  }

  zoomToZone(sectionKeys: ReadonlySet<string>): boolean {
    const box = this.model.venue?.zoneBox(this.geometry, this.model.objects, sectionKeys) ?? null;
    if (box) this.viewport.show(box);
    return box !== null;
  }

  destroy(): void {
    this.viewport.destroy();
    this.root.remove();
  }
}

/**
 * The drawn box of the section at map point `p`, its row labels and name included (they are drawn
 * outside its seats' box), or undefined away from every section.
 */
export function sectionAround(geometry: MapGeometry, p: { x: number; y: number }): Box | undefined {
  const s = geometry.sections.find((b) => p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height);
  if (!s) return undefined;
  const left = Math.min(s.x, ...s.rows.map((r) => r.x - 10));
  const top = Math.min(s.y, (s.labelAt?.y ?? s.y) - 16);
  return { x: left, y: top, width: s.x + s.width - left, height: s.y + s.height - top };
}
