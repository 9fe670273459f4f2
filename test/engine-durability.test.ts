import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { packEvents } from "../src/event-object/outbox/outbox";
import { recordChange } from "../src/event-object/state/status-history";
import { historyQueuedThrough } from "../src/event-object/state/store";
import { parseWebhookMessage } from "../src/webhooks/consumer";
import type { WebhookMessage, WebhookQueueBody } from "../src/domain/webhook-messages";
import {
  advance,
  api,
  drainedOutbox,
  engineNow,
  type EventFixture,
  expectError,
  freeze,
  inObject,
  newEvent,
  inFilledOutbox,
  outboxEvents,
  pauseOutbox,
  stubOf,
  token,
} from "./support/fixtures";

/** WEBHOOK_REDRIVE_SECONDS of the test runtime (vitest.config.ts), in ms. */
const REDRIVE_MS = 2000;

/** The outbox rows with their lease and attempts. */
function outboxRows(f: EventFixture) {
  return inFilledOutbox(f, (sql) =>
    sql.exec<{ seq: number; next_at: number; attempts: number }>("SELECT seq, next_at, attempts FROM outbox ORDER BY seq").toArray(),
  );
}

describe("durability, expiry sweep and outbox", () => {
  it("keeps holds and bookings across eviction", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2 });
    const before = (await api.status(f, "", f.sk)).body;
    await evictDurableObject(stubOf(f));
    expect((await api.status(f, "", f.sk)).body).toEqual(before);
    expectError(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token("b") }), 409, "seat_unavailable");
  });

  it("arms an alarm at the earliest expiry; the sweep frees in chunks, emits hold_expired once, and is idempotent", async () => {
    const f = await newEvent({
      layout: {
        categories: [{ key: "c", label: "C", color: "#123456" }],
        sections: [{ key: "S", label: "S", rows: [{ label: "1", seats: Array.from({ length: 700 }, (_, i) => ({ label: `S-${i}`, categoryKey: "c" })) }] }],
        generalAdmission: [],
      },
    });
    await pauseOutbox(f);
    await freeze(f);
    for (let i = 0; i < 700; i += 200) {
      const labels = Array.from({ length: Math.min(200, 700 - i) }, (_, j) => `S-${i + j}`);
      expect((await api.hold(f, { objectLabels: labels, holdToken: token(), ttlSeconds: 20 })).status).toBe(200);
    }
    const alarm = await inObject(f, (_o, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    await advance(f, 20_000);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    // A second run (alarms are at-least-once) finds nothing more to expire.
    await inObject(f, async (o) => {
      await o.alarm();
    });
    const expired = (await outboxEvents(f)).filter((e) => e.type === "seat.hold_expired");
    expect(expired).toHaveLength(700);
    expect(new Set(expired.map((e) => e.object.objectLabel)).size).toBe(700);
    const rows = await inObject(f, (_o, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM seats").one().n);
    expect(rows).toBe(0);
  });

  it("keeps an outbox row until the consumer has stored its deliveries, then forgets it", async () => {
    const f = await newEvent();
    await inObject(f, (o) => {
      o.loseOutboxSends = true;
    });
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await inObject(f, (o) => o.flushOutbox());
    // Sent (into a queue that lost it) but not confirmed: still there, leased.
    const [row] = await outboxRows(f);
    expect(row!.next_at).toBeGreaterThan(await engineNow(f));
    await inObject(f, async (o) => {
      o.loseOutboxSends = false;
      o.clock.advance(REDRIVE_MS);
      await o.alarm();
    });
    expect(await drainedOutbox(f)).toEqual([]);
  });

  it("sends outbox rows an evicted instance left behind as soon as the object wakes again", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token() });
    expect(await outboxEvents(f)).toHaveLength(2);
    // The lost sends' leases run out while the object is gone; waking sends them again.
    await inObject(f, (o) => o.clock.advance(REDRIVE_MS));
    await evictDurableObject(stubOf(f));
    await new Promise((r) => setTimeout(r, REDRIVE_MS));
    expect(await drainedOutbox(f)).toEqual([]);
  });

  it("fills and sends, once the object wakes, an event whose change committed but never reached the outbox", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect(await drainedOutbox(f)).toEqual([]);
    // A commit whose instance was killed before its after-commit fill: only the history record exists.
    const seq = await inObject(f, (o, state) =>
      state.storage.transactionSync(() =>
        recordChange(state.storage.sql, { label: "A-1-2", objectType: "seat", status: "held", previous: "free", cause: "hold", extra: null }, o.clock.now(), {
          type: "seat.held",
          holdExpiresAt: o.clock.now() + 60_000,
          categoryKey: "cat1",
          channelKey: null,
        }),
      ),
    );
    await evictDurableObject(stubOf(f));
    // Read as the object left it (no fill by the test): the record's event was filled, sent and confirmed.
    const left = () =>
      inObject(f, (_o, state) => ({
        through: historyQueuedThrough(state.storage.sql),
        rows: Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n),
      }));
    let now = await left();
    for (let i = 0; i < 150 && (now.through < seq || now.rows > 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      now = await left();
    }
    expect(now).toEqual({ through: seq, rows: 0 });
  });

  it("upgrades an object from before the outbox was filled from the history, sending nothing twice", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    // Make it look as 1.18.0 left it: no webhook columns on its history, a time index, and its
    // event written as an outbox row with its change.
    await inObject(f, (_o, state) => {
      const sql = state.storage.sql;
      sql.exec("DELETE FROM outbox");
      for (const column of ["hook", "hook_expires_at", "category", "channel"]) sql.exec(`ALTER TABLE history DROP COLUMN ${column}`);
      sql.exec("CREATE INDEX history_at ON history (at)");
      sql.exec("DELETE FROM meta WHERE k = 'outbox_through'");
      const event = { id: "evt_written_by_1_18_0", type: "seat.held", created: 0, data: { object: { eventKey: f.eventKey, objectLabel: "A-1-1", seq: 1 } } };
      sql.exec("INSERT INTO outbox (body, next_at) VALUES (?, 0)", JSON.stringify(event));
    });
    await evictDurableObject(stubOf(f));
    const woken = await inObject(f, (o, state) => {
      o.loseOutboxSends = true;
      const sql = state.storage.sql;
      return {
        through: historyQueuedThrough(sql),
        timeIndex: sql.exec("SELECT name FROM sqlite_master WHERE name = 'history_at'").toArray().length,
        bodies: sql
          .exec<{ body: string }>("SELECT body FROM outbox")
          .toArray()
          .map((r) => r.body),
      };
    });
    // The old record's event is the old row, not a second one filled from the record.
    expect(woken.through).toBe(1);
    expect(woken.timeIndex).toBe(0);
    expect(woken.bodies.every((b) => b.includes("evt_written_by_1_18_0"))).toBe(true);
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    const events = await outboxEvents(f);
    expect(events.filter((e) => e.object.objectLabel === "A-1-2").map((e) => e.object.seq)).toEqual([2]);
    expect(events.some((e) => e.object.objectLabel === "A-1-1" && e.id !== "evt_written_by_1_18_0")).toBe(false);
  });

  it("sends every change of a burst of concurrent commits (flushes coalesced on a short interval)", async () => {
    const f = await newEvent();
    const labels = Array.from({ length: 10 }, (_, i) => `A-1-${i + 1}`);
    await Promise.all(labels.map((label) => api.hold(f, { objectLabels: [label], holdToken: token() })));
    expect(await drainedOutbox(f)).toEqual([]);
  });

  it("keeps outbox rows when the queue refuses them and retries from the alarm", async () => {
    const f = await newEvent();
    await inObject(f, (o) => {
      o.queueOverride = { sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue<WebhookQueueBody>;
    });
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await inObject(f, (o) => o.flushOutbox());
    const left = await outboxRows(f);
    expect(left).toHaveLength(1);
    expect(left[0]!.attempts).toBeGreaterThanOrEqual(1);
    await inObject(f, async (o) => {
      o.queueOverride = null;
      o.clock.advance(5000);
      await o.alarm();
    });
    expect(await drainedOutbox(f)).toEqual([]);
  });

  it("ignores a confirmation meant for an earlier event of the same key", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const [row] = await outboxRows(f);
    expect(await stubOf(f).ackOutbox("ev_some_earlier_event", [row!.seq])).toEqual({ acked: 0 });
    expect(await outboxRows(f)).toHaveLength(1);
  });
});

describe("outbox packing", () => {
  const meta = { workspaceId: "ws_a", environment: "production" as const, eventKey: "gala", eventId: "ev_1" };
  const row = (seq: number, pad = 0) => ({
    seq,
    body: JSON.stringify({ id: `evt_${seq}`, type: "seat.held", created: 1, data: { object: { pad: "x".repeat(pad) } } }),
  });

  /** The messages of a pack as the consumer reads them. */
  const pack = (rows: Array<{ seq: number; body: string }>) => {
    const packed = packEvents(meta, rows);
    return { rows: packed.rows, messages: packed.messages.map((text) => parseWebhookMessage(text) as Extract<WebhookMessage, { kind: "events" }>) };
  };

  it("packs rows in commit order into at most two events messages within 100 KB each, naming the rows each carries", () => {
    const small = pack([row(1), row(2), row(3)]);
    expect(small.messages[0]).toMatchObject({ kind: "events", workspaceId: "ws_a", environment: "production" });
    expect(small.rows).toBe(3);
    expect(small.messages).toHaveLength(1);
    expect(small.messages[0]!.events.map((e) => e.id)).toEqual(["evt_1", "evt_2", "evt_3"]);
    expect(small.messages[0]!.source).toEqual({ eventKey: "gala", eventId: "ev_1", seqs: [1, 2, 3] });
    // 30 KB rows: three fit in one 100 KB message, so six rows make two messages and the rest wait.
    const big = pack(Array.from({ length: 8 }, (_, i) => row(i + 1, 30_000)));
    expect(big.messages.map((m) => m.events.length)).toEqual([3, 3]);
    expect(big.messages.map((m) => m.source!.seqs)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(big.rows).toBe(6);
    // Non-ASCII text counts up to 3 bytes per character.
    const wide = pack(Array.from({ length: 3 }, (_, i) => ({ seq: i + 1, body: row(i + 1).body.replace('"pad":""', `"pad":"${"é".repeat(20_000)}"`) })));
    expect(wide.messages.map((m) => m.events.length)).toEqual([1, 1]);
  });

  it("reads rows written in the earlier form (a whole event message per row)", () => {
    const legacy = { seq: 7, body: JSON.stringify({ kind: "event", workspaceId: "ws_a", environment: "production", event: JSON.parse(row(7).body) }) };
    expect(pack([legacy]).messages[0]!.events[0]!.id).toBe("evt_7");
  });
});
