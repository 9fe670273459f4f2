import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, bigLayout, call, drainedOutbox, expectOk, inObject, newEvent, newReceiver, pauseOutbox, token } from "./support/fixtures";

/**
 * The storage of a 200-seat hold with 1 KiB of extraData (docs/security.md): bytes in the event's
 * object and in D1, printed as one `extra-data-storage` line (BENCHMARKS.md quotes it). Written
 * against the tables alone, so the same file measures a revision from before extraData was kept
 * once. The bounds hold the figures of this layout.
 */

const SEATS = Array.from({ length: 200 }, (_, i) => `S0-${Math.floor(i / 100)}-${i % 100}`);
const EXTRA = { order: "ord-2026-0042", note: "n".repeat(1024 - 35) };

/** Bytes of every value of each table of the object (SQLite's LENGTH of each column, summed). */
function tableBytes(sql: SqlStorage): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of ["seats", "ga", "history", "outbox", "extras", "idempotency"]) {
    const columns = sql
      .exec<{ name: string }>(`PRAGMA table_info(${table})`)
      .toArray()
      .map((c) => c.name);
    if (columns.length === 0) continue;
    const sum = columns.map((c) => `COALESCE(SUM(LENGTH(${c})), 0)`).join(" + ");
    out[table] = Number(sql.exec(`SELECT ${sum} AS n FROM ${table}`).one().n);
  }
  return out;
}

describe("the storage of a 200-seat hold with 1 KiB of extraData", () => {
  it("in the event's object and in D1", async () => {
    expect(JSON.stringify(EXTRA).length).toBe(1024);
    const f = await newEvent({ environment: "production", layout: bigLayout(200) });
    await pauseOutbox(f);
    const sizeBefore = await inObject(f, (_o, state) => state.storage.sql.databaseSize);
    const t = token();
    expectOk(await api.hold(f, { objectLabels: SEATS, holdToken: t, extraData: EXTRA }, f.sk));
    const held = await inObject(f, (_o, state) => ({ tables: tableBytes(state.storage.sql), size: state.storage.sql.databaseSize }));
    expectOk(await api.book(f, { objectLabels: SEATS, holdToken: t }));
    const booked = await inObject(f, (_o, state) => ({ tables: tableBytes(state.storage.sql), size: state.storage.sql.databaseSize }));

    // D1: the deliveries of the 200 seat.held events to one endpoint.
    const d = await newEvent({ environment: "production", layout: bigLayout(200) });
    const r = newReceiver();
    expectOk(await call("POST", "/api/v1/webhooks", { key: d.sk, body: { url: r.url, events: ["seat.held"] } }), 201);
    expectOk(await api.hold(d, { objectLabels: SEATS, holdToken: token(), extraData: EXTRA }, d.sk));
    await drainedOutbox(d);
    await r.waitFor(200, 60_000);
    const deliveries = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(LENGTH(payload)) AS bytes FROM webhook_deliveries w JOIN webhook_endpoints e ON e.id = w.endpoint_id WHERE e.workspace_id = ?",
    )
      .bind(d.keys.workspaceId)
      .first<{ n: number; bytes: number }>();
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'webhook_extra_data'").all();
    const texts =
      tables.results.length === 0
        ? 0
        : Number((await env.DB.prepare("SELECT COALESCE(SUM(LENGTH(body)), 0) AS n FROM webhook_extra_data").first<{ n: number }>())?.n ?? 0);

    const sum = (t: Record<string, number>) => Object.values(t).reduce((a, b) => a + b, 0);
    const figures = {
      objectRowsAfterHold: sum(held.tables),
      objectTablesAfterHold: held.tables,
      objectDatabaseGrowthAfterHold: held.size - sizeBefore,
      objectRowsAfterBook: sum(booked.tables),
      objectDatabaseGrowthAfterBook: booked.size - sizeBefore,
      d1Deliveries: deliveries?.n,
      d1DeliveryPayloadBytes: deliveries?.bytes,
      d1ExtraDataBytes: texts,
    };
    console.log(`extra-data-storage ${JSON.stringify(figures)}`);
    // Kept once: the rows hold the 1 KiB once, not once per seat (200 KiB) per table.
    expect(figures.objectRowsAfterHold).toBeLessThan(100_000);
    expect(figures.objectRowsAfterBook).toBeLessThan(150_000);
    expect((figures.d1DeliveryPayloadBytes ?? 0) + figures.d1ExtraDataBytes).toBeLessThan(150_000);
  });
});
