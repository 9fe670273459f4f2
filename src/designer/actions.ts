/**
 * The designer's actions: pure functions from one layout (the scene, plain data) to the next.
 * Nothing here draws or touches the page; the editor (editor.ts) validates each result with the
 * API's layout schema before it becomes the scene, and keeps the scenes for undo and redo.
 * Unchanged sections, areas and categories are kept by reference, so history is cheap and the
 * renderer redraws only what changed.
 */
import type { Category, GeneralAdmissionArea, Layout, Section, SectionGenerator } from "../domain/layout";
import type { Point } from "../geometry/seat-plan";
import { generateSection, placementOf } from "./generate";
import { keyFor, nextSectionKey } from "./section-keys";
import { moveBooths, moveTables } from "./venue-actions";

export { nextSectionKey, rekeySection, sectionKeyFor } from "./section-keys";

/** A layout with every array present (what the schema's parse returns). */
export type Scene = Layout;

export const EMPTY_SCENE: Scene = { categories: [], sections: [], generalAdmission: [] };

/** Adds a generated section (its key and label chosen when not given). */
export function addSection(scene: Scene, g: SectionGenerator, at: { x: number; y: number; rotation?: number; key?: string; label?: string }): Scene {
  const key = at.key?.trim() || nextSectionKey(scene);
  const section = generateSection(g, { key, label: at.label?.trim() || `Section ${key}`, x: at.x, y: at.y, rotation: at.rotation ?? 0 });
  return { ...scene, sections: [...scene.sections, section] };
}

function mapSections(scene: Scene, keys: ReadonlySet<string>, f: (s: Section) => Section): Scene {
  let changed = false;
  const sections = scene.sections.map((s) => {
    if (!keys.has(s.key)) return s;
    changed = true;
    return f(s);
  });
  return changed ? { ...scene, sections } : scene;
}

/** Regenerates a section with new generator parameters and/or a new name (seats keep their categories by position). */
export function updateSection(scene: Scene, key: string, change: { generator?: Partial<SectionGenerator>; label?: string; rotation?: number }): Scene {
  return mapSections(scene, new Set([key]), (s) => {
    const at = placementOf(s);
    if (change.label !== undefined) at.label = change.label;
    if (change.rotation !== undefined) at.rotation = change.rotation;
    if (!s.generator) return rotateFree({ ...s, label: at.label }, at.rotation - (s.rotation ?? 0));
    return generateSection({ ...s.generator, ...change.generator }, at, s);
  });
}

/** Moves sections by (dx, dy) layout units: every seat and the placement hint. */
export function moveSections(scene: Scene, keys: ReadonlySet<string>, dx: number, dy: number): Scene {
  if (dx === 0 && dy === 0) return scene;
  const r = (v: number) => Math.round(v * 100) / 100;
  return mapSections(scene, keys, (s) => {
    const moved: Section = {
      ...s,
      rows: s.rows.map((row) => ({ ...row, seats: row.seats.map((seat) => ({ ...seat, x: r((seat.x ?? 0) + dx), y: r((seat.y ?? 0) + dy) })) })),
    };
    // A section's tables and booths move with it.
    if (s.tables) moved.tables = moveTables(s.tables, dx, dy);
    if (s.booths) moved.booths = moveBooths(s.booths, dx, dy);
    const at = placementOf(s);
    moved.x = r(at.x + dx);
    moved.y = r(at.y + dy);
    return moved;
  });
}

/**
 * The (dx, dy) that turns section `a` into `b` when `b` is `a` moved and nothing else (same rows,
 * labels and categories; every seat shifted alike, within the 0.01 rounding of a move); else null.
 */
export function translationBetween(a: Section, b: Section): { x: number; y: number } | null {
  if (a.key !== b.key || a.label !== b.label || a.rows.length !== b.rows.length) return null;
  // Tables and booths are drawn with the section: a section that has any is drawn again.
  if (a.tables?.length || b.tables?.length || a.booths?.length || b.booths?.length) return null;
  let d: { x: number; y: number } | null = null;
  for (let r = 0; r < a.rows.length; r++) {
    const [ra, rb] = [a.rows[r]!, b.rows[r]!];
    if (ra.label !== rb.label || ra.seats.length !== rb.seats.length) return null;
    for (let i = 0; i < ra.seats.length; i++) {
      const [sa, sb] = [ra.seats[i]!, rb.seats[i]!];
      if (sa.label !== sb.label || sa.categoryKey !== sb.categoryKey || sa.aisleAfter !== sb.aisleAfter) return null;
      const [dx, dy] = [(sb.x ?? 0) - (sa.x ?? 0), (sb.y ?? 0) - (sa.y ?? 0)];
      if (d === null) d = { x: dx, y: dy };
      else if (Math.abs(dx - d.x) > 0.02 || Math.abs(dy - d.y) > 0.02) return null;
    }
  }
  return d;
}

/** Turns a section made elsewhere (no generator) by `degrees` about its placement point. */
function rotateFree(s: Section, degrees: number): Section {
  const at = placementOf(s);
  const a = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    ...s,
    x: at.x,
    y: at.y,
    rotation: normaliseAngle((s.rotation ?? 0) + degrees),
    rows: s.rows.map((row) => ({
      ...row,
      seats: row.seats.map((seat) => {
        const x = (seat.x ?? 0) - at.x;
        const y = (seat.y ?? 0) - at.y;
        return { ...seat, x: r(at.x + x * cos - y * sin), y: r(at.y + x * sin + y * cos) };
      }),
    })),
  };
}

/** An angle in (-180, 180]. */
export function normaliseAngle(degrees: number): number {
  let a = degrees % 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return Math.round(a * 100) / 100;
}

/** Turns sections by `degrees` (clockwise) about their placement points. */
export function rotateSections(scene: Scene, keys: ReadonlySet<string>, degrees: number): Scene {
  return mapSections(scene, keys, (s) => {
    if (!s.generator) return rotateFree(s, degrees);
    const at = placementOf(s);
    return generateSection(s.generator, { ...at, rotation: normaliseAngle(at.rotation + degrees) }, s);
  });
}

/**
 * Copies sections beside themselves under new keys. A generated copy is regenerated (its labels
 * follow its pattern with the new key); a section made elsewhere gets its labels prefixed by the key.
 */
export function copySections(
  scene: Scene,
  keys: ReadonlySet<string>,
  offset: Point = { x: 60, y: 60 },
  /** A copy's name from the original's ("Stalls copy"; the page's language words it). */
  copyName: (name: string) => string = (name) => `${name} copy`,
): { scene: Scene; copies: string[] } {
  const taken = new Set(scene.sections.map((s) => s.key));
  const copies: Section[] = [];
  for (const s of scene.sections) {
    if (!keys.has(s.key)) continue;
    const key = nextSectionKey({ ...scene, sections: [...scene.sections, ...copies] });
    taken.add(key);
    const at = placementOf(s);
    const label = copyName(s.label);
    if (s.generator) {
      copies.push(generateSection(s.generator, { key, label, x: at.x + offset.x, y: at.y + offset.y, rotation: at.rotation }, s));
    } else {
      const moved = moveSections({ ...scene, sections: [s] }, new Set([s.key]), offset.x, offset.y).sections[0]!;
      copies.push({
        ...moved,
        key,
        label,
        rows: moved.rows.map((row) => ({ ...row, seats: row.seats.map((seat) => ({ ...seat, label: `${key}-${seat.label}` })) })),
      });
    }
  }
  return { scene: { ...scene, sections: [...scene.sections, ...copies] }, copies: copies.map((c) => c.key) };
}

/** Deletes sections and GA areas. */
export function deleteObjects(scene: Scene, sections: ReadonlySet<string>, areas: ReadonlySet<string>): Scene {
  if (sections.size === 0 && areas.size === 0) return scene;
  return {
    ...scene,
    sections: scene.sections.filter((s) => !sections.has(s.key)),
    generalAdmission: scene.generalAdmission.filter((a) => !areas.has(a.label)),
  };
}

/** A category key from a name: lower-case letters, digits and dashes, unique in the scene. */
export function categoryKeyFor(scene: Scene, name: string): string {
  return keyFor(name, "category", new Set(scene.categories.map((c) => c.key)));
}

/** Adds a category; answers its key too. */
export function addCategory(scene: Scene, name: string, color: string): { scene: Scene; key: string } {
  const key = categoryKeyFor(scene, name);
  const category: Category = { key, label: name.trim() || key, color };
  return { scene: { ...scene, categories: [...scene.categories, category] }, key };
}

/** Gives the seats and GA areas named in `labels` the category `categoryKey`. */
export function assignCategory(scene: Scene, labels: ReadonlySet<string>, categoryKey: string): Scene {
  if (labels.size === 0) return scene;
  const sections = scene.sections.map((s) => {
    let touched = false;
    const rows = s.rows.map((row) => {
      let rowTouched = false;
      const seats = row.seats.map((seat) => {
        if (!labels.has(seat.label) || seat.categoryKey === categoryKey) return seat;
        rowTouched = true;
        return { ...seat, categoryKey };
      });
      if (!rowTouched) return row;
      touched = true;
      return { ...row, seats };
    });
    // A table's seats take it as a row's do; a table all of whose seats take it takes it too.
    const tables = s.tables?.map((t) => {
      if (!t.seats.some((seat) => labels.has(seat.label) && seat.categoryKey !== categoryKey)) return t;
      touched = true;
      const seats = t.seats.map((seat) => (labels.has(seat.label) ? { ...seat, categoryKey } : seat));
      return { ...t, seats, categoryKey: seats.every((seat) => seat.categoryKey === categoryKey) ? categoryKey : t.categoryKey };
    });
    return touched ? { ...s, rows, ...(tables ? { tables } : {}) } : s;
  });
  const generalAdmission = scene.generalAdmission.map((a) => (labels.has(a.label) && a.categoryKey !== categoryKey ? { ...a, categoryKey } : a));
  return { ...scene, sections, generalAdmission };
}

/** Adds a GA area. */
export function addArea(scene: Scene, area: GeneralAdmissionArea): Scene {
  return { ...scene, generalAdmission: [...scene.generalAdmission, area] };
}

/** Changes a GA area (its label too: the label is the area's objectLabel). */
export function updateArea(scene: Scene, label: string, change: Partial<GeneralAdmissionArea>): Scene {
  return { ...scene, generalAdmission: scene.generalAdmission.map((a) => (a.label === label ? { ...a, ...change } : a)) };
}

/** Moves GA areas by (dx, dy). */
export function moveAreas(scene: Scene, labels: ReadonlySet<string>, dx: number, dy: number): Scene {
  if ((dx === 0 && dy === 0) || labels.size === 0) return scene;
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    ...scene,
    generalAdmission: scene.generalAdmission.map((a) => (labels.has(a.label) ? { ...a, x: r((a.x ?? 0) + dx), y: r((a.y ?? 0) + dy) } : a)),
  };
}

/** Sets (or, with null, removes) the focal point: the stage. */
export function setFocalPoint(scene: Scene, point: Point | null): Scene {
  const { focalPoint: _old, ...rest } = scene;
  return point ? { ...rest, focalPoint: { x: Math.round(point.x * 100) / 100, y: Math.round(point.y * 100) / 100 } } : rest;
}

/** The labels of every seat of the given sections. */
export function seatsOfSections(scene: Scene, keys: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const s of scene.sections) {
    if (!keys.has(s.key)) continue;
    for (const row of s.rows) for (const seat of row.seats) out.push(seat.label);
    for (const t of s.tables ?? []) for (const seat of t.seats) out.push(seat.label);
  }
  return out;
}

/** Every seat label of the rows that hold any of `labels` (a selection widened to whole rows). */
export function seatsOfRows(scene: Scene, labels: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const s of scene.sections)
    for (const row of s.rows) if (row.seats.some((seat) => labels.has(seat.label))) for (const seat of row.seats) out.push(seat.label);
  return out;
}

/** The keys of the sections that hold any of `labels`. */
export function sectionsOf(scene: Scene, labels: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const s of scene.sections)
    if (s.rows.some((row) => row.seats.some((seat) => labels.has(seat.label))) || s.tables?.some((t) => t.seats.some((seat) => labels.has(seat.label))))
      out.add(s.key);
  return out;
}

/** Seat labels whose centres lie in the box spanned by two corners (layout units). */
export function seatsInBox(scene: Scene, a: Point, b: Point): string[] {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  const out: string[] = [];
  for (const s of scene.sections)
    for (const seats of [...s.rows.map((row) => row.seats), ...(s.tables ?? []).map((t) => t.seats)])
      for (const seat of seats) {
        const x = seat.x ?? NaN;
        const y = seat.y ?? NaN;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) out.push(seat.label);
      }
  return out;
}
