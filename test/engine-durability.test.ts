import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EventObject } from "../src/engine/event-object";
import { advance, api, freeze, newEvent, outboxEvents, pauseOutbox, stubOf, token } from "./events-fixtures";

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
    const f = await newEvent({ layout: { categories: [{ key: "c", label: "C", color: "#123456" }], sections: [{ key: "S", label: "S", rows: [{ label: "1", seats: Array.from({ length: 700 }, (_, i) => ({ label: `S-${i}`, categoryKey: "c" })) }] }], generalAdmission: [] } });
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
    const rows = await runInDurableObject(stubOf(f), (_o: EventObject, state: DurableObjectState) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM seats").one().n);
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

  it("keeps outbox rows when sending fails and retries from the alarm", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const failing = { sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const { flushOutbox } = await import("../src/engine/outbox");
    await runInDurableObject(stubOf(f), async (o: EventObject, state: DurableObjectState) => {
      expect(await flushOutbox(state.storage.sql, failing, o.clock.now())).toBe(false);
    });
    const left = await runInDurableObject(stubOf(f), (_o: EventObject, state: DurableObjectState) => state.storage.sql.exec("SELECT attempts, next_at FROM outbox").toArray());
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
