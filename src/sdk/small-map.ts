/**
 * A map of up to 10,000 objects: one SVG element per seat and GA area at every zoom (contract §7),
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

  constructor(
    stage: HTMLElement,
    geometry: MapGeometry,
    private readonly model: MapModel,
  ) {
    const { svg, layer } = createSvg(stage.ownerDocument, model.eventKey);
    this.root = svg;
    stage.prepend(svg);
    this.elements = drawMap(layer, geometry, model.objects, model.categories);
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
    if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), this.model.viewOf(label));
  }

  zoomBy(factor: number): void {
    this.viewport.zoomBy(factor);
  }

  reset(): void {
    this.viewport.reset();
  }

  /** How many CSS pixels one map unit is drawn at, with the whole map in view. */
  get homeScale(): number {
    return this.viewport.homeScale;
  }

  /** Shows `box` at a scale of at least `scale` (see Viewport.focus). */
  focus(box: Box, scale: number): void {
    this.viewport.focus(box, scale);
  }

  destroy(): void {
    this.viewport.destroy();
    this.root.remove();
  }
}
