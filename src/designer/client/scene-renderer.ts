/**
 * The designer's renderer: draws the scene into one SVG and decides nothing. It reads a scene and
 * a selection; it never changes them. Drawing goes through src/geometry/seat-plan.ts, the module the
 * SDK draws buyers' maps with: the same scale, section outlines, row marks, GA shapes and stage.
 *
 * Each section is its own small <svg> in a "world" element that the camera moves with one CSS
 * transform, so the browser records and paints a section on its own: a change to one section of a
 * 20,000-seat draft repaints that section only, and a dragged section is moved by a compositor
 * transform (no repaint at all) until the move is committed. Sections and areas are kept per
 * object: a section whose data is the same object as last time keeps its elements.
 */
import type { Booth, Category, GeneralAdmissionArea, Section } from "../../domain/layout";
import {
  OUTLINE_STROKE,
  planScale,
  ringPath,
  sectionOutlines,
  SEAT_RADIUS,
  stageBox,
  type Box,
  type DrawnSeat,
  type PlanSeat,
  type Point,
} from "../../geometry/seat-plan";
import { translationBetween, type Scene } from "../actions";
import type { Selection } from "../editor";
import { boothBox, drawBooth, drawTables, markVenue, previewVenue, unionBox } from "./venue-drawing";
import { say } from "./words";

const NS = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Layout units → screen: screen = world·k + (x, y), world being drawn units (layout units × scale). */
export interface Camera {
  x: number;
  y: number;
  k: number;
}

interface DrawnSection {
  data: Section;
  scale: number;
  /** The section's own <svg> layer, and the group inside it. */
  layer: SVGSVGElement;
  g: SVGGElement;
  seats: Map<string, SVGCircleElement>;
  box: Box;
  /**
   * How far the section has been moved since it was drawn (drawn units), shown by the CSS
   * `translate` of its layer: a committed move redraws nothing (the drop of a dragged 2,000-seat
   * section would otherwise rebuild its 2,000 seats in one frame).
   */
  offset: Point;
}

/** The plan's view of a scene's seats (layout units), in layout order. */
export function planSeats(scene: Scene): PlanSeat[] {
  const out: PlanSeat[] = [];
  for (const s of scene.sections)
    for (const row of s.rows) for (const seat of row.seats) out.push({ x: seat.x ?? 0, y: seat.y ?? 0, section: s.key, row: row.label });
  return out;
}

/** An <svg> placed in world units at `box` (drawing may spill over its edges). */
function layerAt(box: Box, cls: string): SVGSVGElement {
  const pad = 40;
  const [x, y, w, h] = [box.x - pad, box.y - pad, Math.max(1, box.width + 2 * pad), Math.max(1, box.height + 2 * pad)];
  const svg = el("svg", { class: `d-layer ${cls}`, width: w, height: h, viewBox: `${x} ${y} ${w} ${h}`, "aria-hidden": "true" });
  svg.style.left = `${x}px`;
  svg.style.top = `${y}px`;
  return svg;
}

/** Up to this many sections, each is a compositing layer of its own all the time (see prepareDrag). */
const LAYERED_SECTIONS = 200;

const HUGE: Box = { x: -1e5, y: -1e5, width: 2e5, height: 2e5 };

export class Renderer {
  /** The element that takes pointer events and whose box is the view. */
  readonly surface: HTMLElement;
  private readonly world: HTMLDivElement;
  private readonly sectionLayer: HTMLDivElement;
  private readonly highlightLayer: HTMLDivElement;
  /** The selected sections' outlines: small layers of their own, so selecting repaints no seat. */
  private highlights = new Map<string, { data: Section; layer: SVGSVGElement }>();
  private readonly areaLayer: SVGGElement;
  private readonly overlay: SVGGElement;
  private readonly marquee: SVGRectElement;
  private sections = new Map<string, DrawnSection>();
  private areas = new Map<string, { data: GeneralAdmissionArea; scale: number; colour: string; g: SVGGElement }>();
  private stage: SVGGElement | null = null;
  private drawnBooths: { data: readonly Booth[] | null; scale: number; g: SVGGElement } = { data: null, scale: 1, g: el("g", { class: "booths" }) };
  private marked = new Set<string>();
  private lastSections: Section[] | null = null;
  /** Layout units to drawn units, from plan.ts (the SDK's scale for the same seats). */
  scale = 1;
  camera: Camera = { x: 40, y: 40, k: 1 };

  constructor(host: HTMLElement) {
    this.surface = host;
    this.world = document.createElement("div");
    this.world.className = "d-world";
    this.sectionLayer = document.createElement("div");
    this.highlightLayer = document.createElement("div");
    // Areas and the stage are few: one layer each, under and over the sections.
    const areas = layerAt(HUGE, "d-areas");
    this.areaLayer = el("g", { class: "areas" });
    areas.append(this.areaLayer, this.drawnBooths.g);
    const over = layerAt(HUGE, "d-overlay");
    this.overlay = el("g", { class: "overlay" });
    over.append(this.overlay);
    // Highlights lie under the sections: a selected section gets a blue rim around its outline.
    this.world.append(this.highlightLayer, this.sectionLayer, areas, over);
    // The selection rectangle is drawn in screen units over everything.
    const screen = el("svg", { class: "d-screen", "aria-hidden": "true" });
    this.marquee = el("rect", { class: "marquee", x: 0, y: 0, width: 0, height: 0, visibility: "hidden" });
    screen.append(this.marquee);
    host.append(this.world, screen);
  }

  /** Draws `scene` with `selection`: only what changed since the last call is rebuilt. */
  render(scene: Scene, selection: Selection): void {
    if (scene.sections !== this.lastSections) {
      this.scale = scene.sections.length > 0 ? planScale(planSeats(scene)) : 1;
      this.lastSections = scene.sections;
    }
    // Categories are only ever added (a colour never changes), so a section's own data decides its drawing.
    const colours = new Map(scene.categories.map((c) => [c.key, c.color]));
    const alive = new Set<string>();
    let previous: Element | null = null;
    for (const s of scene.sections) {
      alive.add(s.key);
      let drawn = this.sections.get(s.key);
      const moved = drawn && drawn.data !== s && drawn.scale === this.scale ? translationBetween(drawn.data, s) : null;
      if (drawn && moved) {
        drawn.offset = { x: drawn.offset.x + moved.x * this.scale, y: drawn.offset.y + moved.y * this.scale };
        drawn.layer.style.translate = `${drawn.offset.x}px ${drawn.offset.y}px`;
        drawn.data = s;
      }
      if (!drawn || drawn.data !== s || drawn.scale !== this.scale) {
        const fresh = this.drawSection(s, colours);
        if (scene.sections.length <= LAYERED_SECTIONS) fresh.layer.classList.add("d-own-layer");
        if (drawn) drawn.layer.replaceWith(fresh.layer);
        for (const label of drawn?.seats.keys() ?? []) this.marked.delete(label);
        this.sections.set(s.key, fresh);
        drawn = fresh;
      }
      // Keep document order = layout order without moving elements that are already in place.
      const want: Element | null = previous ? previous.nextElementSibling : this.sectionLayer.firstElementChild;
      if (want !== drawn.layer) this.sectionLayer.insertBefore(drawn.layer, want);
      previous = drawn.layer;
    }
    this.renderHighlights(scene, selection);
    for (const [key, drawn] of this.sections)
      if (!alive.has(key)) {
        drawn.layer.remove();
        for (const label of drawn.seats.keys()) this.marked.delete(label);
        this.sections.delete(key);
      }
    this.renderAreas(scene.generalAdmission, colours, selection);
    this.renderBooths(scene, colours);
    this.renderStage(scene.focalPoint);
    this.markSeats(selection.seats);
    markVenue(this.world, selection);
  }

  /** Shows the chosen table or booth moved by (dx, dy) layout units while a drag lasts. */
  previewChosen(selection: Selection, dx: number, dy: number): void {
    previewVenue(this.world, selection, dx * this.scale, dy * this.scale);
  }

  private drawSection(s: Section, colours: Map<string, string>): DrawnSection {
    const k = this.scale;
    const g = el("g", { class: "d-section", "data-section-key": s.key });
    const plan: DrawnSeat[] = [];
    for (const row of s.rows)
      for (const seat of row.seats) plan.push({ x: (seat.x ?? 0) * k, y: (seat.y ?? 0) * k, section: s.key, row: row.label, rowLabel: row.label });
    const seats = new Map<string, SVGCircleElement>();
    let box: Box = { x: 0, y: 0, width: 0, height: 0 };
    const outline = sectionOutlines(plan)[0];
    if (outline) {
      box = outline.box;
      const d = ringPath(outline.ring);
      g.append(
        el("path", { class: "d-edge", d, "stroke-width": OUTLINE_STROKE + 2, "data-section-key": s.key }),
        el("path", { class: "d-fill", d, "stroke-width": OUTLINE_STROKE, "data-section-key": s.key }),
      );
      const name = el("text", { class: "d-section-label", x: outline.labelAt.x, y: outline.labelAt.y, "text-anchor": "middle", "data-section-key": s.key });
      name.textContent = s.label;
      g.append(name);
      for (const m of outline.rows) {
        const t = el("text", { class: "d-row-label", x: m.x, y: m.y + 4, "text-anchor": "middle" });
        t.textContent = m.label;
        g.append(t);
      }
    }
    let i = 0;
    for (const row of s.rows)
      for (const seat of row.seats) {
        const p = plan[i++]!;
        const c = el("circle", {
          class: "d-seat",
          cx: p.x,
          cy: p.y,
          r: SEAT_RADIUS,
          fill: colours.get(seat.categoryKey) ?? "#7a8499",
          "data-label": seat.label,
        });
        seats.set(seat.label, c);
        g.append(c);
      }
    // Tables with their seats and the section's booths (docs/tables.md) are drawn over its rows; the layer covers them too.
    const venueBoxes = drawTables(g, s.tables ?? [], k, colours, seats);
    for (const b of s.booths ?? []) {
      g.append(drawBooth(b, colours.get(b.categoryKey) ?? "#7a8499", k));
      venueBoxes.push(boothBox(b, k));
    }
    if (venueBoxes.length > 0) box = unionBox(outline ? [box, ...venueBoxes] : venueBoxes)!;
    const layer = layerAt(box, "d-section-layer");
    layer.append(g);
    return { data: s, scale: k, layer, g, seats, box, offset: { x: 0, y: 0 } };
  }

  private renderHighlights(scene: Scene, selection: Selection): void {
    for (const [key, h] of this.highlights) {
      const drawn = this.sections.get(key);
      if (selection.sections.has(key) && drawn && drawn.data === h.data) continue;
      h.layer.remove();
      this.highlights.delete(key);
    }
    for (const key of selection.sections) {
      const drawn = this.sections.get(key);
      if (!drawn || this.highlights.has(key)) continue;
      const layer = layerAt(drawn.box, "d-highlight-layer");
      layer.style.translate = drawn.layer.style.translate;
      const d = drawn.g.querySelector(".d-edge")?.getAttribute("d") ?? "";
      layer.append(el("path", { class: "d-highlight", d, "stroke-width": OUTLINE_STROKE + 8 }));
      this.highlightLayer.append(layer);
      this.highlights.set(key, { data: drawn.data, layer });
    }
    void scene;
  }

  private renderAreas(areas: GeneralAdmissionArea[], colours: Map<string, string>, selection: Selection): void {
    const alive = new Set<string>();
    for (const a of areas) {
      alive.add(a.label);
      const colour = colours.get(a.categoryKey) ?? "#7a8499";
      let drawn = this.areas.get(a.label);
      if (!drawn || drawn.data !== a || drawn.scale !== this.scale || drawn.colour !== colour) {
        const g = this.drawArea(a, colour);
        if (drawn) drawn.g.replaceWith(g);
        else this.areaLayer.append(g);
        drawn = { data: a, scale: this.scale, colour, g };
        this.areas.set(a.label, drawn);
      }
      drawn.g.classList.toggle("selected", selection.areas.has(a.label));
    }
    for (const [label, drawn] of this.areas)
      if (!alive.has(label)) {
        drawn.g.remove();
        this.areas.delete(label);
      }
  }

  private drawArea(a: GeneralAdmissionArea, colour: string): SVGGElement {
    const k = this.scale;
    const [x, y, w, h] = [(a.x ?? 0) * k, (a.y ?? 0) * k, (a.width ?? 200) * k, (a.height ?? 110) * k];
    const g = el("g", { class: "d-area", "data-area-label": a.label });
    g.append(
      a.shape === "ellipse"
        ? el("ellipse", { class: "d-area-shape", cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, fill: colour, stroke: colour, "data-area-label": a.label })
        : el("rect", { class: "d-area-shape", x, y, width: w, height: h, rx: 10, fill: colour, stroke: colour, "data-area-label": a.label }),
    );
    const name = el("text", { class: "d-area-name", x: x + w / 2, y: y + h / 2 - 2, "text-anchor": "middle", "data-area-label": a.label });
    name.textContent = a.label;
    const cap = el("text", { class: "d-area-capacity", x: x + w / 2, y: y + h / 2 + 16, "text-anchor": "middle", "data-area-label": a.label });
    cap.textContent = say("drawing.places", { n: a.capacity });
    g.append(name, cap);
    return g;
  }

  /** The booths outside sections: few, so drawn again whenever their list or the scale changes. */
  private renderBooths(scene: Scene, colours: Map<string, string>): void {
    const booths = scene.booths ?? [];
    if (booths === this.drawnBooths.data && this.scale === this.drawnBooths.scale) return;
    this.drawnBooths.g.replaceChildren(...booths.map((b) => drawBooth(b, colours.get(b.categoryKey) ?? "#7a8499", this.scale)));
    this.drawnBooths = { ...this.drawnBooths, data: booths, scale: this.scale };
  }

  private renderStage(focal: Point | undefined): void {
    this.stage?.remove();
    this.stage = null;
    if (!focal) return;
    const b = stageBox(focal, this.scale);
    const g = el("g", { class: "d-stage" });
    g.append(el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 6 }));
    const t = el("text", { x: b.x + b.width / 2, y: b.y + b.height / 2 + 5, "text-anchor": "middle" });
    t.textContent = say("drawing.stage");
    g.append(t);
    this.overlay.append(g);
    this.stage = g;
  }

  /** Marks the selected seats: only the difference from the last marks is touched. */
  private markSeats(seats: ReadonlySet<string>): void {
    const find = (label: string) => {
      for (const d of this.sections.values()) {
        const c = d.seats.get(label);
        if (c) return c;
      }
      return undefined;
    };
    for (const label of this.marked)
      if (!seats.has(label)) {
        find(label)?.classList.remove("sel");
        this.marked.delete(label);
      }
    if (seats.size === 0) return;
    // One lookup table for a large selection rather than a scan of every section per seat.
    const byLabel = seats.size > 50 ? new Map([...this.sections.values()].flatMap((d) => [...d.seats])) : null;
    for (const label of seats) {
      if (this.marked.has(label)) continue;
      const c = byLabel ? byLabel.get(label) : find(label);
      if (!c) continue;
      c.classList.add("sel");
      this.marked.add(label);
    }
  }

  /**
   * Shows sections and areas moved by (dx, dy) layout units while a drag lasts (nothing is
   * changed): a section's layer moves by a CSS transform on its own compositing layer.
   */
  preview(sections: ReadonlySet<string>, areas: ReadonlySet<string>, dx: number, dy: number): void {
    const t = `translate3d(${dx * this.scale}px, ${dy * this.scale}px, 0)`;
    for (const key of sections) for (const layer of [this.sections.get(key)?.layer, this.highlights.get(key)?.layer]) if (layer) layer.style.transform = t;
    const svgT = dx === 0 && dy === 0 ? "" : `translate(${dx * this.scale} ${dy * this.scale})`;
    for (const label of areas) this.areas.get(label)?.g.setAttribute("transform", svgT);
  }

  /**
   * Gives the sections about to be dragged compositing layers of their own before the pointer
   * moves. Sections of a draft with few of them have theirs from the start (CSS translateZ), so a
   * drag never makes the browser repaint the seats around the dragged section.
   */
  prepareDrag(sections: ReadonlySet<string>): void {
    if (this.sections.size <= LAYERED_SECTIONS) return;
    for (const key of sections) {
      const layer = this.sections.get(key)?.layer;
      if (layer) layer.style.transform = "translate3d(0, 0, 0)";
    }
  }

  /** Ends a preview (the committed scene is drawn at its new place by the next render). */
  endPreview(): void {
    for (const d of [...this.sections.values(), ...this.highlights.values()]) d.layer.style.transform = "";
    for (const d of this.areas.values()) d.g.removeAttribute("transform");
    previewVenue(this.world, {}, 0, 0);
  }

  setCamera(cam: Camera): void {
    this.camera = cam;
    this.world.style.transform = `translate(${cam.x}px, ${cam.y}px) scale(${cam.k})`;
  }

  /** Screen (relative to the SVG) → layout units. */
  toLayout(p: Point): Point {
    return { x: (p.x - this.camera.x) / this.camera.k / this.scale, y: (p.y - this.camera.y) / this.camera.k / this.scale };
  }

  /** Draws the selection rectangle between two screen points (null hides it). */
  showMarquee(a: Point | null, b?: Point): void {
    if (!a || !b) {
      this.marquee.setAttribute("visibility", "hidden");
      return;
    }
    this.marquee.setAttribute("visibility", "visible");
    this.marquee.setAttribute("x", String(Math.min(a.x, b.x)));
    this.marquee.setAttribute("y", String(Math.min(a.y, b.y)));
    this.marquee.setAttribute("width", String(Math.abs(a.x - b.x)));
    this.marquee.setAttribute("height", String(Math.abs(a.y - b.y)));
  }

  /** The box of everything drawn, in drawn units (for "Fit to view"). */
  contentBox(): Box | null {
    const boxes: Box[] = [...this.sections.values()].map((d) => ({ ...d.box, x: d.box.x + d.offset.x, y: d.box.y + d.offset.y }));
    for (const d of this.areas.values()) {
      const a = d.data;
      boxes.push({ x: (a.x ?? 0) * this.scale, y: (a.y ?? 0) * this.scale, width: (a.width ?? 200) * this.scale, height: (a.height ?? 110) * this.scale });
    }
    for (const b of this.drawnBooths.data ?? []) boxes.push(boothBox(b, this.scale));
    if (this.stage) {
      const r = this.stage.firstElementChild!;
      boxes.push({
        x: Number(r.getAttribute("x")),
        y: Number(r.getAttribute("y")),
        width: Number(r.getAttribute("width")),
        height: Number(r.getAttribute("height")),
      });
    }
    if (boxes.length === 0) return null;
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
  }
}

/** The colours of categories, for a legend. */
export function categoryColour(categories: Category[], key: string): string {
  return categories.find((c) => c.key === key)?.color ?? "#7a8499";
}
