/**
 * The designer's edits of what it drew: a table's label, shape, seat count, category and place; a
 * booth's label, category, size, floor and place; a zone's name and sections; a floor's name. Pure
 * functions from one scene to the next, like venue-actions.ts, so each edit is one step of the
 * history and is checked with the API's layout schema by the editor.
 *
 * A table keeps its seats' own data (features, translations) in list order; its seats are placed
 * around it again when its shape or seat count changes, and are labelled after it (T7-1, T7-2 …)
 * when its label or seat count changes. A label another object has is refused here, before the
 * schema, so the person is told which label clashes.
 */
import type { Booth, Floor, Seat, Section, Table, TableShape, Zone } from "../domain/layout";
import { tableSeatPoints, tableSize, type TableTop } from "../geometry/table-placement";
import type { Scene } from "./actions";
import { labelsOf, moveBooths, moveTables } from "./venue-actions";

/** Why an edit was not made. */
export type EditRefusal =
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "empty_label" }
  /** `label` is the first of the new labels that another object of the chart already has. */
  | { ok: false; reason: "label_taken"; label: string }
  /** Only a rectangular table turns. */
  | { ok: false; reason: "round" };

/** An edit made: the scene after it and the object's label (its new one when renamed). */
export type Edited = { ok: true; scene: Scene; label: string } | EditRefusal;

const r2 = (v: number) => Math.round(v * 100) / 100;

function tableAt(scene: Scene, label: string): { s: number; t: number } | null {
  for (let s = 0; s < scene.sections.length; s++) {
    const t = scene.sections[s]!.tables?.findIndex((x) => x.label === label) ?? -1;
    if (t >= 0) return { s, t };
  }
  return null;
}

/** The table labelled `label` and the key of its section, if the scene has it. */
export function findTable(scene: Scene, label: string): { table: Table; sectionKey: string } | null {
  const at = tableAt(scene, label);
  return at ? { table: scene.sections[at.s]!.tables![at.t]!, sectionKey: scene.sections[at.s]!.key } : null;
}

function replaceTable(scene: Scene, at: { s: number; t: number }, table: Table): Scene {
  const sections = scene.sections.map((sec, i): Section => (i === at.s ? { ...sec, tables: sec.tables!.map((x, j) => (j === at.t ? table : x)) } : sec));
  return { ...scene, sections };
}

/** The first of `wanted` that an object other than `own` already has. */
function clash(scene: Scene, own: readonly string[], wanted: readonly string[]): string | null {
  const taken = labelsOf(scene);
  for (const label of own) taken.delete(label);
  return wanted.find((l) => taken.has(l)) ?? null;
}

/** A rectangular table stood on end (turned by 90°): taller than wide. */
const turned = (t: Pick<TableTop, "shape" | "width" | "height">) => t.shape === "rect" && t.width !== undefined && t.height !== undefined && t.height > t.width;

/** Turns (x, y) by 90° clockwise on the screen about (cx, cy). */
const quarterTurn = (p: { x: number; y: number }, cx: number, cy: number) => ({ x: r2(cx - (p.y - cy)), y: r2(cy + (p.x - cx)) });

/** Where `count` seats sit around `top`; a table stood on end has its seats along its long sides too. */
export function placeSeatsAround(top: TableTop, count: number): { x: number; y: number }[] {
  if (!turned(top)) return tableSeatPoints(top, count);
  return tableSeatPoints({ ...top, width: top.height, height: top.width }, count).map((p) => quarterTurn(p, top.x, top.y));
}

export interface TableChanges {
  label?: string;
  shape?: TableShape;
  seats?: number;
  categoryKey?: string;
  /** The table's centre, in layout units. */
  x?: number;
  y?: number;
}

/**
 * Edits the table labelled `label`. A new category goes to the table and all its seats; otherwise
 * seats keep theirs and added seats take the table's. Moving it moves its seats with it.
 */
export function editTable(scene: Scene, label: string, changes: TableChanges): Edited {
  const at = tableAt(scene, label);
  if (!at) return { ok: false, reason: "not_found" };
  const old = scene.sections[at.s]!.tables![at.t]!;
  if (changes.label !== undefined && !changes.label.trim()) return { ok: false, reason: "empty_label" };
  const name = changes.label?.trim() ?? old.label;
  const shape = changes.shape ?? old.shape;
  const count = changes.seats ?? old.seats.length;
  const [ox, oy] = [old.x ?? 0, old.y ?? 0];
  const [x, y] = [r2(changes.x ?? ox), r2(changes.y ?? oy)];
  const categoryKey = changes.categoryKey ?? old.categoryKey;
  const recategorised = categoryKey !== old.categoryKey;
  const replaced = shape !== old.shape || count !== old.seats.length;
  const relabelled = name !== old.label || count !== old.seats.length;
  let size: { width?: number; height?: number } = { width: old.width, height: old.height };
  if (replaced) {
    // A new seat count needs a new size; a table that stood on end keeps standing.
    const fresh = tableSize({ shape }, count);
    size = shape === "rect" && turned(old) ? { width: fresh.height, height: fresh.width } : {};
  }
  const top: TableTop = { shape, x, y, ...size };
  const points = replaced ? placeSeatsAround(top, count) : null;
  const seats: Seat[] = Array.from({ length: count }, (_, i) => {
    const before = old.seats[i];
    const seat: Seat = { ...(before ?? { label: "", categoryKey }), label: relabelled ? `${name}-${i + 1}` : before!.label };
    if (recategorised || !before) seat.categoryKey = categoryKey;
    if (points) [seat.x, seat.y] = [points[i]!.x, points[i]!.y];
    else if (seat.x !== undefined && seat.y !== undefined) [seat.x, seat.y] = [r2(seat.x + x - ox), r2(seat.y + y - oy)];
    return seat;
  });
  const taken = clash(scene, [old.label, ...old.seats.map((s) => s.label)], [name, ...seats.map((s) => s.label)]);
  if (taken) return { ok: false, reason: "label_taken", label: taken };
  const table: Table = { ...old, label: name, shape, categoryKey, x, y, seats };
  if (size.width === undefined) delete table.width;
  else table.width = size.width;
  if (size.height === undefined) delete table.height;
  else table.height = size.height;
  return { ok: true, scene: replaceTable(scene, at, table), label: name };
}

/** Moves the table labelled `label` and its seats by (dx, dy) layout units. */
export function moveTable(scene: Scene, label: string, dx: number, dy: number): Scene {
  const at = tableAt(scene, label);
  if (!at || (dx === 0 && dy === 0)) return scene;
  return replaceTable(scene, at, moveTables([scene.sections[at.s]!.tables![at.t]!], dx, dy)![0]!);
}

/** Turns a rectangular table by 90° about its centre: its top stands on end (or lies down again), its seats go round with it. */
export function turnTable(scene: Scene, label: string): Edited {
  const at = tableAt(scene, label);
  if (!at) return { ok: false, reason: "not_found" };
  const old = scene.sections[at.s]!.tables![at.t]!;
  if (old.shape !== "rect") return { ok: false, reason: "round" };
  const size = tableSize(old, old.seats.length);
  const [cx, cy] = [old.x ?? 0, old.y ?? 0];
  const seats = old.seats.map((s) => (s.x !== undefined && s.y !== undefined ? { ...s, ...quarterTurn({ x: s.x, y: s.y }, cx, cy) } : s));
  return { ok: true, scene: replaceTable(scene, at, { ...old, width: size.height, height: size.width, seats }), label };
}

type BoothAt = { section: number | null; index: number };

function boothAt(scene: Scene, label: string): BoothAt | null {
  const top = (scene.booths ?? []).findIndex((b) => b.label === label);
  if (top >= 0) return { section: null, index: top };
  for (let s = 0; s < scene.sections.length; s++) {
    const i = scene.sections[s]!.booths?.findIndex((b) => b.label === label) ?? -1;
    if (i >= 0) return { section: s, index: i };
  }
  return null;
}

/** The booth labelled `label` (at the top level or in a section), and its section's key when in one. */
export function findBooth(scene: Scene, label: string): { booth: Booth; sectionKey: string | null } | null {
  const at = boothAt(scene, label);
  if (!at) return null;
  if (at.section === null) return { booth: scene.booths![at.index]!, sectionKey: null };
  const section = scene.sections[at.section]!;
  return { booth: section.booths![at.index]!, sectionKey: section.key };
}

function replaceBooth(scene: Scene, at: BoothAt, booth: Booth): Scene {
  const swap = (list: Booth[]) => list.map((b, i) => (i === at.index ? booth : b));
  if (at.section === null) return { ...scene, booths: swap(scene.booths!) };
  return { ...scene, sections: scene.sections.map((s, i) => (i === at.section ? { ...s, booths: swap(s.booths!) } : s)) };
}

export interface BoothChanges {
  label?: string;
  categoryKey?: string;
  width?: number;
  height?: number;
  /** The floor of a booth outside sections: a floor's key, or "" for none. A section's booth is on its section's floor and keeps no floor of its own. */
  floorKey?: string;
  /** The booth's top-left corner, in layout units. */
  x?: number;
  y?: number;
}

/** Edits the booth labelled `label`. */
export function editBooth(scene: Scene, label: string, changes: BoothChanges): Edited {
  const at = boothAt(scene, label);
  if (!at) return { ok: false, reason: "not_found" };
  const old = findBooth(scene, label)!.booth;
  if (changes.label !== undefined && !changes.label.trim()) return { ok: false, reason: "empty_label" };
  const name = changes.label?.trim() ?? old.label;
  const taken = clash(scene, [old.label], [name]);
  if (taken) return { ok: false, reason: "label_taken", label: taken };
  const booth: Booth = { ...old, label: name };
  if (changes.categoryKey !== undefined) booth.categoryKey = changes.categoryKey;
  if (changes.width !== undefined) booth.width = r2(changes.width);
  if (changes.height !== undefined) booth.height = r2(changes.height);
  if (changes.x !== undefined) booth.x = r2(changes.x);
  if (changes.y !== undefined) booth.y = r2(changes.y);
  if (changes.floorKey !== undefined && at.section === null) {
    if (changes.floorKey) booth.floorKey = changes.floorKey;
    else delete booth.floorKey;
  }
  return { ok: true, scene: replaceBooth(scene, at, booth), label: name };
}

/** Moves the booth labelled `label` by (dx, dy) layout units. */
export function moveBooth(scene: Scene, label: string, dx: number, dy: number): Scene {
  const at = boothAt(scene, label);
  if (!at || (dx === 0 && dy === 0)) return scene;
  return replaceBooth(scene, at, moveBooths([findBooth(scene, label)!.booth], dx, dy)![0]!);
}

/**
 * Renames a zone and/or sets the sections it groups. Its key stays, so what names the zone by key
 * (reports, a buyer's link to it) keeps working.
 */
export function editZone(scene: Scene, key: string, changes: { label?: string; sectionKeys?: string[] }): Scene {
  if (!(scene.zones ?? []).some((z) => z.key === key)) return scene;
  const zones = scene.zones!.map((z): Zone => {
    if (z.key !== key) return z;
    const next: Zone = { ...z };
    if (changes.label?.trim()) next.label = changes.label.trim();
    if (changes.sectionKeys) next.sectionKeys = [...changes.sectionKeys];
    return next;
  });
  return { ...scene, zones };
}

/** Renames a floor; its key stays, so the sections, areas and booths on it stay on it. */
export function renameFloor(scene: Scene, key: string, label: string): Scene {
  const name = label.trim();
  if (!name || !(scene.floors ?? []).some((f) => f.key === key)) return scene;
  return { ...scene, floors: scene.floors!.map((f): Floor => (f.key === key ? { ...f, label: name } : f)) };
}
