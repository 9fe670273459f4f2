import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { oldestRecordAt } from "../src/event-object/state/status-history";
import { advance, api, call, drainedOutbox, freeze, inObject, newEvent, smallLayout, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * The status history (docs/status-history.md): every change recorded with its cause, numbered per event with
 * no gap, readable by seat, token, order and seq; tokens filter but never come back.
 */

type Record = { seq: number; objectLabel: string; cause: string; status: string; previousStatus: string; quantity?: number; orderId?: string };

async function changes(f: EventFixture, query = ""): Promise<{ items: Record[]; nextCursor: string | null }> {
  const res = await call("GET", `/api/v1/events/${f.eventKey}/status-changes${query}`, { key: f.sk });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every record of the event, following the cursor. */
async function allChanges(f: EventFixture): Promise<Record[]> {
  const out: Record[] = [];
  let after = "0";
  for (;;) {
    const page = await changes(f, `?after=${after}&limit=1000`);
    out.push(...page.items);
    if (page.nextCursor === null) return out;
    after = page.nextCursor;
  }
}

const brief = (r: Record) => [r.objectLabel, r.cause, r.previousStatus, r.status, ...(r.quantity !== undefined ? [r.quantity] : [])];

describe("status history", () => {
  it("records every cause, in order, with contiguous seq and no token anywhere", async () => {
    const f = await newEvent();
    await freeze(f);
    const a = token("a");
    const b = token("b");
    expect((await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: a, ttlSeconds: 60 })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: a })).status).toBe(200); // a retry records nothing
    expect((await api.hold(f, { objectLabels: ["A-1-3"], holdToken: b })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["A-1-3"], holdToken: a })).status).toBe(409); // refused: nothing
    expect((await api.hold(f, { objectLabels: ["Floor"], holdToken: a, objectType: "generalAdmission", quantity: 3 })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["Floor"], holdToken: a, objectType: "generalAdmission", quantity: 5 })).status).toBe(200); // resize
    expect((await api.extend(f, { holdToken: a, ttlSeconds: 120, objectLabels: ["A-1-2"] })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["A-1-1", "Floor"], holdToken: a, orderId: "order-7" })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["A-1-1"], holdToken: a, orderId: "order-7" })).status).toBe(200); // retry: nothing
    expect((await api.release(f, { objectLabels: ["A-1-3"], holdToken: b }, f.pk)).status).toBe(200);
    expect((await call("POST", `/api/v1/events/${f.eventKey}/seats/not-for-sale`, { key: f.sk, body: { objectLabels: ["A-1-9"] } })).status).toBe(200);
    expect((await call("POST", `/api/v1/events/${f.eventKey}/seats/for-sale`, { key: f.sk, body: { objectLabels: ["A-1-9"] } })).status).toBe(200);
    // A-1-2's hold runs out; a new buyer takes it over (the takeover records the expiry first).
    await advance(f, 121_000);
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: b })).status).toBe(200);
    expect((await api.release(f, { orderId: "order-7" })).status).toBe(200);
    expect((await call("POST", `/api/v1/events/${f.eventKey}/reset`, { key: f.sk })).status).toBe(200);

    const records = await allChanges(f);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    expect(records.map(brief)).toEqual([
      ["A-1-1", "hold", "free", "held"],
      ["A-1-2", "hold", "free", "held"],
      ["A-1-3", "hold", "free", "held"],
      ["Floor", "hold", "free", "free", 3],
      ["Floor", "hold", "free", "free", 5],
      ["A-1-2", "extend", "held", "held"],
      ["A-1-1", "book", "held", "booked"],
      ["Floor", "book", "free", "free", 5],
      ["A-1-3", "release", "held", "free"],
      ["A-1-9", "not_for_sale", "free", "not_for_sale"],
      ["A-1-9", "for_sale", "not_for_sale", "free"],
      ["A-1-2", "expire", "held", "free"],
      ["A-1-2", "hold", "free", "held"],
      ["A-1-1", "release", "booked", "free"],
      ["Floor", "release", "free", "free", 5],
      ["A-1-2", "reset", "held", "free"],
    ]);
    expect(records.find((r) => r.cause === "book" && r.objectLabel === "A-1-1")!.orderId).toBe("order-7");
    const body = JSON.stringify(records);
    expect(body).not.toContain(a);
    expect(body).not.toContain(b);
  });

  it("a forced publish that removes a reserved seat records it, its reservation kept", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-10"], holdToken: token() });
    const smaller = smallLayout(9);
    expect((await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: smaller } })).status).toBe(200);
    expect((await call("POST", `/api/v1/charts/${f.chartKey}/publish?force=true`, { key: f.sk })).status).toBe(200);
    expect((await allChanges(f)).map(brief)).toEqual([
      ["A-1-10", "hold", "free", "held"],
      ["A-1-10", "publish", "held", "held"],
    ]);
  });

  it("the expiry sweep records each expiry, and the webhook of each change carries its record's seq", async () => {
    const f = await newEvent();
    await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-4", "A-1-5"], holdToken: token(), ttlSeconds: 10 });
    await advance(f, 10_000);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    const records = await allChanges(f);
    expect(records.map(brief)).toEqual([
      ["A-1-4", "hold", "free", "held"],
      ["A-1-5", "hold", "free", "held"],
      ["A-1-4", "expire", "held", "free"],
      ["A-1-5", "expire", "held", "free"],
    ]);
    const events = await inObject(f, (_o, state) =>
      state.storage.sql
        .exec<{ body: string }>("SELECT body FROM outbox ORDER BY seq")
        .toArray()
        .map((r) => JSON.parse(r.body) as { type: string; data: { object: { objectLabel: string; seq: number } } }),
    );
    // Whatever the outbox still holds carries the seq of the record it tells of.
    for (const e of events) expect(records.find((r) => r.seq === e.data.object.seq)!.objectLabel).toBe(e.data.object.objectLabel);
  });

  it("stays contiguous across eviction", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await evictDurableObject(stubOf(f));
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    await evictDurableObject(stubOf(f));
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    expect((await allChanges(f)).map((r) => r.seq)).toEqual([1, 2, 3]);
    expect((await api.status(f)).body.seq).toBe(3);
  });
});

describe("reading the history", () => {
  async function busyEvent() {
    const f = await newEvent();
    const a = token("a");
    const b = token("b");
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: a });
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: b });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: a, orderId: "o-1" });
    await api.book(f, { objectLabels: ["A-1-3"], holdToken: b, orderId: "o-2" });
    await api.release(f, { objectLabels: ["A-1-1"] });
    return { f, a, b };
  }

  it("filters by object, token and order, and combines them", async () => {
    const { f, a, b } = await busyEvent();
    expect((await changes(f, "?objectLabel=A-1-1")).items.map((r) => r.cause)).toEqual(["hold", "book", "release"]);
    expect((await changes(f, `?holdToken=${a}`)).items.map((r) => [r.objectLabel, r.cause])).toEqual([
      ["A-1-1", "hold"],
      ["A-1-2", "hold"],
      ["A-1-1", "book"],
      ["A-1-1", "release"],
    ]);
    expect((await changes(f, `?holdToken=${b}`)).items).toHaveLength(2);
    expect((await changes(f, "?orderId=o-1")).items.map((r) => r.cause)).toEqual(["book", "release"]);
    expect((await changes(f, `?orderId=o-1&holdToken=${a}&objectLabel=A-1-1`)).items).toHaveLength(2);
    expect((await changes(f, "?holdToken=nobody-at-all")).items).toEqual([]);
  });

  it("pages with after and limit, and ends with a null cursor", async () => {
    const { f } = await busyEvent();
    const first = await changes(f, "?limit=2");
    expect(first.items.map((r) => r.seq)).toEqual([1, 2]);
    expect(first.nextCursor).toBe("2");
    const second = await changes(f, `?limit=2&after=${first.nextCursor}`);
    expect(second.items.map((r) => r.seq)).toEqual([3, 4]);
    const last = await changes(f, "?limit=2&after=4");
    expect(last.items.map((r) => r.seq)).toEqual([5, 6]);
    expect(last.nextCursor).toBeNull();
    for (const bad of ["?limit=0", "?limit=1001", "?after=-1", "?after=x"]) {
      const res = await call("GET", `/api/v1/events/${f.eventKey}/status-changes${bad}`, { key: f.sk });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("validation_failed");
    }
  });

  it("is for secret keys of the event's own workspace and environment", async () => {
    const { f } = await busyEvent();
    const path = `/api/v1/events/${f.eventKey}/status-changes`;
    expect((await call("GET", path, { key: f.pk })).body.code).toBe("public_key_not_allowed");
    const otherEnv = await call("GET", path, { key: f.keys.skLive });
    expect([otherEnv.status, otherEnv.body.code]).toEqual([404, "event_not_found"]);
    const stranger = await newEvent();
    const otherWorkspace = await call("GET", path, { key: stranger.sk });
    expect([otherWorkspace.status, otherWorkspace.body.code]).toEqual([403, "forbidden"]);
    expect((await call("GET", path)).status).toBe(401);
  });
});

describe("retention", () => {
  it("prunes records older than 365 days from the alarm, and keeps numbering after them", async () => {
    const f = await newEvent();
    await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await advance(f, 200 * 86_400_000);
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    await advance(f, 166 * 86_400_000);
    await runDurableObjectAlarm(stubOf(f));
    const left = await allChanges(f);
    // The first hold is 366 days old and gone; the second is 166 days old, and its expiry followed.
    expect(left[0]!.objectLabel).toBe("A-1-2");
    expect(left.every((r) => r.seq > 1)).toBe(true);
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    const newest = (await allChanges(f)).at(-1)!;
    expect(newest.seq).toBe(Math.max(...left.map((r) => r.seq)) + 1);
  });

  it("keeps the latest record when every record is old, so numbering never starts again", async () => {
    const f = await newEvent();
    await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    // A year on, the alarm records both expiries and prunes the holds; a year later still, all four
    // records are old (and their webhook events long sent): only the latest stays.
    for (let year = 0; year < 2; year++) {
      expect(await drainedOutbox(f)).toEqual([]);
      await advance(f, 400 * 86_400_000);
      await runDurableObjectAlarm(stubOf(f));
    }
    const left = await allChanges(f);
    expect(left.map((r) => [r.seq, r.cause])).toEqual([[4, "expire"]]);
    // Nothing is left to prune, so the alarm is not kept busy waking for the old latest record.
    expect(await inObject(f, (_o, state) => oldestRecordAt(state.storage.sql))).toBeNull();
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    expect((await allChanges(f)).at(-1)!.seq).toBe(left[0]!.seq + 1);
  });

  it("goes with the event when it is deleted", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk })).status).toBe(200);
    const count = await inObject(f, (_o, state) => state.storage.sql.exec("SELECT COUNT(*) AS n FROM history").one().n);
    expect(count).toBe(0);
  });
});
