import type { Layout } from "../../src/domain/layout";
import { tableSeatPoints } from "../../src/geometry/table-placement";
import { call, type EventFixture } from "./fixtures";

/**
 * Venues with tables, booths, zones and floors (docs/tables.md) for the tests: a gala hall of round
 * and rectangular tables on two floors with booths, and the table-booking route.
 */

export interface GalaOptions {
  /** Tables per floor's section (default 3). */
  tables?: number;
  /** Seats per table (default 8; every third table is rectangular with 6 unless `seats` is given per table). */
  seats?: number | ((t: number) => number);
  /** Top-level booths (default 2). */
  booths?: number;
  /** Give the seats no coordinates (drawn around their table). */
  bareSeats?: boolean;
}

/**
 * The gala: section `hall` (floor `ground`) with tables T1…Tn, a row `R` of 4 seats in front and a
 * booth `HB1`; section `gallery` (floor `upper`) with tables G1…Gn; top-level booths B1…; a GA
 * `Bar` on the ground floor; zones `front` (hall) and `all` (hall, gallery); the stage at (0, 0).
 */
export function gala(opts: GalaOptions = {}): Layout {
  const n = opts.tables ?? 3;
  const seatsOf = typeof opts.seats === "function" ? opts.seats : (t: number) => (opts.seats as number | undefined) ?? (t % 3 === 2 ? 6 : 8);
  const tables = (prefix: string, y0: number) =>
    Array.from({ length: n }, (_, t) => {
      const shape = t % 3 === 2 ? ("rect" as const) : ("round" as const);
      const x = (t - (n - 1) / 2) * 120;
      const y = y0 + Math.floor(t / 10) * 120;
      const count = seatsOf(t);
      const points = tableSeatPoints({ shape, x, y }, count);
      return {
        label: `${prefix}${t + 1}`,
        shape,
        categoryKey: t === 0 ? "vip" : "dinner",
        x,
        y,
        seats: points.map((p, i) => ({ label: `${prefix}${t + 1}-${i + 1}`, categoryKey: t === 0 ? "vip" : "dinner", ...(opts.bareSeats ? {} : p) })),
      };
    });
  return {
    categories: [
      { key: "vip", label: "VIP", color: "#d9480f" },
      { key: "dinner", label: "Dinner", color: "#4f7cff" },
      { key: "expo", label: "Expo", color: "#2b8a3e" },
    ],
    floors: [
      { key: "ground", label: "Ground floor", labels: { de: "Erdgeschoss" } },
      { key: "upper", label: "Gallery" },
    ],
    sections: [
      {
        key: "hall",
        label: "Hall",
        floorKey: "ground",
        rows: [{ label: "R", seats: [0, 1, 2, 3].map((i) => ({ label: `R-${i + 1}`, categoryKey: "dinner", x: -36 + i * 24, y: 60 })) }],
        tables: tables("T", 150),
        booths: [{ label: "HB1", categoryKey: "expo", x: 400, y: 150, width: 60, height: 40 }],
      },
      { key: "gallery", label: "Gallery", floorKey: "upper", rows: [], tables: tables("G", 600) },
    ],
    booths: Array.from({ length: opts.booths ?? 2 }, (_, b) => ({
      label: `B${b + 1}`,
      categoryKey: "expo",
      x: -500 + b * 80,
      y: 300,
      width: 60,
      height: 40,
      floorKey: "ground",
    })),
    generalAdmission: [{ label: "Bar", categoryKey: "dinner", capacity: 40, floorKey: "ground", x: 300, y: 0, width: 100, height: 60 }],
    zones: [
      { key: "front", label: "Front", sectionKeys: ["hall"], labels: { de: "Vorne" } },
      { key: "all", label: "Everywhere", sectionKeys: ["hall", "gallery"] },
    ],
    focalPoint: { x: 0, y: 0 },
  };
}

/** The seat labels of a gala table. */
export function seatsOf(layout: Layout, table: string): string[] {
  for (const s of layout.sections) for (const t of s.tables ?? []) if (t.label === table) return t.seats.map((x) => x.label);
  throw new Error(`no table ${table}`);
}

/** PUT /events/{key}/table-booking. */
export function putTableBooking(f: EventFixture, body: unknown, key = f.sk) {
  return call("PUT", `/api/v1/events/${f.eventKey}/table-booking`, { key, body });
}

/** GET /events/{key}/table-booking. */
export function getTableBooking(f: EventFixture, key = f.pk) {
  return call("GET", `/api/v1/events/${f.eventKey}/table-booking`, { key });
}

/** hold-best-available. */
export function bestAvailable(f: EventFixture, body: Record<string, unknown>, key = f.pk) {
  return call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key, body });
}
