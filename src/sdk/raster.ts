/**
 * Writes small seats straight into a pixel buffer (the Uint32 view of an ImageData): when a seat is
 * a few pixels wide, 100,000 of them are a few hundred thousand array writes, far cheaper than as
 * many canvas path calls, and every seat keeps its own crisp colour instead of being blended away
 * by anti-aliasing. Pure functions over arrays: unit-tested in workerd.
 */
import type { Camera } from "./camera";
import { forEachSeatIn, type SeatGrid } from "./seat-grid";

const pixels = new Map<string, number>();

/** `#rgb` or `#rrggbb` as a pixel of a little-endian Uint32 ImageData view (0xAABBGGRR). */
export function pixel(hex: string, alpha = 255): number {
  const key = `${hex}/${alpha}`;
  let p = pixels.get(key);
  if (p === undefined) pixels.set(key, (p = parsePixel(hex, alpha)));
  return p;
}

function parsePixel(hex: string, alpha: number): number {
  let h = hex.replace("#", "");
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  const n = /^[0-9a-fA-F]{6}$/.test(h) ? parseInt(h, 16) : 0x7a8499;
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** A pixel buffer: width and height in device pixels. */
export interface Pixels {
  data: Uint32Array;
  width: number;
  height: number;
}

/** Fills the rectangle [x0, x1) x [y0, y1) (device pixels, clipped). */
export function fillRect(px: Pixels, x0: number, y0: number, x1: number, y1: number, color: number): void {
  const left = Math.max(0, Math.round(x0));
  const right = Math.min(px.width, Math.round(x1));
  const top = Math.max(0, Math.round(y0));
  const bottom = Math.min(px.height, Math.round(y1));
  if (left >= right) return;
  for (let y = top; y < bottom; y++) px.data.fill(color, y * px.width + left, y * px.width + right);
}

/** Offsets (dx, dy pairs) of the pixels of a disc `size` pixels across, centred on a pixel. */
export function discOffsets(size: number): Int32Array {
  const s = Math.max(1, Math.round(size));
  if (s <= 2) {
    // One or two pixels across: a square reads better than a cross.
    const out: number[] = [];
    for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) out.push(dx, dy);
    return Int32Array.from(out);
  }
  const out: number[] = [];
  const r = s / 2;
  const half = Math.floor(s / 2);
  for (let dy = -half; dy < s - half; dy++) {
    for (let dx = -half; dx < s - half; dx++) {
      const ex = dx + 0.5 - (s % 2 === 1 ? 0.5 : 0);
      const ey = dy + 0.5 - (s % 2 === 1 ? 0.5 : 0);
      if (ex * ex + ey * ey <= r * r) out.push(dx, dy);
    }
  }
  return Int32Array.from(out);
}

/**
 * Draws every seat of `grid` that the camera shows as a disc of `diameter` device pixels in its
 * colour (`colors[i]`). `cam` maps map units to device pixels.
 */
export function rasterSeats(px: Pixels, grid: SeatGrid, colors: Uint32Array, cam: Camera, diameter: number): void {
  const offsets = discOffsets(diameter);
  const { width, height } = px;
  const margin = diameter / cam.scale;
  const box = {
    x: -cam.tx / cam.scale - margin,
    y: -cam.ty / cam.scale - margin,
    width: width / cam.scale + 2 * margin,
    height: height / cam.scale + 2 * margin,
  };
  const whole = box.x <= grid.cells.x0 && box.y <= grid.cells.y0;
  const { data } = px;
  const n = offsets.length;
  // The hot loop of a full frame: no allocation per seat.
  const draw = (i: number) => {
    const x = Math.floor(grid.cx[i]! * cam.scale + cam.tx);
    const y = Math.floor(grid.cy[i]! * cam.scale + cam.ty);
    const c = colors[i]!;
    for (let k = 0; k < n; k += 2) {
      const px2 = x + offsets[k]!;
      const py2 = y + offsets[k + 1]!;
      if (px2 >= 0 && px2 < width && py2 >= 0 && py2 < height) data[py2 * width + px2] = c;
    }
  };
  if (whole) for (let i = 0; i < grid.count; i++) draw(i);
  else forEachSeatIn(grid, box, draw);
}

/**
 * Draws seat `i` as the disc `offsets` (from {@link discOffsets}) in `color`; returns the device
 * pixel box it may have touched, [x0, y0, x1, y1).
 */
export function rasterSeat(px: Pixels, grid: SeatGrid, i: number, color: number, cam: Camera, offsets: Int32Array): [number, number, number, number] {
  const { data, width, height } = px;
  const x = Math.floor(grid.cx[i]! * cam.scale + cam.tx);
  const y = Math.floor(grid.cy[i]! * cam.scale + cam.ty);
  let x0 = x;
  let y0 = y;
  let x1 = x;
  let y1 = y;
  for (let k = 0; k < offsets.length; k += 2) {
    const px2 = x + offsets[k]!;
    const py2 = y + offsets[k + 1]!;
    if (px2 < x0) x0 = px2;
    if (py2 < y0) y0 = py2;
    if (px2 + 1 > x1) x1 = px2 + 1;
    if (py2 + 1 > y1) y1 = py2 + 1;
    if (px2 >= 0 && px2 < width && py2 >= 0 && py2 < height) data[py2 * width + px2] = color;
  }
  return [x0, y0, x1, y1];
}
