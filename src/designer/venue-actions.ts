/**
 * The designer's actions on tables, booths, zones and floors: pure functions from one scene to the
 * next, like actions.ts. A new table's seats are placed around it by the same geometry the SDK
 * and the dashboard draw tables with (geometry/table-placement.ts), and are written with their
 * x/y, so the map buyers get is the one drawn here.
 */
import type { Booth, Floor, Layout, Section, Seat, Table, TableShape, Zone } from "../domain/layout";
import type { Box } from "../geometry/seat-plan";
import { tableBox, tableSeatPoints } from "../geometry/table-placement";
import { BOOTH_SIZE } from "../geometry/venue-placement";
import { keyFor, nextSectionKey } from "./section-keys";

type Scene = Layout;

/** Every object label of the scene: seats, tables, booths and GA areas share one label space. */
export function labelsOf(scene: Layout): Set<string> {
  const labels = new Set<string>();
  for (const s of scene.sections) {
    for (const r of s.rows) for (const seat of r.seats) labels.add(seat.label);
    for (const t of s.tables ?? []) {
      labels.add(t.label);
      for (const seat of t.seats) labels.add(seat.label);
    }
    for (const b of s.booths ?? []) labels.add(b.label);
  }
  for (const b of scene.booths ?? []) labels.add(b.label);
  for (const a of scene.generalAdmission) labels.add(a.label);
  return labels;
}

/** The first of `prefix`1, `prefix`2 … that no object has. */
export function nextLabel(scene: Layout, prefix: string): string {
  const taken = labelsOf(scene);
  for (let i = 1; ; i++) if (!taken.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

/** The first of `name(1)`, `name(2)` … that no object has. */
function nextName(scene: Layout, name: (n: number) => string): string {
  const taken = labelsOf(scene);
  for (let i = 1; ; i++) if (!taken.has(name(i))) return name(i);
}

export interface NewTable {
  /** The section the table goes into; none: a new section named "Tables" (its key the next letter). */
  sectionKey?: string;
  label?: string;
  shape: TableShape;
  seats: number;
  categoryKey: string;
  /** The table's centre, in layout units. */
  x: number;
  y: number;
  /** The name of a new section made for the table (in the page's language); "Tables" when not given. */
  sectionLabel?: string;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** The seats of a table at (x, y): labelled `<table>-1` … in order around it, each with its x/y. */
export function seatsAround(label: string, shape: TableShape, count: number, categoryKey: string, x: number, y: number): Seat[] {
  return tableSeatPoints({ shape, x, y }, count).map((p, i) => ({ label: `${label}-${i + 1}`, categoryKey, x: p.x, y: p.y }));
}

/** The boxes of every table (its seats included) and booth drawn, in layout units. */
function venueBoxes(scene: Layout): Box[] {
  const booth = (b: Booth): Box => ({ x: b.x ?? 0, y: b.y ?? 0, width: b.width ?? BOOTH_SIZE.width, height: b.height ?? BOOTH_SIZE.height });
  return [
    ...scene.sections.flatMap((s) => [
      ...(s.tables ?? []).map((t) => tableBox({ shape: t.shape, x: t.x ?? 0, y: t.y ?? 0, width: t.width, height: t.height }, t.seats.length)),
      ...(s.booths ?? []).map(booth),
    ]),
    ...(scene.booths ?? []).map(booth),
  ];
}

/**
 * Moves a new object's box right, past whatever table or booth it would overlap, until it overlaps
 * none: tables and booths added one after another stand side by side, never on each other.
 * `boxAt(x)` is the object's box with its x at `x`; answers that x.
 */
function freeX(scene: Layout, x: number, boxAt: (x: number) => Box): number {
  const boxes = venueBoxes(scene);
  for (let tries = 0; tries < 1000; tries++) {
    const mine = boxAt(x);
    const hit = boxes.find((b) => b.x < mine.x + mine.width && mine.x < b.x + b.width && b.y < mine.y + mine.height && mine.y < b.y + b.height);
    if (!hit) return x;
    x += hit.x + hit.width + TABLE_GAP - mine.x;
  }
  return x;
}

/** Where a new table of `seats` seats goes: at `at`, else to the right of the tables and booths it would overlap (their boxes, seats included). */
export function freeTableSpot(scene: Layout, shape: TableShape, seats: number, at: { x: number; y: number }): { x: number; y: number } {
  return { x: freeX(scene, at.x, (x) => tableBox({ shape, x, y: at.y }, seats)), y: at.y };
}

/** Room left between tables and booths placed side by side, in layout units. */
const TABLE_GAP = 24;

/** Adds a table with its seats around it; answers the scene, the table's label and its section's key. */
export function addTable(scene: Scene, t: NewTable): { scene: Scene; label: string; sectionKey: string } {
  const label = t.label?.trim() || nextLabel(scene, "T");
  const at = freeTableSpot(scene, t.shape, t.seats, { x: r2(t.x), y: r2(t.y) });
  const [x, y] = [r2(at.x), r2(at.y)];
  const table: Table = { label, shape: t.shape, categoryKey: t.categoryKey, x, y, seats: seatsAround(label, t.shape, t.seats, t.categoryKey, x, y) };
  const existing = t.sectionKey ? scene.sections.find((s) => s.key === t.sectionKey) : undefined;
  if (existing) {
    const sections = scene.sections.map((s) => (s === existing ? { ...s, tables: [...(s.tables ?? []), table] } : s));
    return { scene: { ...scene, sections }, label, sectionKey: existing.key };
  }
  const key = nextSectionKey(scene);
  const name = t.sectionLabel ?? "Tables";
  const section: Section = { key, label: scene.sections.some((s) => s.label === name) ? `${name} ${key}` : name, rows: [], tables: [table] };
  return { scene: { ...scene, sections: [...scene.sections, section] }, label, sectionKey: key };
}

/** Removes tables (with their seats) by label. */
export function removeTables(scene: Scene, labels: ReadonlySet<string>): Scene {
  if (labels.size === 0) return scene;
  return {
    ...scene,
    sections: scene.sections.map((s) => (s.tables?.some((t) => labels.has(t.label)) ? { ...s, tables: s.tables.filter((t) => !labels.has(t.label)) } : s)),
  };
}

/**
 * Adds a booth outside any section (its top-left corner at x/y, or to the right of the tables and
 * booths it would land on). Left unnamed, it is named by
 * `defaultLabel` (in the page's language; "Booth 1", "Booth 2" … when not given).
 */
export function addBooth(scene: Scene, b: Omit<Booth, "label"> & { label?: string; defaultLabel?: (n: number) => string }): { scene: Scene; label: string } {
  const { defaultLabel = (n: number) => `Booth ${n}`, ...fields } = b;
  const label = fields.label?.trim() || nextName(scene, defaultLabel);
  const width = fields.width ?? BOOTH_SIZE.width;
  const height = fields.height ?? BOOTH_SIZE.height;
  const booth: Booth = { ...fields, label };
  // A booth without coordinates is laid out by the map itself (docs/tables.md).
  if (fields.x !== undefined) booth.x = r2(freeX(scene, fields.x, (x) => ({ x, y: fields.y ?? 0, width, height })));
  if (booth.floorKey === undefined || booth.floorKey === "") delete booth.floorKey;
  return { scene: { ...scene, booths: [...(scene.booths ?? []), booth] }, label };
}

/** Removes booths by label, in sections or at the top level. */
export function removeBooths(scene: Scene, labels: ReadonlySet<string>): Scene {
  if (labels.size === 0) return scene;
  return {
    ...scene,
    booths: (scene.booths ?? []).filter((b) => !labels.has(b.label)),
    sections: scene.sections.map((s) => (s.booths?.some((b) => labels.has(b.label)) ? { ...s, booths: s.booths.filter((b) => !labels.has(b.label)) } : s)),
  };
}

/** Adds a zone, a named group of sections; answers its key. */
export function addZone(scene: Scene, label: string, sectionKeys: string[]): { scene: Scene; key: string } {
  const key = keyFor(label, "zone", new Set((scene.zones ?? []).map((z) => z.key)));
  const zone: Zone = { key, label: label.trim() || key, sectionKeys };
  return { scene: { ...scene, zones: [...(scene.zones ?? []), zone] }, key };
}

export function removeZone(scene: Scene, key: string): Scene {
  return { ...scene, zones: (scene.zones ?? []).filter((z) => z.key !== key) };
}

/** Adds a floor (level); answers its key. */
export function addFloor(scene: Scene, label: string): { scene: Scene; key: string } {
  const key = keyFor(label, "floor", new Set((scene.floors ?? []).map((f) => f.key)));
  const floor: Floor = { key, label: label.trim() || key };
  return { scene: { ...scene, floors: [...(scene.floors ?? []), floor] }, key };
}

/** Removes a floor, and its key from every section, area and booth that named it. */
export function removeFloor(scene: Scene, key: string): Scene {
  const off = <T extends { floorKey?: string }>(o: T): T => {
    if (o.floorKey !== key) return o;
    const copy = { ...o };
    delete copy.floorKey;
    return copy;
  };
  return {
    ...scene,
    floors: (scene.floors ?? []).filter((f) => f.key !== key),
    sections: scene.sections.map(off),
    generalAdmission: scene.generalAdmission.map(off),
    booths: (scene.booths ?? []).map(off),
  };
}

/** Puts sections on a floor ("" or undefined: on none). */
export function setSectionFloor(scene: Scene, sectionKeys: ReadonlySet<string>, floorKey: string | undefined): Scene {
  return {
    ...scene,
    sections: scene.sections.map((s) => {
      if (!sectionKeys.has(s.key)) return s;
      const copy: Section = { ...s };
      if (floorKey) copy.floorKey = floorKey;
      else delete copy.floorKey;
      return copy;
    }),
  };
}

/** Moves a section's tables with it: each table's centre and its seats (the rows move in actions.ts). */
export function moveTables(tables: Table[] | undefined, dx: number, dy: number): Table[] | undefined {
  if (!tables) return tables;
  return tables.map((t) => ({
    ...t,
    x: r2((t.x ?? 0) + dx),
    y: r2((t.y ?? 0) + dy),
    seats: t.seats.map((seat) => ({ ...seat, x: r2((seat.x ?? 0) + dx), y: r2((seat.y ?? 0) + dy) })),
  }));
}

/** Moves booths by (dx, dy). */
export function moveBooths(booths: Booth[] | undefined, dx: number, dy: number): Booth[] | undefined {
  return booths?.map((b) => ({ ...b, x: r2((b.x ?? 0) + dx), y: r2((b.y ?? 0) + dy) }));
}
