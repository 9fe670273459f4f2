/**
 * The map's camera as plain numbers: a map point (x, y) is drawn at stage pixel
 * (x * scale + tx, y * scale + ty). Pure functions, unit-tested in workerd; the viewport feeds them
 * input and the renderers read the result (an SVG transform for small maps, the canvas and a CSS
 * transform for large ones), so panning never asks the browser for a layout.
 */
import type { Box } from "../geometry/object-placement";

export interface Camera {
  scale: number;
  tx: number;
  ty: number;
}

/** Stage size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/** The camera that shows `box` whole and centred in `stage`, with a margin of `pad` map units around it. */
export function fit(box: Box, stage: Size, pad = 0): Camera {
  const w = Math.max(box.width + pad * 2, 1);
  const h = Math.max(box.height + pad * 2, 1);
  const scale = Math.min(stage.width / w, stage.height / h) || 1;
  return { scale, tx: stage.width / 2 - (box.x + box.width / 2) * scale, ty: stage.height / 2 - (box.y + box.height / 2) * scale };
}

/** Zooms by `factor` around the stage point (px, py), the scale kept within [min, max]. */
export function zoomAt(cam: Camera, factor: number, px: number, py: number, min: number, max: number): Camera {
  const scale = Math.min(max, Math.max(min, cam.scale * factor));
  const k = scale / cam.scale;
  return { scale, tx: px - (px - cam.tx) * k, ty: py - (py - cam.ty) * k };
}

/** Moves the map by (dx, dy) stage pixels. */
export function panBy(cam: Camera, dx: number, dy: number): Camera {
  return { scale: cam.scale, tx: cam.tx + dx, ty: cam.ty + dy };
}

/** The map box the stage shows. */
export function visibleBox(cam: Camera, stage: Size): Box {
  return { x: -cam.tx / cam.scale, y: -cam.ty / cam.scale, width: stage.width / cam.scale, height: stage.height / cam.scale };
}

/** The stage point of a map point. */
export function toStage(cam: Camera, x: number, y: number): { x: number; y: number } {
  return { x: x * cam.scale + cam.tx, y: y * cam.scale + cam.ty };
}

/** The camera that centres the map point (x, y) in the stage at `scale`. */
export function centreOn(x: number, y: number, scale: number, stage: Size): Camera {
  return { scale, tx: stage.width / 2 - x * scale, ty: stage.height / 2 - y * scale };
}

/**
 * `cam` moved (not scaled) so that `box` shows no empty margin it could avoid: a box smaller than
 * the stage is brought wholly into view, a larger one fills the stage. Every point of the box that
 * was on the stage stays on it.
 */
export function keepInside(cam: Camera, box: Box, stage: Size): Camera {
  const axis = (start: number, length: number, offset: number, room: number) => {
    const a = start * cam.scale + offset;
    const b = (start + length) * cam.scale + offset;
    if (b - a <= room) return a < 0 ? offset - a : b > room ? offset - (b - room) : offset;
    return a > 0 ? offset - a : b < room ? offset + (room - b) : offset;
  };
  return { scale: cam.scale, tx: axis(box.x, box.width, cam.tx, stage.width), ty: axis(box.y, box.height, cam.ty, stage.height) };
}

/**
 * `cam` moved right and down, as far as the stage point `point` (the tap) stays `margin` pixels
 * inside the stage, towards showing the box's left and top edges: where a section's row labels
 * and name are drawn.
 */
export function showStart(cam: Camera, box: Box, stage: Size, point: { x: number; y: number }, margin: number): Camera {
  const shift = (edge: number, at: number, room: number) => (edge < 0 ? Math.max(0, Math.min(-edge, room - margin - at)) : 0);
  return {
    scale: cam.scale,
    tx: cam.tx + shift(box.x * cam.scale + cam.tx, point.x, stage.width),
    ty: cam.ty + shift(box.y * cam.scale + cam.ty, point.y, stage.height),
  };
}
