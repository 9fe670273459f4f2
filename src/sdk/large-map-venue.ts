/**
 * Tables and booths on the large map's canvas (docs/tables.md): a table's top as a circle or a
 * rectangle outlined in its category's colour and filled by its status, its name once legible; a
 * booth as a block in its category's colour. Their seats are the grid's seats, painted as every
 * other seat; the clickable elements are the large map's own (large-map.ts).
 */
import type { Camera, Size } from "./camera";
import type { MapGeometry } from "../geometry/object-placement";
import type { MapModel } from "./map-view";
import { discOffsets, fillRect, pixel, type Pixels } from "./raster";

/**
 * Tables narrower than this on screen (device pixels) are written into the small seats' pixel
 * buffer (raster.ts) rather than stroked on the canvas: at a stadium's full view 5,000 tables are
 * a few pixels each, and anti-aliased outlines of that many cost the first paint tens of
 * milliseconds in the browser's rasterizer for nothing the eye can tell apart.
 */
const RASTER_TABLE_PX = 16;

const TOP_FILL: Record<string, string> = {
  free: "#f6f7f9",
  selected: "#e8efff",
  held: "#c3c8d2",
  booked: "#8f96a3",
  not_for_sale: "#e2e5ec",
  partially_taken: "#e2e5eb",
};

/**
 * Writes the tables of `geometry` drawn narrower than RASTER_TABLE_PX with the camera `dev` (device
 * pixels) into `px`: a ring in the outline's colour around a top in its status's fill, as the
 * canvas draws them. `dpr`: device pixels per CSS pixel.
 */
export function rasterTables(px: Pixels, geometry: MapGeometry, model: MapModel, dev: Camera, dpr: number): void {
  const discs = new Map<number, Int32Array>();
  const disc = (size: number): Int32Array => {
    let offsets = discs.get(size);
    if (!offsets) discs.set(size, (offsets = discOffsets(size)));
    return offsets;
  };
  // By status, then by category (every selected top looks the same): no key string built per table.
  const looks = new Map<string, Map<string, { fill: number; stroke: number; width: number }>>();
  const tables = geometry.tables;
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!;
    const w = t.width * dev.scale;
    const h = t.height * dev.scale;
    if (w >= RASTER_TABLE_PX) continue;
    const x = t.cx * dev.scale + dev.tx;
    const y = t.cy * dev.scale + dev.ty;
    if (x + w < 0 || y + h < 0 || x - w > px.width || y - h > px.height) continue;
    const obj = model.objects.get(t.label);
    if (!obj) continue;
    const status = model.viewOf(t.label).status;
    // Pixels by status and by category, worked out once a frame rather than once a table.
    const category = status === "selected" ? "" : obj.categoryKey;
    let byCategory = looks.get(status);
    if (!byCategory) looks.set(status, (byCategory = new Map()));
    let look = byCategory.get(category);
    if (!look) {
      const l = lookOf(model, obj.categoryKey, status);
      byCategory.set(category, (look = { fill: pixel(l.fill), stroke: pixel(l.stroke), width: l.width }));
    }
    const { fill, stroke } = look;
    const ring = Math.max(1, Math.round(look.width * dpr));
    if (t.shape === "round") {
      const outer = Math.max(1, Math.round(w + look.width * dpr));
      stamp(px, x, y, disc(outer), stroke);
      // The same parity inside as outside, so the ring is even all round.
      if (outer - 2 * ring >= 1) stamp(px, x, y, disc(outer - 2 * ring), fill);
    } else {
      const [ow, oh] = [w + look.width * dpr, h + look.width * dpr];
      fillRect(px, x - ow / 2, y - oh / 2, x + ow / 2, y + oh / 2, stroke);
      fillRect(px, x - ow / 2 + ring, y - oh / 2 + ring, x + ow / 2 - ring, y + oh / 2 - ring, fill);
    }
  }
}

/** Writes the disc `offsets` (raster.ts's discOffsets) centred on device point (x, y). */
function stamp(px: Pixels, x: number, y: number, offsets: Int32Array, color: number): void {
  const { data, width, height } = px;
  const cx = Math.floor(x);
  const cy = Math.floor(y);
  for (let k = 0; k < offsets.length; k += 2) {
    const px2 = cx + offsets[k]!;
    const py2 = cy + offsets[k + 1]!;
    if (px2 >= 0 && px2 < width && py2 >= 0 && py2 < height) data[py2 * width + px2] = color;
  }
}

/** How a table's top looks: its fill by status, its outline (the category's colour) and the outline's width in CSS pixels. */
function lookOf(model: MapModel, categoryKey: string, status: string): { fill: string; stroke: string; width: number } {
  const selected = status === "selected";
  return {
    fill: TOP_FILL[status] ?? TOP_FILL.free!,
    stroke: selected ? "#1d2330" : (model.categories.get(categoryKey)?.color ?? "#7a8499"),
    width: selected ? 3 : 1.5,
  };
}

/**
 * Draws the tables' tops and the booths of `geometry` with the camera `cam` (CSS pixels) on a stage
 * of `size`. Tables off the stage are skipped, and the others are drawn as one path per look (fill,
 * outline and its width), so a map of 5,000 tables costs a handful of fills, not 5,000. `rastered`:
 * the device scale of a frame whose pixel buffer already holds the small tables ({@link rasterTables}),
 * which are not drawn again; null otherwise.
 */
export function drawTablesAndBooths(
  ctx: CanvasRenderingContext2D,
  geometry: MapGeometry,
  model: MapModel,
  cam: Camera,
  size: Size,
  rastered: number | null,
): void {
  const looks = new Map<string, number[]>();
  const named: number[] = [];
  const tables = geometry.tables;
  for (let i = 0; i < tables.length; i++) {
    const t = tables[i]!;
    if (rastered !== null && t.width * rastered < RASTER_TABLE_PX) continue;
    const w = t.width * cam.scale;
    const h = t.height * cam.scale;
    const x = t.cx * cam.scale + cam.tx;
    const y = t.cy * cam.scale + cam.ty;
    if (x + w < 0 || y + h < 0 || x - w > size.width || y - h > size.height) continue;
    const obj = model.objects.get(t.label);
    if (!obj) continue;
    const { fill, stroke, width } = lookOf(model, obj.categoryKey, model.viewOf(t.label).status);
    const look = `${fill}|${stroke}|${width}`;
    const list = looks.get(look);
    if (list) list.push(i);
    else looks.set(look, [i]);
    if (w >= 28) named.push(i);
  }
  // The selected tables' wider outlines last, over their neighbours.
  for (const [look, list] of [...looks].sort((a, b) => Number(a[0].endsWith("|3")) - Number(b[0].endsWith("|3")))) {
    const [fill, stroke, width] = look.split("|") as [string, string, string];
    ctx.beginPath();
    for (const i of list) {
      const t = tables[i]!;
      const x = t.cx * cam.scale + cam.tx;
      const y = t.cy * cam.scale + cam.ty;
      const w = t.width * cam.scale;
      const h = t.height * cam.scale;
      if (t.shape === "round") {
        ctx.moveTo(x + w / 2, y);
        ctx.arc(x, y, w / 2, 0, 2 * Math.PI);
      } else ctx.rect(x - w / 2, y - h / 2, w, h);
    }
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = stroke;
    ctx.lineWidth = Number(width);
    ctx.stroke();
  }
  for (const i of named) {
    const t = tables[i]!;
    const w = t.width * cam.scale;
    label(ctx, t.label, t.cx * cam.scale + cam.tx, t.cy * cam.scale + cam.ty, Math.min(16, w / 3));
  }
  for (const b of geometry.booths) {
    const obj = model.objects.get(b.label);
    if (!obj) continue;
    const view = model.viewOf(b.label);
    const colour = model.categories.get(obj.categoryKey)?.color ?? "#7a8499";
    const [x, y, w, h] = [b.x * cam.scale + cam.tx, b.y * cam.scale + cam.ty, b.width * cam.scale, b.height * cam.scale];
    const taken = view.status !== "free" && view.status !== "selected";
    ctx.globalAlpha = view.status === "selected" ? 0.55 : 0.3;
    ctx.fillStyle = taken ? TOP_FILL.held! : colour;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = view.status === "selected" ? "#1d2330" : taken ? TOP_FILL.booked! : colour;
    ctx.lineWidth = view.status === "selected" ? 3 : 1.5;
    ctx.strokeRect(x, y, w, h);
    if (w >= 36) label(ctx, b.label, x + w / 2, y + h / 2, Math.min(16, h / 2.5));
  }
}

function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number): void {
  ctx.font = `600 ${Math.max(9, size)}px system-ui, sans-serif`;
  ctx.fillStyle = "#1d2330";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y);
  ctx.textBaseline = "alphabetic";
}
