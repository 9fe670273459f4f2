import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventStub } from "../src/event-object/event-stub";
import type { Layout } from "../src/domain/layout";
import { tableSeatPoints } from "../src/geometry/table-placement";
import { api, call, newWorkspace, token, type EventFixture } from "./support/fixtures";
import { bestAvailable, putTableBooking } from "./support/tables";

/**
 * A 100,000-object layout with 5,000 tables (docs/tables.md with the compact of docs/charts.md#the-layout storage): 45,000 row
 * seats and 5,000 round tables of 10 seats, stored, published, read back after a restart, and
 * held from, whole and by best available.
 */
export function banquet(): Layout {
  const rows = Array.from({ length: 45 }, (_, s) => ({
    key: `S${s}`,
    label: `Stand ${s}`,
    floorKey: s % 2 === 0 ? "low" : "high",
    rows: Array.from({ length: 10 }, (_, r) => ({
      label: `${r + 1}`,
      seats: Array.from({ length: 100 }, (_, n) => ({ label: `S${s}-${r + 1}-${n + 1}`, categoryKey: "stand", x: n * 24 + s * 2600, y: r * 30 })),
    })),
  }));
  const floor = Array.from({ length: 50 }, (_, s) => ({
    key: `F${s}`,
    label: `Floor block ${s}`,
    floorKey: "low",
    rows: [],
    tables: Array.from({ length: 100 }, (_, t) => {
      const x = (t % 10) * 120 + (s % 10) * 1300;
      const y = 1000 + Math.floor(t / 10) * 120 + Math.floor(s / 10) * 1300;
      return {
        label: `F${s}-T${t + 1}`,
        shape: "round" as const,
        categoryKey: "table",
        x,
        y,
        seats: tableSeatPoints({ shape: "round", x, y }, 10).map((p, i) => ({ label: `F${s}-T${t + 1}-${i + 1}`, categoryKey: "table", ...p })),
      };
    }),
  }));
  return {
    categories: [
      { key: "stand", label: "Stand", color: "#4f7cff" },
      { key: "table", label: "Table", color: "#d9480f" },
    ],
    floors: [
      { key: "low", label: "Lower level" },
      { key: "high", label: "Upper level" },
    ],
    zones: [{ key: "floor", label: "Floor", sectionKeys: floor.map((s) => s.key) }],
    sections: [...rows, ...floor],
    generalAdmission: [],
    focalPoint: { x: 6000, y: 900 },
  };
}

describe("a 100,000-object layout with 5,000 tables", () => {
  it("is stored, published and read back after a restart, and its tables are held whole and by best available", async () => {
    const times: Record<string, number> = {};
    const timed = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
      const t0 = Date.now();
      const out = await fn();
      times[label] = Date.now() - t0;
      return out;
    };
    const keys = await newWorkspace();
    const created = await timed("create chart", () =>
      call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Banquet", chartKey: "banquet", draftVersion: banquet() } }),
    );
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect((await timed("publish", () => call("POST", "/api/v1/charts/banquet/publish", { key: keys.skLive }))).status).toBe(200);
    expect(
      (await timed("create event", () => call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "banquet", eventKey: "banquet" } }))).status,
    ).toBe(201);
    const f: EventFixture = { keys, chartKey: "banquet", eventKey: "banquet", environment: "production", sk: keys.skLive, pk: keys.pkLive };
    await putTableBooking(f, { mode: "by_table", tables: { "F0-T1": "by_seat" } });
    await evictDurableObject(eventStub(env, keys.workspaceId, "production", "banquet"));

    const t = token();
    const whole = await timed("hold a table whole after a restart", () => api.hold(f, { objectLabels: ["F7-T42"], holdToken: t }));
    expect(whole.body.objects[0].seatLabels).toHaveLength(10);
    const party = await timed("best available party of 6 (whole tables)", () => bestAvailable(f, { holdToken: token(), quantity: 6, tables: true }));
    expect(party.status, JSON.stringify(party.body)).toBe(200);
    expect(party.body.tableLabels).toHaveLength(1);
    expect(party.body.objects[0].seatLabels).toHaveLength(10);

    await evictDurableObject(eventStub(env, keys.workspaceId, "production", "banquet"));
    const compact = await timed("compact objects after a restart", () => api.objects(f, "?format=compact"));
    const tables = (compact.body.sections as { tables?: unknown[] }[]).reduce((n, s) => n + (s.tables?.length ?? 0), 0);
    expect(tables).toBe(5_000);
    expect(compact.body.floors).toHaveLength(2);
    const status = await timed("status", () => api.status(f));
    const entries = status.body.objects as { objectType: string; status: string }[];
    expect(entries.filter((e) => e.objectType === "table").map((e) => e.status)).toEqual(["held", "held"]);
    expect(entries.filter((e) => e.objectType === "seat")).toHaveLength(20);
    const full = await timed("objects (100k)", () => api.objects(f));
    expect(full.body.objects).toHaveLength(100_000);
    const report = await timed("reports", () => api.reports(f));
    expect(report.body.byStatus).toEqual({ free: 95_000 - 20, held: 20, booked: 0, not_for_sale: 0 });
    console.log("tables scale timings (ms):", JSON.stringify(times));
  }, 600_000);
});
