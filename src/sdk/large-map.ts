/**
 * A map of more than 10,000 objects (docs/sdk.md#large-maps-more-than-10000-objects): a canvas draws everything a buyer
 * sees, and a transparent SVG layer above it carries the elements people and assistive technology
 * use: a focusable button per section (Enter or a click zooms in on it), one per GA area, and one
 * per seat for exactly the seats on screen once seats are at least 8 CSS pixels across. The layer
 * moves with a CSS transform and is never painted visibly, so panning costs one canvas frame.
 *
 * This file keeps the state (per-seat columns, the camera) and the elements; the canvas is drawn
 * by large-map-paint.ts.
 */
import { centreOn, fit, visibleBox, type Camera, type Size } from "./camera";
import type { AreaShape, MapGeometry } from "../geometry/object-placement";
import { MapPainter, margin, STATUS_PIXELS, statusCode, type PaintView } from "./large-map-paint";
import type { MapModel, MapView } from "./map-view";
import { pixel } from "./raster";
import { buildSeatGrid, seatsIn, type SeatGrid } from "./seat-grid";
import { el, objectAttrs, paintObject } from "./svg";
import { Viewport } from "./viewport";

/** Seats at least this wide on screen (CSS px) get elements (docs/sdk.md). */
export const CLICKABLE_PX = 8;
/** Time per frame spent creating or removing elements, so zooming in never freezes the page. */
const FRAME_BUDGET_MS = 7;
/** More changed seats than this in one frame: redraw everything rather than patch. */
const MAX_PATCH = 400;

export class LargeMap implements MapView {
  readonly root: SVGSVGElement;
  private readonly painter: MapPainter;
  private readonly overlay: HTMLDivElement;
  private readonly grid: SeatGrid;
  private readonly areas: AreaShape[];
  private readonly sectionGroups: SVGGElement[] = [];
  private readonly sectionHits: SVGRectElement[] = [];
  private readonly areaElements = new Map<string, SVGElement>();
  /** The tables' elements now on screen (also in areaElements, which update() paints). */
  private readonly tableElements = new Map<string, SVGElement>();
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
   * `grid`: the seats of `geometry` (see {@link LargeMap.gridOf}; built by the caller so that it
   * can be a task of its own). `notFree`: labels whose view may not be "free" now (everything else
   * starts drawn free).
   */
  constructor(
    private readonly stage: HTMLElement,
    private readonly geometry: MapGeometry,
    private readonly model: MapModel,
    grid: SeatGrid,
    notFree: Iterable<string> = [],
  ) {
    const doc = stage.ownerDocument;
    this.grid = grid;
    this.areas = geometry.areas;
    const n = this.grid.count;
    this.status = new Uint8Array(n);
    this.colors = new Uint32Array(n);
    this.categoryPixel = new Uint32Array(n);
    this.freeCount = new Int32Array(geometry.sections.length);
    this.sectionSize = new Int32Array(geometry.sections.length);
    this.shownFree = new Int32Array(geometry.sections.length);
    const byCategory = new Map([...model.categories.values()].map((c) => [c.key, pixel(c.color)]));
    const other = pixel("#7a8499");
    for (let i = 0; i < n; i++) {
      const obj = model.objects.get(this.grid.labels[i]!);
      this.categoryPixel[i] = byCategory.get(obj?.categoryKey ?? "") ?? other;
      this.colors[i] = this.categoryPixel[i]!;
      const s = this.grid.section[i]!;
      if (s >= 0) {
        this.sectionSize[s]++;
        this.freeCount[s]++;
      }
    }

    this.painter = new MapPainter(doc, { geometry, grid, model, status: this.status, colors: this.colors, shownFree: this.shownFree });
    this.overlay = doc.createElement("div");
    this.overlay.className = "seating-overlay";
    const b = geometry.bounds;
    this.root = el(doc, "svg", {
      class: "seating-map seating-map-large",
      role: "group",
      "aria-label": model.words.t("map.name", { event: model.eventKey }),
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
      const g = el(doc, "g", { class: "seating-ga", ...objectAttrs(a.label, "generalAdmission", obj.categoryKey) });
      g.appendChild(el(doc, "rect", { x: a.x, y: a.y, width: a.width, height: a.height }));
      this.areaElements.set(a.label, g);
      this.root.appendChild(g);
      this.update(a.label);
    }
    // Booths are buttons of their own over the canvas, as GA areas are; tables get theirs with their
    // seats, once drawn big enough to click (materialize), so a map of 5,000 tables paints as fast.
    for (const b of geometry.booths) {
      const obj = model.objects.get(b.label);
      if (!obj) continue;
      const g = el(doc, "g", { class: "seating-booth", ...objectAttrs(b.label, "booth", obj.categoryKey) });
      g.append(el(doc, "rect", { class: "seating-booth-shape", x: b.x, y: b.y, width: b.width, height: b.height }), el(doc, "title", {}));
      this.areaElements.set(b.label, g);
      this.root.appendChild(g);
      this.paintElement(b.label);
    }
    for (const label of notFree) this.update(label);
    this.overlay.appendChild(this.root);
    stage.prepend(this.painter.canvas, this.overlay);
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

  /** The seat grid a LargeMap of `geometry` needs (about 50 ms at 100,000 seats). */
  static gridOf(geometry: MapGeometry, model: MapModel): SeatGrid {
    return buildSeatGrid(geometry, (label) => {
      const o = model.objects.get(label);
      return o?.objectType === "seat" ? o.sectionKey : undefined;
    });
  }

  /** Names and marks a table's or booth's element (the canvas draws it). */
  private paintElement(label: string): void {
    const node = this.areaElements.get(label);
    const obj = this.model.objects.get(label);
    if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), this.model.viewOf(label), this.model.words, this.model.venue);
  }

  update(label: string): void {
    const i = this.grid.byLabel.get(label);
    const view = this.model.viewOf(label);
    if (i === undefined) {
      const node = this.areaElements.get(label);
      const obj = this.model.objects.get(label);
      if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), view, this.model.words, this.model.venue);
      this.full = true;
      this.requestDraw();
      return;
    }
    const code = statusCode(view);
    const before = this.status[i]!;
    if (code !== before) {
      const s = this.grid.section[i]!;
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
    if (node && obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), view, this.model.words, this.model.venue);
    this.requestDraw();
  }

  zoomBy(factor: number): void {
    this.viewport.zoomBy(factor);
  }

  reset(): void {
    this.viewport.reset();
  }

  seatPixels(): number {
    return 2 * this.grid.r * this.viewport.camera.scale;
  }

  zoomToSeats(px: number, clientX: number, clientY: number): void {
    this.viewport.zoomTo(px / (2 * this.grid.r), { x: clientX, y: clientY });
  }

  zoomToZone(sectionKeys: ReadonlySet<string>): boolean {
    const box = this.model.venue?.zoneBox(this.geometry, this.model.objects, sectionKeys) ?? null;
    if (box) this.viewport.show(box);
    return box !== null;
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.pump) cancelAnimationFrame(this.pump);
    if (this.countsTimer) clearTimeout(this.countsTimer);
    this.viewport.destroy();
    for (const off of this.cleanup) off();
    this.painter.canvas.remove();
    this.overlay.remove();
  }

  /** Seat diameter in CSS pixels at the current zoom. */
  private seatPx(cam = this.camera): number {
    return this.grid.r * 2 * cam.scale;
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
      this.painter.resize(size);
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
    const want = this.seatPx(cam) >= CLICKABLE_PX ? seatsIn(this.grid, margin(this.grid, visibleBox(cam, this.size))) : new Int32Array(0);
    const wanted = new Set(want);
    const remove: number[] = [];
    for (const [i, node] of this.live) if (!wanted.has(i) && node !== this.focused) remove.push(i);
    const leaving = new Set(remove);
    const todo = want.filter((i) => !this.live.has(i));
    const kept = [...this.live.keys()].filter((i) => !leaving.has(i)).sort((a, b) => a - b);
    this.queue = { remove, todo, at: 0, kept, keptAt: 0 };
    for (const hit of this.sectionHits) hit.setAttribute("pointer-events", want.length > 0 ? "none" : "all");
    this.materializeTables(want.length > 0, cam);
    if (now) this.work(Infinity);
    else if (!this.pump) this.pump = requestAnimationFrame(() => this.runPump());
  }

  /** Table elements for the tables on screen while seats are clickable; none otherwise (but the focused one). */
  private materializeTables(clickable: boolean, cam: Camera): void {
    if (this.geometry.tables.length === 0) return;
    const v = clickable ? visibleBox(cam, this.size) : null;
    const doc = this.root.ownerDocument;
    for (const t of this.geometry.tables) {
      const on = v !== null && t.cx + t.width > v.x && t.cx - t.width < v.x + v.width && t.cy + t.height > v.y && t.cy - t.height < v.y + v.height;
      const node = this.tableElements.get(t.label);
      if (on && !node) {
        const obj = this.model.objects.get(t.label);
        if (!obj) continue;
        const g = el(doc, "g", { class: "seating-table", ...objectAttrs(t.label, "table", obj.categoryKey) });
        g.appendChild(
          t.shape === "round"
            ? el(doc, "circle", { class: "seating-table-top", cx: t.cx, cy: t.cy, r: t.width / 2 })
            : el(doc, "rect", { class: "seating-table-top", x: t.cx - t.width / 2, y: t.cy - t.height / 2, width: t.width, height: t.height }),
        );
        this.tableElements.set(t.label, g);
        this.areaElements.set(t.label, g);
        this.root.appendChild(g);
        this.paintElement(t.label);
      } else if (!on && node && node !== this.focused) {
        node.remove();
        this.tableElements.delete(t.label);
        this.areaElements.delete(t.label);
      }
    }
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
      const label = this.grid.labels[i]!;
      const obj = this.model.objects.get(label);
      const s = this.grid.section[i]!;
      const group = this.sectionGroups[s] ?? this.root;
      const node = el(doc, "circle", {
        class: "seating-seat",
        cx: this.grid.cx[i]!,
        cy: this.grid.cy[i]!,
        r: this.grid.r,
        ...objectAttrs(label, "seat", obj?.categoryKey ?? ""),
      });
      if (obj) paintObject(node, obj, this.model.categories.get(obj.categoryKey), this.model.viewOf(label), this.model.words, this.model.venue);
      const next = q.keptAt < q.kept.length ? this.live.get(q.kept[q.keptAt]!) : undefined;
      if (next && next.parentNode === group) group.insertBefore(node, next);
      else group.appendChild(node);
      this.live.set(i, node);
    }
    this.queue = null;
    return false;
  }

  private onSectionActivate(e: Event): void {
    const hit = (e.target as Element | null)?.closest?.(".seating-section-hit");
    if (!hit) return;
    e.preventDefault();
    const s = this.geometry.sections[Number(hit.getAttribute("data-section-index"))];
    if (!s) return;
    // The whole section on screen, and never so far out that its seats are too small to click.
    const cam = fit(s, this.size, this.grid.r * 2);
    const scale = Math.min(this.viewport.maxScale(), Math.max(cam.scale, (CLICKABLE_PX * 1.25) / (this.grid.r * 2)));
    const target = scale === cam.scale ? cam : centreOn(s.x + s.width / 2, s.y + s.height / 2, scale, this.size);
    this.viewport.set(target);
    // The elements for the new view at once (the focus goes to one next); the canvas follows on the next frame.
    this.materialize(true, target);
    if (e.type === "keydown") {
      const first = [...this.live.entries()]
        .filter(([i]) => this.grid.section[i] === Number(hit.getAttribute("data-section-index")))
        .sort((a, b) => a[0] - b[0])[0];
      first?.[1].focus({ preventScroll: true });
    }
  }

  /** Keeps the focused element on screen (Tab may reach a seat at the edge) and draws its ring. */
  private onFocus(target: Element): void {
    this.focused = target;
    const label = target.getAttribute("data-object-label");
    const i = label ? this.grid.byLabel.get(label) : undefined;
    if (i !== undefined) {
      const x = this.grid.cx[i]! * this.camera.scale + this.camera.tx;
      const y = this.grid.cy[i]! * this.camera.scale + this.camera.ty;
      const pad = 24;
      if (x < pad || y < pad || x > this.size.width - pad || y > this.size.height - pad) {
        this.viewport.set(centreOn(this.grid.cx[i]!, this.grid.cy[i]!, this.camera.scale, this.size));
      }
    }
    this.requestDraw();
  }

  private updateSectionNames(): void {
    this.sectionsDirty = false;
    this.geometry.sections.forEach((s, i) => {
      const free = this.freeCount[i]!;
      const total = this.sectionSize[i]!;
      this.sectionHits[i]!.setAttribute("aria-label", this.model.words.t("map.sectionBlock", { section: s.label, free, total }));
    });
  }

  // ---- drawing -------------------------------------------------------------------------------

  private draw(): void {
    if (this.sectionsDirty) this.updateSectionNames();
    this.shownFree.set(this.freeCount);
    this.full = false;
    this.changed.clear();
    this.painter.full(this.view());
  }

  private patch(): void {
    this.painter.patch(this.view(), this.changed);
    this.changed.clear();
  }

  private view(): PaintView {
    return { camera: this.camera, size: this.size, focused: this.focused };
  }
}
