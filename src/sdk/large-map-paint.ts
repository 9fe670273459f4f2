/**
 * The canvas of a large map (large-map.ts): it draws every frame from the map's columns (seat
 * positions, colours, statuses) and a camera, and patches single seats between frames. Drawing
 * only: it decides nothing and touches no element.
 *
 * Small seats are written pixel by pixel (raster.ts), larger ones as anti-aliased circles; section
 * names and GA areas are drawn at a readable size at every zoom, and the seats' own colours tell
 * free (category colour), held, booked, not for sale and selected apart.
 */
import { visibleBox, type Camera, type Size } from "./camera";
import { OUTLINE_STROKE } from "../geometry/seat-plan";
import type { Box, MapGeometry } from "../geometry/object-placement";
import type { MapModel } from "./map-view";
import { discOffsets, fillRect, pixel, rasterSeat, rasterSeats } from "./raster";
import { seatsIn, type SeatGrid } from "./seat-grid";
import { drawTablesAndBooths, rasterTables } from "./large-map-venue";
import { markOf, paintMark } from "./seat-marks";
import type { ObjectView } from "./map-view";
import { areaCounts } from "./area-counts";

/** Seats narrower than this (device px) are drawn pixel by pixel; wider ones as anti-aliased circles. */
const RASTER_BELOW_PX = 12;
const BACKGROUND = "#f7f8fb";
const STATUS_COLOURS = { held: "#c3c8d2", booked: "#8f96a3", not_for_sale: "#e2e5ec", selected: "#1d2330", unavailable: "#b4bdcf" } as const;

/** What a frame reads that lives as long as the map (the arrays are the map's own, shared). */
export interface PaintModel {
  geometry: MapGeometry;
  grid: SeatGrid;
  model: MapModel;
  /** Per seat: 0 free, 1 held, 2 booked, 3 not for sale, 4 selected, 5 not available here ({@link statusCode}). */
  status: Uint8Array;
  /** Per seat: its pixel colour now. */
  colors: Uint32Array;
  /** Free seats per section as the labels show them. */
  shownFree: Int32Array;
}

/** What changes from frame to frame. */
export interface PaintView {
  camera: Camera;
  size: Size;
  /** The element with the keyboard focus, whose ring is drawn here (the elements are invisible). */
  focused: Element | null;
}

/** The box around `box` by one seat diameter: seats partly on screen count as on screen. */
export function margin(grid: SeatGrid, box: Box): Box {
  const m = grid.r * 2;
  return { x: box.x - m, y: box.y - m, width: box.width + 2 * m, height: box.height + 2 * m };
}

export class MapPainter {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private pixels: ImageData | null = null;

  constructor(
    doc: Document,
    private readonly s: PaintModel,
  ) {
    this.canvas = doc.createElement("canvas");
    this.canvas.className = "seating-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.ctx = this.canvas.getContext("2d", { alpha: false }) as CanvasRenderingContext2D;
  }

  /** Sizes the canvas for a stage of `size` CSS pixels at the device's pixel ratio. */
  resize(size: Size): void {
    const dpr = globalThis.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(size.width * dpr));
    this.canvas.height = Math.max(1, Math.round(size.height * dpr));
    this.pixels = null;
  }

  /** A whole frame. */
  full(v: PaintView): void {
    const { ctx } = this;
    const dpr = this.canvas.width / Math.max(1, v.size.width);
    const cam = v.camera;
    const dev: Camera = { scale: cam.scale * dpr, tx: cam.tx * dpr, ty: cam.ty * dpr };
    const seatDev = this.s.grid.r * 2 * v.camera.scale * dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const small = seatDev < RASTER_BELOW_PX;
    if (small) this.drawSmallSeats(dev, seatDev, dpr);
    else this.drawLargeSeats(dev);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawAreas(cam);
    if (this.s.geometry.tables.length + this.s.geometry.booths.length > 0)
      drawTablesAndBooths(ctx, this.s.geometry, this.s.model, cam, v.size, small ? dev.scale : null);
    this.drawLabels(cam, v.size);
    this.drawFocus(cam, v.focused);
  }

  /**
   * Redraws only the seats that changed (a click, another buyer's hold): each seat's square is
   * repainted, then everything drawn over seats (labels, areas, focus) again inside those squares.
   * A seat change costs well under a millisecond instead of a full frame of 100,000 seats.
   */
  patch(v: PaintView, changed: Iterable<number>): void {
    const { ctx } = this;
    const dpr = this.canvas.width / Math.max(1, v.size.width);
    const cam = v.camera;
    const dev: Camera = { scale: cam.scale * dpr, tx: cam.tx * dpr, ty: cam.ty * dpr };
    const seatDev = this.s.grid.r * 2 * v.camera.scale * dpr;
    const rects: [number, number, number, number][] = [];
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const small = seatDev < RASTER_BELOW_PX && this.pixels !== null;
    if (small && this.pixels) {
      const px = { data: new Uint32Array(this.pixels.data.buffer), width: this.pixels.width, height: this.pixels.height };
      const offsets = discOffsets(Math.max(seatDev, Math.min(2, seatDev * 1.3)));
      for (const i of changed) {
        const [x0, y0, x1, y1] = rasterSeat(px, this.s.grid, i, this.s.colors[i]!, dev, offsets);
        ctx.putImageData(this.pixels, 0, 0, x0, y0, x1 - x0, y1 - y0);
        rects.push([x0, y0, x1, y1]);
      }
    } else {
      const reach = this.s.grid.r * dev.scale + Math.max(2, this.s.grid.r * dev.scale * 0.35) + 1;
      for (const i of changed) {
        const x = this.s.grid.cx[i]! * dev.scale + dev.tx;
        const y = this.s.grid.cy[i]! * dev.scale + dev.ty;
        const rect: [number, number, number, number] = [Math.floor(x - reach), Math.floor(y - reach), Math.ceil(x + reach), Math.ceil(y + reach)];
        ctx.save();
        ctx.beginPath();
        ctx.rect(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]);
        ctx.clip();
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]);
        const m = (reach * 2) / dev.scale;
        this.drawCircles(seatsIn(this.s.grid, { x: this.s.grid.cx[i]! - m, y: this.s.grid.cy[i]! - m, width: 2 * m, height: 2 * m }), dev);
        ctx.restore();
        rects.push(rect);
      }
    }
    if (rects.length === 0) return;
    ctx.save();
    ctx.beginPath();
    for (const [x0, y0, x1, y1] of rects) ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.drawAreas(cam);
    if (this.s.geometry.tables.length + this.s.geometry.booths.length > 0)
      drawTablesAndBooths(ctx, this.s.geometry, this.s.model, cam, v.size, small ? dev.scale : null);
    this.drawLabels(cam, v.size);
    this.drawFocus(cam, v.focused);
    ctx.restore();
  }

  /** Section blocks and seats straight into the pixel buffer. */
  private drawSmallSeats(dev: Camera, seatDev: number, dpr: number): void {
    const w = this.canvas.width;
    const h = this.canvas.height;
    if (!this.pixels || this.pixels.width !== w || this.pixels.height !== h) this.pixels = this.ctx.createImageData(w, h);
    const px = { data: new Uint32Array(this.pixels.data.buffer), width: w, height: h };
    px.data.fill(pixel(BACKGROUND));
    const border = pixel("#dde1ea");
    const white = pixel("#ffffff");
    for (const s of this.s.geometry.sections) {
      const x0 = s.x * dev.scale + dev.tx;
      const y0 = s.y * dev.scale + dev.ty;
      const x1 = (s.x + s.width) * dev.scale + dev.tx;
      const y1 = (s.y + s.height) * dev.scale + dev.ty;
      fillRect(px, x0, y0, x1, y1, border);
      fillRect(px, x0 + 1, y0 + 1, x1 - 1, y1 - 1, white);
    }
    // Seats of a pixel or two get two pixels (their pitch is about 1.3 diameters), so colours stay visible at full view.
    rasterSeats(px, this.s.grid, this.s.colors, dev, Math.max(seatDev, Math.min(2, seatDev * 1.3)));
    if (this.s.geometry.tables.length > 0) rasterTables(px, this.s.geometry, this.s.model, dev, dpr);
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
    for (const s of this.s.geometry.sections) {
      if (s.outline) {
        // A designed section: the ring of plan.ts stroked wide with round joins, as the SVG map draws it.
        ctx.beginPath();
        s.outline.forEach((p, i) => (i === 0 ? ctx.moveTo : ctx.lineTo).call(ctx, p.x * dev.scale + dev.tx, p.y * dev.scale + dev.ty));
        ctx.closePath();
        ctx.lineJoin = "round";
        ctx.lineCap = "round";
        ctx.fillStyle = ctx.strokeStyle = "#dde1ea";
        ctx.lineWidth = (OUTLINE_STROKE + 2) * dev.scale;
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = ctx.strokeStyle = "#ffffff";
        ctx.lineWidth = OUTLINE_STROKE * dev.scale;
        ctx.fill();
        ctx.stroke();
        ctx.strokeStyle = "#dde1ea";
        ctx.lineWidth = 1;
        continue;
      }
      const x = s.x * dev.scale + dev.tx;
      const y = s.y * dev.scale + dev.ty;
      ctx.beginPath();
      ctx.rect(x, y, s.width * dev.scale, s.height * dev.scale);
      ctx.fill();
      ctx.stroke();
    }
    const box = visibleBox(dev, { width: this.canvas.width, height: this.canvas.height });
    this.drawCircles(seatsIn(this.s.grid, margin(this.s.grid, box)), dev);
  }

  /** `seats` as circles in device pixels, one path per colour, with a ring on the buyer's own. */
  private drawCircles(seats: Int32Array, dev: Camera): void {
    const { ctx } = this;
    const r = this.s.grid.r * dev.scale;
    const byColour = new Map<string, number[]>();
    const mine: number[] = [];
    for (const i of seats) {
      const code = this.s.status[i]!;
      const colour = code === 0 || code === 4 ? this.categoryColour(i) : STATUS_HEX[code]!;
      let list = byColour.get(colour);
      if (!list) byColour.set(colour, (list = []));
      list.push(i);
      if (code === 4) mine.push(i);
    }
    for (const [colour, list] of byColour) {
      ctx.fillStyle = colour;
      this.traceDots(list, r, dev);
      ctx.fill();
    }
    // Wheelchair spaces and companion seats carry their mark once it can be made out (docs/accessibility.md).
    if (r >= 5)
      for (const i of seats) {
        const obj = this.s.model.objects.get(this.s.grid.labels[i]!);
        const mark = obj?.objectType === "seat" ? markOf(obj.features) : null;
        if (!mark) continue;
        const code = this.s.status[i]!;
        const x = this.s.grid.cx[i]! * dev.scale + dev.tx;
        const y = this.s.grid.cy[i]! * dev.scale + dev.ty;
        paintMark(ctx, mark, x, y, r * 1.55, code === 3 || code === 5 ? "#4a5263" : "#ffffff");
      }
    if (mine.length > 0) {
      ctx.strokeStyle = STATUS_COLOURS.selected;
      ctx.lineWidth = Math.max(2, r * 0.35);
      this.traceDots(mine, r, dev);
      ctx.stroke();
    }
  }

  /** Starts a path of one circle of radius `r` (device pixels) per seat of `seats`. */
  private traceDots(seats: number[], r: number, dev: Camera): void {
    const { ctx } = this;
    ctx.beginPath();
    for (const i of seats) {
      const x = this.s.grid.cx[i]! * dev.scale + dev.tx;
      const y = this.s.grid.cy[i]! * dev.scale + dev.ty;
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, Math.PI * 2);
    }
  }

  private categoryColour(i: number): string {
    const obj = this.s.model.objects.get(this.s.grid.labels[i]!);
    return this.s.model.categories.get(obj?.categoryKey ?? "")?.color ?? "#7a8499";
  }

  /** GA areas: the block in its category colour, its name and what is left, legible at any zoom. */
  private drawAreas(cam: Camera): void {
    const { ctx } = this;
    for (const a of this.s.geometry.areas) {
      const obj = this.s.model.objects.get(a.label);
      if (obj?.objectType !== "generalAdmission") continue;
      const view = this.s.model.viewOf(a.label);
      const colour = this.s.model.categories.get(obj.categoryKey)?.color ?? "#7a8499";
      const x = a.x * cam.scale + cam.tx;
      const y = a.y * cam.scale + cam.ty;
      const w = a.width * cam.scale;
      const h = a.height * cam.scale;
      const taken = view.status !== "free" && view.status !== "selected";
      ctx.globalAlpha = view.status === "selected" ? 0.45 : 0.22;
      ctx.fillStyle = taken ? STATUS_COLOURS.held : colour;
      ctx.beginPath();
      if (a.ellipse) ctx.ellipse(x + w / 2, y + h / 2, w / 2, h / 2, 0, 0, 2 * Math.PI);
      else ctx.rect(x, y, w, h);
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.strokeStyle = view.status === "selected" ? STATUS_COLOURS.selected : taken ? STATUS_COLOURS.booked : colour;
      ctx.lineWidth = view.status === "selected" ? 3 : 2;
      ctx.stroke();
      const size = Math.max(11, Math.min(28, h * 0.22, w / Math.max(6, obj.label.length) / 0.6));
      const lines = [obj.label, areaCounts(obj, view, this.s.model.words).drawn];
      this.text(lines[0]!, x + w / 2, y + h / 2 - size * 0.2, `600 ${size}px system-ui, sans-serif`, "#1d2330", "center");
      this.text(lines[1]!, x + w / 2, y + h / 2 + size * 0.95, `${Math.max(10, size * 0.75)}px system-ui, sans-serif`, "#4a5263", "center");
    }
  }

  /** Section names (readable at every zoom) with their free seats, and row labels once legible. */
  private drawLabels(cam: Camera, size: Size): void {
    const { ctx } = this;
    const bandPx = 36 * cam.scale;
    const rowPx = 10 * cam.scale;
    this.s.geometry.sections.forEach((s, i) => {
      const x = s.x * cam.scale + cam.tx;
      const y = s.y * cam.scale + cam.ty;
      const w = s.width * cam.scale;
      const h = s.height * cam.scale;
      if (x > size.width || y > size.height || x + w < 0 || y + h < 0) return;
      // The words' formatters are built once per chart: a frame of labels formats hundreds of counts.
      const free = this.s.model.words.t("map.sectionFree", { free: this.s.shownFree[i]! });
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
  private drawFocus(cam: Camera, f: Element | null): void {
    if (!f) return;
    const { ctx } = this;
    ctx.strokeStyle = "#ff9f1c";
    ctx.lineWidth = 3;
    const label = f.getAttribute("data-object-label");
    const i = label ? this.s.grid.byLabel.get(label) : undefined;
    if (i !== undefined) {
      ctx.beginPath();
      ctx.arc(this.s.grid.cx[i]! * cam.scale + cam.tx, this.s.grid.cy[i]! * cam.scale + cam.ty, this.s.grid.r * cam.scale + 3, 0, Math.PI * 2);
      ctx.stroke();
      return;
    }
    const table = label ? this.s.geometry.tables.find((t) => t.label === label) : undefined;
    const box = table
      ? { x: table.cx - table.width / 2, y: table.cy - table.height / 2, width: table.width, height: table.height }
      : label
        ? (this.s.geometry.areas.find((a) => a.label === label) ?? this.s.geometry.booths.find((b) => b.label === label))
        : this.s.geometry.sections[Number(f.getAttribute("data-section-index"))];
    if (box) ctx.strokeRect(box.x * cam.scale + cam.tx - 2, box.y * cam.scale + cam.ty - 2, box.width * cam.scale + 4, box.height * cam.scale + 4);
  }
}

const STATUS_HEX = [
  null,
  STATUS_COLOURS.held,
  STATUS_COLOURS.booked,
  STATUS_COLOURS.not_for_sale,
  STATUS_COLOURS.selected,
  STATUS_COLOURS.unavailable,
] as const;
/** Pixel colour of each status code (0, free, uses the category colour instead). */
export const STATUS_PIXELS = STATUS_HEX.map((hex) => (hex ? pixel(hex) : 0));

/** The status code a seat view is drawn with (see {@link PaintModel.status}). */
export function statusCode(view: ObjectView): number {
  // Another channel's seat (docs/channels.md): its own colour, told apart from a seat not for sale.
  if (view.unavailable && view.status === "free") return 5;
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
