import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  api,
  bigLayout,
  call,
  drainedOutbox,
  expectOk,
  inObject,
  newEvent,
  newReceiver,
  outboxEvents,
  pauseOutbox,
  stubOf,
  token,
  type EventFixture,
} from "./support/fixtures";

/**
 * extraData kept once per request (docs/security.md): a 200-seat hold with 1 KiB of extraData stores the
 * text once in the event's object (seats, history, outbox and stored answers name it), once in D1
 * for the webhook deliveries of all its seats, and every read, answer and webhook still carries
 * the same extraData as before. Objects written before keep working and give their texts up on wake.
 */

const SEATS = Array.from({ length: 200 }, (_, i) => `S0-${Math.floor(i / 100)}-${i % 100}`);
/** 1,024 bytes of JSON. */
const EXTRA = { order: "ord-2026-0042", note: "n".repeat(1024 - 35) };

/** Rows of a table of the event's object. */
const count = (f: EventFixture, query: string) => inObject(f, (_o, state) => Number(state.storage.sql.exec(query).one().n));

describe("a hold's extraData is stored once", () => {
  it("in the seats, the history and the outbox, and every read still carries it", async () => {
    expect(JSON.stringify(EXTRA).length).toBe(1024);
    const f = await newEvent({ layout: bigLayout(200) });
    await pauseOutbox(f);
    const t = token();
    expectOk(await api.hold(f, { objectLabels: SEATS, holdToken: t, extraData: EXTRA }));
    expect(await count(f, "SELECT COUNT(*) AS n FROM extras")).toBe(1);
    expect(await count(f, "SELECT COUNT(DISTINCT extra_id) AS n FROM seats WHERE extra IS NULL")).toBe(1);
    expect(await count(f, "SELECT COUNT(*) AS n FROM history WHERE extra_id IS NOT NULL AND extra IS NULL")).toBe(200);
    // No row but the one extras row holds the text.
    for (const table of ["seats", "history"]) expect(await count(f, `SELECT COALESCE(SUM(LENGTH(extra)), 0) AS n FROM ${table}`), table).toBe(0);
    const events = await outboxEvents(f);
    expect(events).toHaveLength(200);
    expect(events.every((e) => JSON.stringify(e.object.extraData) === JSON.stringify(EXTRA))).toBe(true);
    expect(await count(f, `SELECT COUNT(*) AS n FROM outbox WHERE extra_id IS NOT NULL AND INSTR(body, '"extraData":null') > 0`)).toBe(200);

    // Reads and answers: the secret status, the history, a booking's answer.
    const status = (await api.status(f, "", f.sk)).body.objects as { extraData: unknown }[];
    expect(status.every((o) => JSON.stringify(o.extraData) === JSON.stringify(EXTRA))).toBe(true);
    const history = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?limit=200`, { key: f.sk });
    expect(history.body.items.every((r: { extraData: unknown }) => JSON.stringify(r.extraData) === JSON.stringify(EXTRA))).toBe(true);
    const booked = await api.book(f, { objectLabels: SEATS, holdToken: t });
    expect(booked.body.objects.every((o: { extraData: unknown }) => JSON.stringify(o.extraData) === JSON.stringify(EXTRA))).toBe(true);
    // Booking copies nothing: still one text, now named by 400 records.
    expect(await count(f, "SELECT COUNT(*) AS n FROM extras")).toBe(1);
    expect(await count(f, "SELECT COUNT(*) AS n FROM history WHERE extra_id IS NOT NULL")).toBe(400);
    // Released, the records still tell it.
    expectOk(await api.release(f, { objectLabels: SEATS.slice(0, 2) }));
    const released = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?objectLabel=${SEATS[0]}`, { key: f.sk });
    expect(released.body.items.map((r: { extraData: unknown }) => r.extraData)).toEqual([EXTRA, EXTRA, EXTRA]);
  });

  it("in a stored Idempotency-Key answer, which answers the same again", async () => {
    const f = await newEvent({ layout: bigLayout(200) });
    const body = { objectLabels: SEATS, holdToken: token(), extraData: EXTRA };
    const headers = { "Idempotency-Key": "hold-200" };
    const first = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, body, headers });
    expectOk(first);
    const stored = await inObject(f, (_o, state) => String(state.storage.sql.exec("SELECT answer FROM idempotency").one().answer));
    expect(stored.length).toBeLessThan(20_000);
    const again = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("in D1, for the deliveries of every seat, and every receiver gets the same envelope as before", async () => {
    const f = await newEvent({ environment: "production", layout: bigLayout(200) });
    const receivers = [newReceiver(), newReceiver()];
    for (const r of receivers) expectOk(await call("POST", "/api/v1/webhooks", { key: f.sk, body: { url: r.url, events: ["seat.held"] } }), 201);
    expectOk(await api.hold(f, { objectLabels: SEATS, holdToken: token(), extraData: EXTRA }));
    await drainedOutbox(f);
    for (const r of receivers) {
      const got = await r.waitFor(200, 30_000);
      expect(got.every((req) => JSON.stringify(JSON.parse(req.body).data.object.extraData) === JSON.stringify(EXTRA))).toBe(true);
    }
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n, COUNT(DISTINCT extra_hash) AS hashes, SUM(LENGTH(payload)) AS bytes FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.workspace_id = ?",
    )
      .bind(f.keys.workspaceId)
      .first<{ n: number; hashes: number; bytes: number }>();
    expect(rows).toMatchObject({ n: 400, hashes: 1 });
    // Each delivery stores its envelope without the 1 KiB: well under it per row.
    expect(rows!.bytes / rows!.n).toBeLessThan(700);
    const texts = await env.DB.prepare("SELECT body FROM webhook_extra_data WHERE body = ?").bind(JSON.stringify(EXTRA)).all();
    expect(texts.results).toHaveLength(1);
  });
});

describe("an object written before extraData was kept once", () => {
  it("moves its seats' and GA rows' texts on wake and its history's from the alarm; every read is unchanged", async () => {
    const f = await newEvent();
    const t = token();
    const extra = JSON.stringify({ legacy: true, order: 7 });
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { legacy: true, order: 7 } }));
    expectOk(await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2, extraData: { legacy: true, order: 7 } }));
    const before = (await api.status(f, "", f.sk)).body.objects;
    const historyBefore = (await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body.items;
    // Put the rows back as the old layout wrote them: the text on every row, no shared texts.
    await inObject(f, (_o, state) => {
      const sql = state.storage.sql;
      for (const table of ["seats", "ga", "history"]) sql.exec(`UPDATE ${table} SET extra = ?, extra_id = NULL WHERE extra_id IS NOT NULL`, extra);
      sql.exec("DELETE FROM extras");
      sql.exec("DELETE FROM meta WHERE k IN ('extras_moved', 'extras_history_through')");
    });
    // Read as they are (the text on the rows) before any move.
    expect((await api.status(f, "", f.sk)).body.objects).toEqual(before);
    await evictDurableObject(stubOf(f));
    expect((await api.status(f, "", f.sk)).body.objects).toEqual(before);
    expect(await count(f, "SELECT COUNT(*) AS n FROM seats WHERE extra IS NOT NULL")).toBe(0);
    expect(await count(f, "SELECT COUNT(*) AS n FROM ga WHERE extra IS NOT NULL")).toBe(0);
    expect(await count(f, "SELECT COUNT(*) AS n FROM extras")).toBe(1);
    // The history waits for the alarm, and reads the same meanwhile.
    expect(await count(f, "SELECT COUNT(*) AS n FROM history WHERE extra IS NOT NULL")).toBe(3);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body.items).toEqual(historyBefore);
    await runDurableObjectAlarm(stubOf(f));
    expect(await count(f, "SELECT COUNT(*) AS n FROM history WHERE extra IS NOT NULL")).toBe(0);
    expect(await count(f, "SELECT COUNT(*) AS n FROM extras")).toBe(1);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body.items).toEqual(historyBefore);
    // Moving again changes nothing; the token's rows still book with their extraData.
    await evictDurableObject(stubOf(f));
    const booked = await api.book(f, { objectLabels: ["A-1-1", "Floor"], holdToken: t });
    expect(booked.body.objects.map((o: { extraData: unknown }) => o.extraData)).toEqual([
      { legacy: true, order: 7 },
      { legacy: true, order: 7 },
    ]);
    expect(await count(f, "SELECT COUNT(*) AS n FROM extras")).toBe(1);
  });
});
