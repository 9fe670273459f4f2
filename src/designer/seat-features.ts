/**
 * Seat features in the designer (docs/accessibility.md): a named action that sets them on a selection, and
 * the check that a companion seat sits next to a wheelchair space. Pure functions over the scene.
 */
import { SEAT_FEATURES, type SeatFeature } from "../domain/layout";
import type { Scene } from "./actions";

/** Gives the seats named in `labels` exactly `features` (none removes them); GA areas have none. */
export function setSeatFeatures(scene: Scene, labels: ReadonlySet<string>, features: readonly SeatFeature[]): Scene {
  if (labels.size === 0) return scene;
  const wanted = SEAT_FEATURES.filter((f) => features.includes(f));
  const same = (a: readonly SeatFeature[] | undefined) => (a ?? []).length === wanted.length && wanted.every((f) => a!.includes(f));
  const sections = scene.sections.map((s) => {
    let touched = false;
    const rows = s.rows.map((row) => {
      let rowTouched = false;
      const seats = row.seats.map((seat) => {
        if (!labels.has(seat.label) || same(seat.features)) return seat;
        rowTouched = true;
        const { features: _old, ...rest } = seat;
        return wanted.length > 0 ? { ...rest, features: [...wanted] } : rest;
      });
      if (!rowTouched) return row;
      touched = true;
      return { ...row, seats };
    });
    return touched ? { ...s, rows } : s;
  });
  return { ...scene, sections };
}

/**
 * Companion seats with no wheelchair space beside them (the seat before or after it in its row,
 * with no aisle between), by label: a companion seat is meant to be next to the space.
 */
export function loneCompanions(scene: Scene): string[] {
  const out: string[] = [];
  for (const s of scene.sections)
    for (const row of s.rows) {
      const seats = row.seats;
      for (let i = 0; i < seats.length; i++) {
        if (!seats[i]!.features?.includes("companion")) continue;
        const before = i > 0 && seats[i - 1]!.aisleAfter !== true && seats[i - 1]!.features?.includes("wheelchair") === true;
        const after = i + 1 < seats.length && seats[i]!.aisleAfter !== true && seats[i + 1]!.features?.includes("wheelchair") === true;
        if (!before && !after) out.push(seats[i]!.label);
      }
    }
  return out;
}
