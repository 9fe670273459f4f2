/**
 * Tables and booths on the large map's canvas (docs/tables.md): a table's top as a circle or a
 * rectangle outlined in its category's colour and filled by its status, its name once legible; a
 * booth as a block in its category's colour. Their seats are the grid's seats, painted as every
 * other seat; the clickable elements are the large map's own (large-map.ts).
 */
import type { Camera } from "./camera";
import type { MapGeometry } from "../geometry/object-placement";
import type { MapModel } from "./map-view";

const TOP_FILL: Record<string, string> = {
  free: "#f6f7f9",
  selected: "#e8efff",
  held: "#c3c8d2",
  booked: "#8f96a3",
  not_for_sale: "#e2e5ec",
  partially_taken: "#e2e5eb",
};

/** Draws the tables' tops and the booths of `geometry` with the camera `cam` (CSS pixels). */
export function drawTablesAndBooths(ctx: CanvasRenderingContext2D, geometry: MapGeometry, model: MapModel, cam: Camera): void {
  for (const t of geometry.tables) {
    const obj = model.objects.get(t.label);
    if (!obj) continue;
    const view = model.viewOf(t.label);
    const x = t.cx * cam.scale + cam.tx;
    const y = t.cy * cam.scale + cam.ty;
    const w = t.width * cam.scale;
    const h = t.height * cam.scale;
    ctx.beginPath();
    if (t.shape === "round") ctx.arc(x, y, w / 2, 0, 2 * Math.PI);
    else ctx.rect(x - w / 2, y - h / 2, w, h);
    ctx.fillStyle = TOP_FILL[view.status] ?? TOP_FILL.free!;
    ctx.fill();
    ctx.strokeStyle = view.status === "selected" ? "#1d2330" : (model.categories.get(obj.categoryKey)?.color ?? "#7a8499");
    ctx.lineWidth = view.status === "selected" ? 3 : 1.5;
    ctx.stroke();
    if (w >= 28) label(ctx, t.label, x, y, Math.min(16, w / 3));
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
