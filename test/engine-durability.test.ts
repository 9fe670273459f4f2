import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EventObject } from "../src/engine/event-object";
import { advance, api, freeze, newEvent, outboxEvents, pauseOutbox, stubOf, token, type EventFixture } from "./events-fixtures";

/** The outbox once the object's own flush has had up to a second to send it. */
async function outboxAfterFlush(f: EventFixture) {
  let left = await outboxEvents(f);
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    left = await outboxEvents(f);
  }
  return left;
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
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token("b") })).status).toBe(409);
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
    const alarm = await runInDurableObject(stubOf(f), (_o: EventObject, state: DurableObjectState) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    await advance(f, 20_000);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    // A second run (alarms are at-least-once) finds nothing more to expire.
    await runInDurableObject(stubOf(f), async (o: EventObject) => {
      await o.alarm();
    });
    const expired = (await outboxEvents(f)).filter((e) => e.type === "seat.hold_expired");
    expect(expired).toHaveLength(700);
    expect(new Set(expired.map((e) => e.object.objectLabel)).size).toBe(700);
    const rows = await runInDurableObject(
      stubOf(f),
      (_o: EventObject, state: DurableObjectState) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM seats").one().n,
    );
    expect(rows).toBe(0);
  });

  it("flushes the outbox to the queue and deletes only what was sent", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    // The flush runs after commit (waitUntil); the alarm path flushes too.
    await runInDurableObject(stubOf(f), async (o: EventObject) => {
      await o.flush();
    });
    expect(await outboxEvents(f)).toEqual([]);
  });

  it("sends outbox rows an evicted instance left behind as soon as the object wakes again", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token() });
    expect(await outboxEvents(f)).toHaveLength(2);
    await evictDurableObject(stubOf(f));
    // Any call wakes the object; the flush starts during its start-up.
    expect(await outboxAfterFlush(f)).toEqual([]);
  });

  it("sends every change of a burst of concurrent commits (flushes coalesced on a short interval)", async () => {
    const f = await newEvent();
    const labels = Array.from({ length: 10 }, (_, i) => `A-1-${i + 1}`);
    await Promise.all(labels.map((label) => api.hold(f, { objectLabels: [label], holdToken: token() })));
    expect(await outboxAfterFlush(f)).toEqual([]);
  });

  it("keeps outbox rows when sending fails and retries from the alarm", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const failing = { sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const { flushOutbox } = await import("../src/engine/outbox");
    await runInDurableObject(stubOf(f), async (o: EventObject, state: DurableObjectState) => {
      expect(await flushOutbox(state.storage.sql, failing, o.clock.now())).toBe(false);
    });
    const left = await runInDurableObject(stubOf(f), (_o: EventObject, state: DurableObjectState) =>
      state.storage.sql.exec("SELECT attempts, next_at FROM outbox").toArray(),
    );
    expect(left).toHaveLength(1);
    expect(left[0]!.attempts).toBe(1);
    await runInDurableObject(stubOf(f), async (o: EventObject) => {
      o.outboxPaused = false;
      o.clock.advance(5000);
      await o.alarm();
    });
    expect(await outboxEvents(f)).toEqual([]);
  });
});

describe("outbox packing", () => {
  it("packs rows in commit order into at most two events messages of one scope, within 100 KB each", async () => {
    const { packEvents } = await import("../src/engine/outbox");
    const row = (seq: number, workspaceId: string, pad = 0) => ({
      seq,
      body: JSON.stringify({
        kind: "event",
        workspaceId,
        environment: "production",
        event: { id: `evt_${seq}`, type: "seat.held", created: 1, data: { object: { pad: "x".repeat(pad) } } },
      }),
    });
    const small = packEvents([row(1, "ws_a"), row(2, "ws_a"), row(3, "ws_a")]);
    expect(small.rows).toBe(3);
    expect(small.messages).toHaveLength(1);
    expect(small.messages[0]!.events.map((e) => e.id)).toEqual(["evt_1", "evt_2", "evt_3"]);
    // A change of scope starts a new message; a third message waits for the next pass.
    const scopes = packEvents([row(1, "ws_a"), row(2, "ws_b"), row(3, "ws_c")]);
    expect(scopes.rows).toBe(2);
    expect(scopes.messages.map((m) => m.workspaceId)).toEqual(["ws_a", "ws_b"]);
    // 30 KB rows: three fit in one 100 KB message, so six rows make two messages and the rest wait.
    const big = packEvents(Array.from({ length: 8 }, (_, i) => row(i + 1, "ws_a", 30_000)));
    expect(big.messages.map((m) => m.events.length)).toEqual([3, 3]);
    expect(big.rows).toBe(6);
    // Non-ASCII text counts up to 3 bytes per character.
    const wide = packEvents(
      Array.from({ length: 3 }, (_, i) => ({
        seq: i + 1,
        body: row(i + 1, "ws_a")
          .body.replace("seat.held", "seat.held")
          .replace('"pad":""', `"pad":"${"é".repeat(20_000)}"`),
      })),
    );
    expect(wide.messages.map((m) => m.events.length)).toEqual([1, 1]);
  });
});
