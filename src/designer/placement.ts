/**
 * Where a new section or GA area goes: where the person is looking when that spot is empty, else
 * beside what is already drawn (to the right of everything, level with the last section), never on
 * top of another block of seats. Pure functions over the scene, in layout units.
 */
import type { GeneralAdmissionArea, Section } from "../domain/layout";
import type { Box, Point } from "../geometry/seat-plan";
import type { Scene } from "./actions";

/** Layout units kept free between two blocks. */
export const PLACEMENT_GAP = 40;
/** The size an area is drawn at when it has none of its own (the renderer's). */
const AREA_DEFAULT = { width: 200, height: 110 };

/** A section's seats' box, widened by half a seat pitch all round (the seats' own size); null for a section without seats. */
export function sectionBox(section: Section): Box | null {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const row of section.rows)
    for (const s of row.seats) {
      if (s.x === undefined || s.y === undefined) continue;
      minX = Math.min(minX, s.x);
      maxX = Math.max(maxX, s.x);
      minY = Math.min(minY, s.y);
      maxY = Math.max(maxY, s.y);
    }
  if (minX > maxX) return null;
  const pad = (section.generator?.seatSpacing ?? 24) / 2;
  return { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad };
}

export function areaBox(area: GeneralAdmissionArea): Box {
  return { x: area.x ?? 0, y: area.y ?? 0, width: area.width ?? AREA_DEFAULT.width, height: area.height ?? AREA_DEFAULT.height };
}

/** Every block drawn: sections' seats and GA areas. */
export function occupied(scene: Scene): Box[] {
  const boxes = scene.sections.map(sectionBox).filter((b): b is Box => b !== null);
  return [...boxes, ...scene.generalAdmission.map(areaBox)];
}

/** Whether two boxes come closer than `gap`. */
export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/**
 * The centre for a new block of `size`: `preferred` (the middle of the view) when a block there
 * overlaps nothing; else right of everything drawn, at the height of the last section's centre (a
 * stand beside the previous one), or of the last area's when there is no section.
 */
export function besideOthers(scene: Scene, size: { width: number; height: number }, preferred: Point): Point {
  const boxes = occupied(scene);
  const at = (c: Point): Box => ({ x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height });
  if (!boxes.some((b) => overlaps(at(preferred), b, PLACEMENT_GAP / 2))) return preferred;
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const lastSection = [...scene.sections].reverse().find((s) => sectionBox(s) !== null);
  const level = lastSection ? sectionBox(lastSection)! : boxes[boxes.length - 1]!;
  const round = (v: number) => Math.round(v);
  return { x: round(right + PLACEMENT_GAP + size.width / 2), y: round(level.y + level.height / 2) };
}
