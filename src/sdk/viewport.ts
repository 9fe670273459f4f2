/**
 * Pan and zoom by moving the SVG viewBox: mouse wheel zooms around the cursor, one pointer drags,
 * two pointers pinch (phones). Hand-written over Pointer Events rather than a library so a drag
 * never turns into a seat click: pointer capture starts only once the pointer has moved past a
 * threshold, and the click that ends a drag is swallowed.
 */
import type { Box } from "./geometry";

const DRAG_THRESHOLD_PX = 6;

interface Pt {
  x: number;
  y: number;
}

/** The map's camera. */
export class Viewport {
  private view: Box;
  private readonly home: Box;
  private readonly pointers = new Map<number, Pt>();
  private dragging = false;
  private downAt: Pt | null = null;
  private pinchDistance = 0;
  private swallowClick = false;
  private readonly cleanup: (() => void)[] = [];

  constructor(
    private readonly svg: SVGSVGElement,
    content: Box,
  ) {
    const pad = Math.max(20, Math.max(content.width, content.height) * 0.04);
    this.home = { x: content.x - pad, y: content.y - pad, width: Math.max(content.width + pad * 2, 100), height: Math.max(content.height + pad * 2, 100) };
    this.view = { ...this.home };
    this.apply();
    this.listen("wheel", (e) => this.onWheel(e as WheelEvent), { passive: false });
    this.listen("pointerdown", (e) => this.onDown(e as PointerEvent));
    this.listen("pointermove", (e) => this.onMove(e as PointerEvent));
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) this.listen(type, (e) => this.onUp(e as PointerEvent));
    // Capture phase: runs before the chart's click handler on a seat.
    this.listen(
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
  }

  /** Zooms by `factor` (>1 zooms in) around a point in client pixels, default the centre. */
  zoomBy(factor: number, clientPoint?: Pt): void {
    const rect = this.svg.getBoundingClientRect();
    const at = this.toSvg(clientPoint ?? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const minWidth = this.home.width / 25;
    const maxWidth = this.home.width * 2;
    const width = Math.min(maxWidth, Math.max(minWidth, this.view.width / factor));
    const k = width / this.view.width;
    this.view = { x: at.x - (at.x - this.view.x) * k, y: at.y - (at.y - this.view.y) * k, width, height: this.view.height * k };
    this.apply();
  }

  /** Back to the whole map. */
  reset(): void {
    this.view = { ...this.home };
    this.apply();
  }

  destroy(): void {
    for (const off of this.cleanup) off();
  }

  private listen(type: string, fn: (e: Event) => void, opts?: AddEventListenerOptions): void {
    this.svg.addEventListener(type, fn, opts);
    this.cleanup.push(() => this.svg.removeEventListener(type, fn, opts));
  }

  private apply(): void {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.width} ${v.height}`);
  }

  /** Client pixels to SVG user units, through the current transform. */
  private toSvg(p: Pt): Pt {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: this.view.x, y: this.view.y };
    const inv = m.inverse();
    return { x: inv.a * p.x + inv.c * p.y + inv.e, y: inv.b * p.x + inv.d * p.y + inv.f };
  }

  /** SVG units per client pixel. */
  private unitsPerPixel(): number {
    const m = this.svg.getScreenCTM();
    return m && m.a !== 0 ? 1 / m.a : 1;
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    // Trackpads send many small deltas, mice few large ones; exp() treats both smoothly.
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
    this.zoomBy(factor, { x: e.clientX, y: e.clientY });
  }

  private onDown(e: PointerEvent): void {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    // A drag that produced no click must not swallow the next real one.
    if (this.pointers.size === 0) this.swallowClick = false;
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
      if (this.pinchDistance > 0 && d > 0) this.zoomBy(d / this.pinchDistance, afterMid);
      this.pinchDistance = d;
      this.pan(afterMid.x - beforeMid.x, afterMid.y - beforeMid.y);
      return;
    }
    this.pointers.set(e.pointerId, now);
    if (!this.dragging && this.downAt && Math.hypot(now.x - this.downAt.x, now.y - this.downAt.y) > DRAG_THRESHOLD_PX) this.startDrag(e);
    if (this.dragging) this.pan(now.x - prev.x, now.y - prev.y);
  }

  private onUp(e: PointerEvent): void {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.pointers.size === 0) {
      if (this.dragging) this.swallowClick = e.type === "pointerup";
      this.dragging = false;
      this.downAt = null;
      this.svg.classList.remove("seating-dragging");
    }
    this.pinchDistance = this.pointers.size === 2 ? this.distance() : 0;
  }

  private startDrag(e: PointerEvent): void {
    this.dragging = true;
    this.svg.classList.add("seating-dragging");
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {
      // The pointer may already be gone; panning still works without capture.
    }
  }

  private pan(dxPx: number, dyPx: number): void {
    const k = this.unitsPerPixel();
    this.view = { ...this.view, x: this.view.x - dxPx * k, y: this.view.y - dyPx * k };
    this.apply();
  }

  private midpoint(): Pt {
    const [a, b] = [...this.pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  private distance(): number {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}
