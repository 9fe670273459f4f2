/**
 * Pan and zoom input for the map stage: mouse wheel zooms around the cursor, one pointer drags,
 * two pointers pinch (phones). It only moves a {@link Camera}; the renderer is told at most once
 * per animation frame, with `moving` set while a gesture goes on and once more (unset) when the
 * map has been still for a moment, which is when renderers do their heavier work.
 *
 * Nothing here reads layout inside an input handler: the stage's size comes from a
 * ResizeObserver and its page position is read once when a gesture starts. A drag never turns
 * into a seat click: pointer capture starts only past a threshold, and the click that ends a drag
 * is swallowed. During a drag a transparent shield carries the grabbing cursor, so no element of
 * the map is restyled.
 */
import { fit, keepInside, panBy, showStart, zoomAt, type Camera, type Size } from "./camera";
import type { Box } from "../geometry/object-placement";

const DRAG_THRESHOLD_PX = 6;
/** How long the map must be still before the renderer is told it settled. */
const SETTLE_MS = 140;

interface Pt {
  x: number;
  y: number;
}

/** Draws the map for a camera; `moving` is true while a gesture is in progress. */
export type ApplyCamera = (camera: Camera, stage: Size, moving: boolean) => void;

/** The map's camera and the input that moves it. */
export class Viewport {
  camera: Camera;
  size: Size;
  private home: Camera;
  private origin: Pt = { x: 0, y: 0 };
  private readonly pointers = new Map<number, Pt>();
  private dragging = false;
  private downAt: Pt | null = null;
  private pinchDistance = 0;
  private swallowClick = false;
  private frame = 0;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private lastWheel = 0;
  private moved = false;
  private shield: HTMLDivElement | null = null;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly stage: HTMLElement,
    private content: Box,
    private readonly apply: ApplyCamera,
  ) {
    const r = stage.getBoundingClientRect();
    this.origin = { x: r.left, y: r.top };
    this.size = { width: r.width || 800, height: r.height || 500 };
    this.home = this.homeCamera();
    this.camera = this.home;
    this.listen(stage, "wheel", (e) => this.onWheel(e as WheelEvent), { passive: false });
    this.listen(stage, "pointerdown", (e) => this.onDown(e as PointerEvent));
    this.listen(stage, "pointermove", (e) => this.onMove(e as PointerEvent));
    for (const type of ["pointerup", "pointercancel"]) this.listen(stage, type, (e) => this.onUp(e as PointerEvent));
    // Capture phase: runs before the chart's click handler on a seat.
    this.listen(
      stage,
      "click",
      (e) => {
        if (this.swallowClick) {
          this.swallowClick = false;
          e.stopPropagation();
          e.preventDefault();
        }
      },
      { capture: true },
    );
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (box && box.width > 0 && box.height > 0 && (box.width !== this.size.width || box.height !== this.size.height)) this.resize(box);
      });
      ro.observe(stage);
      this.cleanup.push(() => ro.disconnect());
    }
    this.apply(this.camera, this.size, false);
  }

  /** The camera that shows the whole map. */
  get homeScale(): number {
    return this.home.scale;
  }

  /** Zooms by `factor` (>1 zooms in) around a point in client pixels, default the stage centre. */
  zoomBy(factor: number, clientPoint?: Pt): void {
    const p = clientPoint ? { x: clientPoint.x - this.origin.x, y: clientPoint.y - this.origin.y } : { x: this.size.width / 2, y: this.size.height / 2 };
    this.set(zoomAt(this.camera, factor, p.x, p.y, this.minScale(), this.maxScale()));
  }

  /**
   * Zooms to `scale` around a point in client pixels (the map point under it stays there), then,
   * given `within` (the section around that point), moves so as to show as much of it as fits and
   * its start (row labels, name) where the point allows: a tap brings the row labels into view
   * rather than the empty map beside the section.
   */
  zoomTo(scale: number, clientPoint: Pt, within?: Box): void {
    this.refreshOrigin();
    const p = { x: clientPoint.x - this.origin.x, y: clientPoint.y - this.origin.y };
    const zoomed = zoomAt(this.camera, scale / this.camera.scale, p.x, p.y, this.minScale(), this.maxScale());
    if (!within) return this.set(zoomed);
    // The point tapped stays on the stage, a seat's width inside, and moves no further than it must.
    const kept = keepInside(zoomed, within, this.size);
    const moved = { x: p.x + kept.tx - zoomed.tx, y: p.y + kept.ty - zoomed.ty };
    this.set(showStart(kept, within, this.size, moved, 40));
  }

  /** The map point under a point in client pixels. */
  mapPoint(clientPoint: Pt): Pt {
    this.refreshOrigin();
    return { x: (clientPoint.x - this.origin.x - this.camera.tx) / this.camera.scale, y: (clientPoint.y - this.origin.y - this.camera.ty) / this.camera.scale };
  }

  /** Shows `box` (map units) whole and centred, within the zoom range. */
  show(box: Box): void {
    this.set(fit(box, this.size, 20));
  }

  /** Back to the whole map. */
  reset(): void {
    this.set(this.home);
  }

  /** Moves the camera (clamped to the zoom range) and redraws on the next frame. */
  set(camera: Camera, moving = false): void {
    const scale = Math.min(this.maxScale(), Math.max(this.minScale(), camera.scale));
    const k = scale / camera.scale;
    const cx = this.size.width / 2;
    const cy = this.size.height / 2;
    this.camera = k === 1 ? camera : { scale, tx: cx - (cx - camera.tx) * k, ty: cy - (cy - camera.ty) * k };
    this.moved = true;
    this.schedule(moving);
  }

  /** Whether a gesture is in progress. */
  get moving(): boolean {
    return this.dragging || this.pointers.size > 1 || performance.now() - this.lastWheel < SETTLE_MS;
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.shield?.remove();
    for (const off of this.cleanup) off();
  }

  /** Smallest and largest scale: half the whole map, and 25 times it (at least 40 px per seat pitch). */
  minScale(): number {
    return this.home.scale / 2;
  }

  maxScale(): number {
    return Math.max(this.home.scale * 25, this.minScale());
  }

  private homeCamera(): Camera {
    const c = this.content;
    const pad = Math.max(20, Math.max(c.width, c.height) * 0.04);
    return fit(c, this.size, pad);
  }

  private resize(box: { width: number; height: number }): void {
    const atHome = !this.moved;
    const old = this.size;
    this.size = { width: box.width, height: box.height };
    this.home = this.homeCamera();
    // Keep what the buyer was looking at centred; an untouched map simply refits.
    this.camera = atHome ? this.home : panBy(this.camera, (box.width - old.width) / 2, (box.height - old.height) / 2);
    this.refreshOrigin();
    this.schedule(false);
  }

  private refreshOrigin(): void {
    const r = this.stage.getBoundingClientRect();
    this.origin = { x: r.left, y: r.top };
  }

  /** Applies the camera on the next animation frame (once per frame), and again once settled. */
  private schedule(moving: boolean): void {
    if (!this.frame) {
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.apply(this.camera, this.size, moving || this.moving);
      });
    }
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.settle(), SETTLE_MS);
  }

  private settle(): void {
    this.settleTimer = null;
    if (this.moving) {
      this.settleTimer = setTimeout(() => this.settle(), SETTLE_MS);
      return;
    }
    this.apply(this.camera, this.size, false);
  }

  private listen(target: EventTarget, type: string, fn: (e: Event) => void, opts?: AddEventListenerOptions): void {
    target.addEventListener(type, fn, opts);
    this.cleanup.push(() => target.removeEventListener(type, fn, opts));
  }

  /** Events on the zoom buttons and the quantity dialog are theirs, not the map's. */
  private ignored(e: Event): boolean {
    const t = e.target as Element | null;
    return !!t?.closest?.("button, input, .seating-dialog-backdrop");
  }

  private onWheel(e: WheelEvent): void {
    if (this.ignored(e)) return;
    e.preventDefault();
    const now = performance.now();
    // A new wheel gesture: the page may have scrolled since the last one.
    if (now - this.lastWheel > 300) this.refreshOrigin();
    this.lastWheel = now;
    // Trackpads send many small deltas, mice few large ones; exp() treats both smoothly.
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
    const p = { x: e.clientX - this.origin.x, y: e.clientY - this.origin.y };
    this.camera = zoomAt(this.camera, factor, p.x, p.y, this.minScale(), this.maxScale());
    this.moved = true;
    this.schedule(true);
  }

  private onDown(e: PointerEvent): void {
    if ((e.pointerType === "mouse" && e.button !== 0) || this.ignored(e)) return;
    // A drag that produced no click must not swallow the next real one.
    if (this.pointers.size === 0) {
      this.swallowClick = false;
      this.refreshOrigin();
    }
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.downAt = { x: e.clientX, y: e.clientY };
      this.dragging = false;
    } else if (this.pointers.size === 2) {
      this.pinchDistance = this.distance();
      this.startDrag(e);
    }
  }

  private onMove(e: PointerEvent): void {
    const prev = this.pointers.get(e.pointerId);
    if (!prev) return;
    const now = { x: e.clientX, y: e.clientY };
    if (this.pointers.size === 2) {
      const beforeMid = this.midpoint();
      this.pointers.set(e.pointerId, now);
      const afterMid = this.midpoint();
      const d = this.distance();
      let cam = this.camera;
      if (this.pinchDistance > 0 && d > 0)
        cam = zoomAt(cam, d / this.pinchDistance, afterMid.x - this.origin.x, afterMid.y - this.origin.y, this.minScale(), this.maxScale());
      this.pinchDistance = d;
      this.camera = panBy(cam, afterMid.x - beforeMid.x, afterMid.y - beforeMid.y);
      this.moved = true;
      this.schedule(true);
      return;
    }
    this.pointers.set(e.pointerId, now);
    if (!this.dragging && this.downAt && Math.hypot(now.x - this.downAt.x, now.y - this.downAt.y) > DRAG_THRESHOLD_PX) this.startDrag(e);
    if (this.dragging) {
      this.camera = panBy(this.camera, now.x - prev.x, now.y - prev.y);
      this.moved = true;
      this.schedule(true);
    }
  }

  private onUp(e: PointerEvent): void {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pointers.size === 0) {
      if (this.dragging) this.swallowClick = e.type === "pointerup";
      this.dragging = false;
      this.downAt = null;
      this.shield?.remove();
      this.shield = null;
      this.schedule(false);
    }
    this.pinchDistance = this.pointers.size === 2 ? this.distance() : 0;
  }

  private startDrag(e: PointerEvent): void {
    this.dragging = true;
    if (!this.shield) {
      this.shield = this.stage.ownerDocument.createElement("div");
      this.shield.className = "seating-drag-shield";
      this.stage.appendChild(this.shield);
    }
    try {
      this.stage.setPointerCapture(e.pointerId);
    } catch {
      // The pointer may already be gone; panning still works without capture.
    }
  }

  private midpoint(): Pt {
    const [a, b] = [...this.pointers.values()];
    return { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 };
  }

  private distance(): number {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a!.x - b!.x, a!.y - b!.y);
  }
}
