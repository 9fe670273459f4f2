/**
 * A map of more than 10,000 objects (contract §7 "Large maps"): a canvas draws everything a buyer
 * sees, and a transparent SVG layer above it carries the elements people and assistive technology
 * use: a focusable button per section (Enter or a click zooms in on it), one per GA area, and one
 * per seat for exactly the seats on screen once seats are at least 8 CSS pixels across. The layer
 * moves with a CSS transform and is never painted visibly, so panning costs one canvas frame.
 *
 * The canvas draws small seats pixel by pixel (raster.ts) and large ones as circles; section
 * names and GA areas are drawn at a readable size at every zoom, with the seats' own colours
 * telling free (category colour), held, booked, not for sale and selected apart.
 */
import { centreOn, fit, visibleBox, type Camera, type Size } from "./camera";
import type { AreaShape, MapGeometry } from "./geometry";
import type { MapModel, MapView } from "./map-view";
import { discOffsets, fillRect, pixel, rasterSeat, rasterSeats } from "./raster";
import { buildSeatIndex, seatsIn, type SeatIndex } from "./seat-index";
import { el, paintObject, type ObjectView } from "./svg";
import { Viewport } from "./viewport";

/** Seats at least this wide on screen (CSS px) get elements (contract §7). */
export const CLICKABLE_PX = 8;
/** Time per frame spent creating or removing elements, so zooming in never freezes the page. */
const FRAME_BUDGET_MS = 7;
/** Seats narrower than this (device px) are drawn pixel by pixel; wider ones as anti-aliased circles. */
const RASTER_BELOW_PX = 12;
/** More changed seats than this in one frame: redraw everything rather than patch. */
const MAX_PATCH = 400;

const BACKGROUND = "#f7f8fb";
/** One formatter: toLocaleString() builds a new one per call, which cost 40 ms per frame of labels. */
const COUNT = new Intl.NumberFormat("en-US");
const STATUS_COLOURS = { held: "#c3c8d2", booked: "#8f96a3", not_for_sale: "#e2e5ec", selected: "#1d2330" } as const;

export class LargeMap implements MapView {
  readonly root: SVGSVGElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly overlay: HTMLDivElement;
  private readonly index: SeatIndex;
  private readonly areas: AreaShape[];
  private readonly sectionGroups: SVGGElement[] = [];
  private readonly sectionHits: SVGRectElement[] = [];
  private readonly areaElements = new Map<string, SVGElement>();
  /** Per seat: 0 free, 1 held, 2 booked, 3 not for sale, 4 selected. */
  private readonly status: Uint8Array;
  private readonly colors: Uint32Array;
  private readonly categoryPixel: Uint32Array;
  private readonly freeCount: Int32Array;
  private readonly sectionSize: Int32Array;
  private readonly live = new Map<number, SVGCircleElement>();
  private readonly viewport: Viewport;
  private camera: Camera = { scale: 1, tx: 0, ty: 0 };
  private size: Size = { width: 0, height: 0 };
  private pixels: ImageData | null = null;
  private frame = 0;
  private pump = 0;
  private queue: { remove: number[]; todo: Int32Array; at: number; kept: number[]; keptAt: number } | null = null;
  /** Seats whose colour changed since the last frame; `full` when the next frame must redraw everything. */
  private readonly changed = new Set<number>();
  private full = true;
  private ready = false;
  private focused: Element | null = null;
  private sectionsDirty = true;
  /** Free seats per section as last drawn: a patch must draw the same label text as the frame it patches. */
  private shownFree: Int32Array;
  private countsTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly cleanup: (() => void)[] = [];

  /**
   * `index`: the seats of `geometry` (see {@link LargeMap.indexOf}; built by the caller so that it
   * can be a task of its own). `notFree`: labels whose view may not be "free" now (everything else
   * starts drawn free).
   */
  constructor(
    private readonly stage: HTMLElement,
    private readonly geometry: MapGeometry,
    private readonly model: MapModel,
    index: SeatIndex,
    notFree: Iterable<string> = [],
  ) {
    const doc = stage.ownerDocument;
    this.index = index;
    this.areas = geometry.areas;
    const n = this.index.count;
    this.status = new Uint8Array(n);
    this.colors = new Uint32Array(n);
    this.categoryPixel = new Uint32Array(n);
    this.freeCount = new Int32Array(geometry.sections.length);
    this.sectionSize = new Int32Array(geometry.sections.length);
    this.shownFree = new Int32Array(geometry.sections.length);
    const byCategory = new Map([...model.categories.values()].map((c) => [c.key, pixel(c.color)]));
    const other = pixel("#7a8499");
    for (let i = 0; i < n; i++) {
      const obj = model.objects.get(this.index.labels[i]!);
      this.categoryPixel[i] = byCategory.get(obj?.categoryKey ?? "") ?? other;
      this.colors[i] = this.categoryPixel[i]!;
      const s = this.index.section[i]!;
      if (s >= 0) {
        this.sectionSize[s]++;
        this.freeCount[s]++;
      }
    }

    this.canvas = doc.createElement("canvas");
    this.canvas.className = "seating-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.ctx = this.canvas.getContext("2d", { alpha: false }) as CanvasRenderingContext2D;
    this.overlay = doc.createElement("div");
    this.overlay.className = "seating-overlay";
    const b = geometry.bounds;
    this.root = el(doc, "svg", {
      class: "seating-map seating-map-large",
      role: "group",
      "aria-label": `Seat map of ${model.eventKey}`,
      width: Math.max(1, b.width),
      height: Math.max(1, b.height),
      viewBox: `${b.x} ${b.y} ${Math.max(1, b.width)} ${Math.max(1, b.height)}`,
    });
    geometry.sections.forEach((s, i) => {
      const g = el(doc, "g", { class: "seating-section", "data-section-key": s.key });
      const hit = el(doc, "rect", {
        class: "seating-section-hit",
        "data-section-index": i,
        x: s.x,
        y: s.y,
        width: s.width,
        height: s.height,
        role: "button",
        tabindex: 0,
      });
      g.appendChild(hit);
      this.sectionGroups.push(g);
      this.sectionHits.push(hit);
      this.root.appendChild(g);
    });
    for (const a of this.areas) {
      const obj = model.objects.get(a.label);
      if (!obj) continue;
      const g = el(doc, "g", {
        class: "seating-ga",
        "data-object-label": a.label,
        "data-object-type": "generalAdmission",
        "data-category-key": obj.categoryKey,
        role: "button",
        tabindex: 0,
      });
      g.appendChild(el(doc, "rect", { x: a.x, y: a.y, width: a.width, height: a.height }));
      this.areaElements.set(a.label, g);
      this.root.appendChild(g);
      this.update(a.label);
    }
    for (const label of notFree) this.update(label);
    this.overlay.appendChild(this.root);
    stage.prepend(this.canvas, this.overlay);
    this.updateSectionNames();

    this.listen(this.root, "click", (e) => this.onSectionActivate(e));
    this.listen(this.root, "keydown", (e) => {
      const k = (e as KeyboardEvent).key;
      if (k === "Enter" || k === " " || k === "Spacebar") this.onSectionActivate(e);
    });
    this.listen(this.root, "focusin", (e) => this.onFocus(e.target as Element));
    this.listen(this.root, "focusout", () => {
      this.focused = null;
      this.requestDraw();
    });
    // Focus moving to an element outside the stage would scroll the stage; the camera does that job.
    this.listen(stage, "scroll", () => {
      stage.scrollTop = 0;
      stage.scrollLeft = 0;
    });
    this.viewport = new Viewport(stage, geometry.bounds, (cam, size, moving) => this.apply(cam, size, moving));
    // The first frame is drawn once the chart has applied the status, not twice.
    this.ready = true;
  }

  /** The seat index a LargeMap of `geometry` needs (about 50 ms at 100,000 seats). */
  static indexOf(geometry: MapGeometry, model: MapModel): SeatIndex {
    return buildSeatIndex(geometry, (label) => model.objects.get(label)?.sectionKey);
  }

  update(label: string): void {
    const i = this.index.byLabel.get(label);
    const view = this.model.viewOf(label);
    if (i === undefined) {
      const node = this.areaElements.get(label);
      const obj = this.model.objects.get(label);
      if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), view);
      this.full = true;
      this.requestDraw();
      return;
    }
    const code = statusCode(view);
    const before = this.status[i]!;
    if (code !== before) {
      const s = this.index.section[i]!;
      if (s >= 0) this.freeCount[s] += (code === 0 ? 1 : 0) - (before === 0 ? 1 : 0);
      this.status[i] = code;
      this.colors[i] = code === 0 ? this.categoryPixel[i]! : STATUS_PIXELS[code]!;
      this.changed.add(i);
      // Section counts (on the canvas and in the sections' names) follow a moment later, in one full frame.
      if (!this.sectionsDirty) {
        this.sectionsDirty = true;
        this.countsTimer ??= setTimeout(() => {
          this.countsTimer = null;
          this.full = true;
          this.requestDraw();
        }, 500);
      }
    }
    const node = this.live.get(i);
    const obj = this.model.objects.get(label);
    if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), view);
    this.requestDraw();
  }

  zoomBy(factor: number): void {
    this.viewport.zoomBy(factor);
  }

  reset(): void {
    this.viewport.reset();
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.pump) cancelAnimationFrame(this.pump);
    if (this.countsTimer) clearTimeout(this.countsTimer);
    this.viewport.destroy();
    for (const off of this.cleanup) off();
    this.canvas.remove();
    this.overlay.remove();
  }

  /** Seat diameter in CSS pixels at the current zoom. */
  private seatPx(cam = this.camera): number {
    return this.index.r * 2 * cam.scale;
  }

  private listen(target: EventTarget, type: string, fn: (e: Event) => void): void {
    target.addEventListener(type, fn);
    this.cleanup.push(() => target.removeEventListener(type, fn));
  }

  private apply(cam: Camera, size: Size, moving: boolean): void {
    const same =
      cam.scale === this.camera.scale &&
      cam.tx === this.camera.tx &&
      cam.ty === this.camera.ty &&
      size.width === this.size.width &&
      size.height === this.size.height;
    this.camera = cam;
    // The "settled" call after a gesture repeats the last camera: only the elements need work then.
    if (same && this.ready) {
      if (!moving) this.materialize(false);
      return;
    }
    if (size.width !== this.size.width || size.height !== this.size.height) {
      this.size = size;
      const dpr = globalThis.devicePixelRatio || 1;
      this.canvas.width = Math.max(1, Math.round(size.width * dpr));
      this.canvas.height = Math.max(1, Math.round(size.height * dpr));
      this.pixels = null;
    }
    const b = this.geometry.bounds;
    this.overlay.style.transform = `matrix(${cam.scale},0,0,${cam.scale},${cam.tx + b.x * cam.scale},${cam.ty + b.y * cam.scale})`;
    this.full = true;
    if (this.ready) this.draw();
    else this.requestDraw();
    if (!moving) this.materialize(false);
  }

  private requestDraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.full || this.changed.size > MAX_PATCH) this.draw();
      else this.patch();
    });
  }

  // ---- elements ------------------------------------------------------------------------------

  /**
   * Makes the seat elements match what is on screen: every seat drawn at least CLICKABLE_PX wide
   * gets one, others lose theirs (except the focused one). New elements go into their section's
   * group in seat order, so Tab walks a section row by row. Created a few hundred per frame unless
   * `now` (after a keyboard zoom, whose next focus needs the elements at once).
   */
  private materialize(now: boolean, cam = this.camera): void {
    const want = this.seatPx(cam) >= CLICKABLE_PX ? seatsIn(this.index, this.margin(visibleBox(cam, this.size))) : new Int32Array(0);
    const wanted = new Set(want);
    const remove: number[] = [];
    for (const [i, node] of this.live) if (!wanted.has(i) && node !== this.focused) remove.push(i);
    const leaving = new Set(remove);
    const todo = want.filter((i) => !this.live.has(i));
    const kept = [...this.live.keys()].filter((i) => !leaving.has(i)).sort((a, b) => a - b);
    this.queue = { remove, todo, at: 0, kept, keptAt: 0 };
    for (const hit of this.sectionHits) hit.setAttribute("pointer-events", want.length > 0 ? "none" : "all");
    if (now) this.work(Infinity);
    else if (!this.pump) this.pump = requestAnimationFrame(() => this.runPump());
  }

  private runPump(): void {
    this.pump = 0;
    if (this.work(FRAME_BUDGET_MS)) this.pump = requestAnimationFrame(() => this.runPump());
  }

  /** Creates queued elements for up to `budgetMs`; true when some are left. */
  private work(budgetMs: number): boolean {
    const q = this.queue;
    if (!q) return false;
    const started = performance.now();
    const doc = this.stage.ownerDocument;
    while (q.remove.length > 0) {
      if ((q.remove.length & 63) === 0 && performance.now() - started > budgetMs) return true;
      const i = q.remove.pop()!;
      this.live.get(i)?.remove();
      this.live.delete(i);
    }
    while (q.at < q.todo.length) {
      if ((q.at & 63) === 0 && performance.now() - started > budgetMs) return true;
      const i = q.todo[q.at++]!;
      if (this.live.has(i)) continue;
      while (q.keptAt < q.kept.length && q.kept[q.keptAt]! < i) q.keptAt++;
      const label = this.index.labels[i]!;
      const obj = this.model.objects.get(label);
      const s = this.index.section[i]!;
      const group = this.sectionGroups[s] ?? this.root;
      const node = el(doc, "circle", {
        class: "seating-seat",
        cx: this.index.cx[i]!,
        cy: this.index.cy[i]!,
        r: this.index.r,
        "data-object-label": label,
        "data-object-type": "seat",
        "data-category-key": obj?.categoryKey ?? "",
        role: "button",
        tabindex: 0,
      });
      if (obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), this.model.viewOf(label));
      const next = q.keptAt < q.kept.length ? this.live.get(q.kept[q.keptAt]!) : undefined;
      if (next && next.parentNode === group) group.insertBefore(node, next);
      else group.appendChild(node);
      this.live.set(i, node);
    }
    this.queue = null;
    return false;
  }

  private margin(box: { x: number; y: number; width: number; height: number }) {
    const m = this.index.r * 2;
    return { x: box.x - m, y: box.y - m, width: box.width + 2 * m, height: box.height + 2 * m };
  }

  private onSectionActivate(e: Event): void {
    const hit = (e.target as Element | null)?.closest?.(".seating-section-hit");
    if (!hit) return;
    e.preventDefault();
    const s = this.geometry.sections[Number(hit.getAttribute("data-section-index"))];
    if (!s) return;
    // The whole section on screen, and never so far out that its seats are too small to click.
    const cam = fit(s, this.size, this.index.r * 2);
    const scale = Math.min(this.viewport.maxScale(), Math.max(cam.scale, (CLICKABLE_PX * 1.25) / (this.index.r * 2)));
    const target = scale === cam.scale ? cam : centreOn(s.x + s.width / 2, s.y + s.height / 2, scale, this.size);
    this.viewport.set(target);
    // The elements for the new view at once (the focus goes to one next); the canvas follows on the next frame.
    this.materialize(true, target);
    if (e.type === "keydown") {
      const first = [...this.live.entries()]
        .filter(([i]) => this.index.section[i] === Number(hit.getAttribute("data-section-index")))
        .sort((a, b) => a[0] - b[0])[0];
      first?.[1].focus({ preventScroll: true });
    }
  }

  /** Keeps the focused element on screen (Tab may reach a seat at the edge) and draws its ring. */
  private onFocus(target: Element): void {
    this.focused = target;
    const label = target.getAttribute("data-object-label");
    const i = label ? this.index.byLabel.get(label) : undefined;
    if (i !== undefined) {
      const x = this.index.cx[i]! * this.camera.scale + this.camera.tx;
      const y = this.index.cy[i]! * this.camera.scale + this.camera.ty;
      const pad = 24;
      if (x < pad || y < pad || x > this.size.width - pad || y > this.size.height - pad) {
        this.viewport.set(centreOn(this.index.cx[i]!, this.index.cy[i]!, this.camera.scale, this.size));
      }
    }
    this.requestDraw();
  }

  private updateSectionNames(): void {
    this.sectionsDirty = false;
    this.geometry.sections.forEach((s, i) => {
      const free = this.freeCount[i]!;
      const total = this.sectionSize[i]!;
      this.sectionHits[i]!.setAttribute(
        "aria-label",
        `${s.label}: ${COUNT.format(free)} of ${COUNT.format(total)} seats available. Press Enter to show its seats.`,
      );
    });
  }

  // ---- drawing -------------------------------------------------------------------------------

  private draw(): void {
    if (this.sectionsDirty) this.updateSectionNames();
    this.shownFree.set(this.freeCount);
    const { ctx } = this;
    const dpr = this.canvas.width / Math.max(1, this.size.width);
    const cam = this.camera;
    const dev: Camera = { scale: cam.scale * dpr, tx: cam.tx * dpr, ty: cam.ty * dpr };
    const seatDev = this.seatPx() * dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.full = false;
    this.changed.clear();
    if (seatDev < RASTER_BELOW_PX) this.drawSmallSeats(dev, seatDev);
    else this.drawLargeSeats(dev);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawAreas(cam);
    this.drawLabels(cam);
    this.drawFocus(cam);
  }

  /**
   * Redraws only the seats that changed (a click, another buyer's hold): each seat's square is
   * repainted, then everything drawn over seats (labels, areas, focus) again inside those squares.
   * A seat change costs well under a millisecond instead of a full frame of 100,000 seats.
   */
  private patch(): void {
    const { ctx } = this;
    const dpr = this.canvas.width / Math.max(1, this.size.width);
    const cam = this.camera;
    const dev: Camera = { scale: cam.scale * dpr, tx: cam.tx * dpr, ty: cam.ty * dpr };
    const seatDev = this.seatPx() * dpr;
    const rects: [number, number, number, number][] = [];
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (seatDev < RASTER_BELOW_PX && this.pixels) {
      const px = { data: new Uint32Array(this.pixels.data.buffer), width: this.pixels.width, height: this.pixels.height };
      const offsets = discOffsets(Math.max(seatDev, Math.min(2, seatDev * 1.3)));
      for (const i of this.changed) {
        const [x0, y0, x1, y1] = rasterSeat(px, this.index, i, this.colors[i]!, dev, offsets);
        ctx.putImageData(this.pixels, 0, 0, x0, y0, x1 - x0, y1 - y0);
        rects.push([x0, y0, x1, y1]);
      }
    } else {
      const reach = this.index.r * dev.scale + Math.max(2, this.index.r * dev.scale * 0.35) + 1;
      for (const i of this.changed) {
        const x = this.index.cx[i]! * dev.scale + dev.tx;
        const y = this.index.cy[i]! * dev.scale + dev.ty;
        const rect: [number, number, number, number] = [Math.floor(x - reach), Math.floor(y - reach), Math.ceil(x + reach), Math.ceil(y + reach)];
        ctx.save();
        ctx.beginPath();
        ctx.rect(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]);
        ctx.clip();
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]);
        const m = (reach * 2) / dev.scale;
        this.drawCircles(seatsIn(this.index, { x: this.index.cx[i]! - m, y: this.index.cy[i]! - m, width: 2 * m, height: 2 * m }), dev);
        ctx.restore();
        rects.push(rect);
      }
    }
    this.changed.clear();
    if (rects.length === 0) return;
    ctx.save();
    ctx.beginPath();
    for (const [x0, y0, x1, y1] of rects) ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawAreas(cam);
    this.drawLabels(cam);
    this.drawFocus(cam);
    ctx.restore();
  }

  /** Section blocks and seats straight into the pixel buffer. */
  private drawSmallSeats(dev: Camera, seatDev: number): void {
    const w = this.canvas.width;
    const h = this.canvas.height;
    if (!this.pixels || this.pixels.width !== w || this.pixels.height !== h) this.pixels = this.ctx.createImageData(w, h);
    const px = { data: new Uint32Array(this.pixels.data.buffer), width: w, height: h };
    px.data.fill(pixel(BACKGROUND));
    const border = pixel("#dde1ea");
    const white = pixel("#ffffff");
    for (const s of this.geometry.sections) {
      const x0 = s.x * dev.scale + dev.tx;
      const y0 = s.y * dev.scale + dev.ty;
      const x1 = (s.x + s.width) * dev.scale + dev.tx;
      const y1 = (s.y + s.height) * dev.scale + dev.ty;
      fillRect(px, x0, y0, x1, y1, border);
      fillRect(px, x0 + 1, y0 + 1, x1 - 1, y1 - 1, white);
    }
    // Seats of a pixel or two get two pixels (their pitch is about 1.3 diameters), so colours stay visible at full view.
    rasterSeats(px, this.index, this.colors, dev, Math.max(seatDev, Math.min(2, seatDev * 1.3)));
    this.ctx.putImageData(this.pixels, 0, 0);
  }

  /** Section blocks and the seats on screen as circles. */
  private drawLargeSeats(dev: Camera): void {
    const { ctx } = this;
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.fillStyle = "#ffffff";
    ctx.strokeStyle = "#dde1ea";
    ctx.lineWidth = 1;
    for (const s of this.geometry.sections) {
      const x = s.x * dev.scale + dev.tx;
      const y = s.y * dev.scale + dev.ty;
      ctx.beginPath();
      ctx.rect(x, y, s.width * dev.scale, s.height * dev.scale);
      ctx.fill();
      ctx.stroke();
    }
    const box = visibleBox(dev, { width: this.canvas.width, height: this.canvas.height });
    this.drawCircles(seatsIn(this.index, this.margin(box)), dev);
  }

  /** `seats` as circles in device pixels, one path per colour, with a ring on the buyer's own. */
  private drawCircles(seats: Int32Array, dev: Camera): void {
    const { ctx } = this;
    const r = this.index.r * dev.scale;
    const byColour = new Map<string, number[]>();
    const mine: number[] = [];
    for (const i of seats) {
      const code = this.status[i]!;
      const colour = code === 0 || code === 4 ? this.categoryColour(i) : STATUS_HEX[code]!;
      let list = byColour.get(colour);
      if (!list) byColour.set(colour, (list = []));
      list.push(i);
      if (code === 4) mine.push(i);
    }
    for (const [colour, list] of byColour) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const i of list) {
        const x = this.index.cx[i]! * dev.scale + dev.tx;
        const y = this.index.cy[i]! * dev.scale + dev.ty;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    if (mine.length > 0) {
      ctx.strokeStyle = STATUS_COLOURS.selected;
      ctx.lineWidth = Math.max(2, r * 0.35);
      ctx.beginPath();
      for (const i of mine) {
        const x = this.index.cx[i]! * dev.scale + dev.tx;
        const y = this.index.cy[i]! * dev.scale + dev.ty;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      ctx.stroke();
    }
  }

  private categoryColour(i: number): string {
    const obj = this.model.objects.get(this.index.labels[i]!);
    return this.model.categories.get(obj?.categoryKey ?? "")?.color ?? "#7a8499";
  }

  /** GA areas: the block in its category colour, its name and what is left, legible at any zoom. */
  private drawAreas(cam: Camera): void {
    const { ctx } = this;
    for (const a of this.areas) {
      const obj = this.model.objects.get(a.label);
      if (!obj) continue;
      const view = this.model.viewOf(a.label);
      const colour = this.model.categories.get(obj.categoryKey)?.color ?? "#7a8499";
      const x = a.x * cam.scale + cam.tx;
      const y = a.y * cam.scale + cam.ty;
      const w = a.width * cam.scale;
      const h = a.height * cam.scale;
      const taken = view.status !== "free" && view.status !== "selected";
      ctx.globalAlpha = view.status === "selected" ? 0.45 : 0.22;
      ctx.fillStyle = taken ? STATUS_COLOURS.held : colour;
      ctx.fillRect(x, y, w, h);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = view.status === "selected" ? STATUS_COLOURS.selected : taken ? STATUS_COLOURS.booked : colour;
      ctx.lineWidth = view.status === "selected" ? 3 : 2;
      ctx.strokeRect(x, y, w, h);
      const size = Math.max(11, Math.min(28, h * 0.22, w / Math.max(6, (obj.label ?? a.label).length) / 0.6));
      const remaining = view.remaining ?? obj.remaining ?? 0;
      const capacity = view.capacity ?? obj.capacity ?? 0;
      const lines = [
        obj.label ?? a.label,
        remaining > 0 ? `${remaining} of ${capacity} left${view.quantity ? ` · you hold ${view.quantity}` : ""}` : "Sold out",
      ];
      this.text(lines[0]!, x + w / 2, y + h / 2 - size * 0.2, `600 ${size}px system-ui, sans-serif`, "#1d2330", "center");
      this.text(lines[1]!, x + w / 2, y + h / 2 + size * 0.95, `${Math.max(10, size * 0.75)}px system-ui, sans-serif`, "#4a5263", "center");
    }
  }

  /** Section names (readable at every zoom) with their free seats, and row labels once legible. */
  private drawLabels(cam: Camera): void {
    const { ctx } = this;
    const bandPx = 36 * cam.scale;
    const rowPx = 10 * cam.scale;
    this.geometry.sections.forEach((s, i) => {
      const x = s.x * cam.scale + cam.tx;
      const y = s.y * cam.scale + cam.ty;
      const w = s.width * cam.scale;
      const h = s.height * cam.scale;
      if (x > this.size.width || y > this.size.height || x + w < 0 || y + h < 0) return;
      const free = `${COUNT.format(this.shownFree[i]!)} free`;
      if (bandPx >= 16) {
        const size = Math.min(22, 13 * cam.scale);
        this.text(`${s.label} · ${free}`, x + 10 * cam.scale, y + 18 * cam.scale, `600 ${size}px system-ui, sans-serif`, "#4a5263", "left");
      } else if (w >= 36) {
        const size = Math.max(10, Math.min(14, w / 9));
        ctx.font = `600 ${size}px system-ui, sans-serif`;
        const tw = Math.max(ctx.measureText(s.label).width, ctx.measureText(free).width);
        // Opaque, so that redrawing it over a patched seat gives the same pixels.
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(x + w / 2 - tw / 2 - 4, y + h / 2 - size * 1.15, tw + 8, size * 2.5);
        this.text(s.label, x + w / 2, y + h / 2 - size * 0.1, `600 ${size}px system-ui, sans-serif`, "#1d2330", "center");
        this.text(free, x + w / 2, y + h / 2 + size * 1.05, `${size * 0.85}px system-ui, sans-serif`, "#4a5263", "center");
      }
      if (rowPx >= 8) {
        for (const r of s.rows) {
          if (!r.label) continue;
          this.text(
            r.label,
            r.x * cam.scale + cam.tx,
            r.y * cam.scale + cam.ty + rowPx * 0.35,
            `${Math.min(16, rowPx)}px system-ui, sans-serif`,
            "#8a93a6",
            "center",
          );
        }
      }
    });
  }

  private text(t: string, x: number, y: number, font: string, colour: string, align: CanvasTextAlign): void {
    const { ctx } = this;
    ctx.font = font;
    ctx.fillStyle = colour;
    ctx.textAlign = align;
    ctx.fillText(t, x, y);
  }

  /** The keyboard focus ring, drawn here because the elements themselves are invisible. */
  private drawFocus(cam: Camera): void {
    const f = this.focused;
    if (!f) return;
    const { ctx } = this;
    ctx.strokeStyle = "#ff9f1c";
    ctx.lineWidth = 3;
    const label = f.getAttribute("data-object-label");
    const i = label ? this.index.byLabel.get(label) : undefined;
    if (i !== undefined) {
      ctx.beginPath();
      ctx.arc(this.index.cx[i]! * cam.scale + cam.tx, this.index.cy[i]! * cam.scale + cam.ty, this.index.r * cam.scale + 3, 0, Math.PI * 2);
      ctx.stroke();
      return;
    }
    const box = label ? this.areas.find((a) => a.label === label) : this.geometry.sections[Number(f.getAttribute("data-section-index"))];
    if (box) ctx.strokeRect(box.x * cam.scale + cam.tx - 2, box.y * cam.scale + cam.ty - 2, box.width * cam.scale + 4, box.height * cam.scale + 4);
  }
}

const STATUS_HEX = [null, STATUS_COLOURS.held, STATUS_COLOURS.booked, STATUS_COLOURS.not_for_sale, STATUS_COLOURS.selected] as const;
const STATUS_PIXELS = STATUS_HEX.map((hex) => (hex ? pixel(hex) : 0));

function statusCode(view: ObjectView): number {
  switch (view.status) {
    case "held":
      return 1;
    case "booked":
      return 2;
    case "not_for_sale":
      return 3;
    case "selected":
      return 4;
    default:
      return 0;
  }
}
