/**
 * The view of the drawing: fit to view, zoom about a point, pan, and the middle of the view in
 * layout units (where new sections and areas go). The renderer holds the camera and applies it;
 * this module only decides where it goes.
 */
import type { Point } from "../../geometry/seat-plan";
import type { Renderer } from "./scene-renderer";

/** Zoom limits (screen pixels per drawn unit). */
const MIN_ZOOM = 0.02;
const MAX_ZOOM = 20;
/** "Fit to view" never zooms in further than this, nor closer to the edges than the margin. */
const MAX_FIT_ZOOM = 4;
const FIT_MARGIN = 20;

export class CanvasCamera {
  constructor(private readonly renderer: Renderer) {}

  /** Shows everything drawn, centred (or the origin when nothing is). */
  fit(): void {
    const box = this.renderer.contentBox();
    const r = this.renderer.surface.getBoundingClientRect();
    if (!box || r.width === 0) return this.renderer.setCamera({ x: r.width / 2, y: r.height / 2, k: 1 });
    const room = (side: number, size: number) => (side - 2 * FIT_MARGIN) / Math.max(size, 1);
    const k = Math.min(MAX_FIT_ZOOM, Math.max(MIN_ZOOM, Math.min(room(r.width, box.width), room(r.height, box.height))));
    this.renderer.setCamera({ x: r.width / 2 - (box.x + box.width / 2) * k, y: r.height / 2 - (box.y + box.height / 2) * k, k });
  }

  /** Zooms by `factor` about `at` (screen pixels in the drawing), else about the middle of the view. */
  zoom(factor: number, at?: Point): void {
    const r = this.renderer.surface.getBoundingClientRect();
    const p = at ?? { x: r.width / 2, y: r.height / 2 };
    const cam = this.renderer.camera;
    const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, cam.k * factor));
    const f = k / cam.k;
    this.renderer.setCamera({ k, x: p.x - (p.x - cam.x) * f, y: p.y - (p.y - cam.y) * f });
  }

  /** Moves the drawing by (dx, dy) screen pixels. */
  pan(dx: number, dy: number): void {
    const cam = this.renderer.camera;
    this.renderer.setCamera({ ...cam, x: cam.x + dx, y: cam.y + dy });
  }

  /** Moves the view (not its zoom) so that the layout point `p` is in its middle: a new section placed beside the others is shown. */
  centreOn(p: Point): void {
    const r = this.renderer.surface.getBoundingClientRect();
    const { k } = this.renderer.camera;
    const s = this.renderer.scale;
    this.renderer.setCamera({ k, x: r.width / 2 - p.x * s * k, y: r.height / 2 - p.y * s * k });
  }

  /** The middle of the view, in whole layout units. */
  centre(): Point {
    const r = this.renderer.surface.getBoundingClientRect();
    const p = this.renderer.toLayout({ x: r.width / 2, y: r.height / 2 });
    return { x: Math.round(p.x), y: Math.round(p.y) };
  }
}
