import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SNAPSHOT_QUIET_MS, type SnapshotStamp } from "../src/event-object/status-snapshot";
import { advance, api, bigLayout, type EventFixture, expectOk, inObject, newEvent, stubOf, token } from "./support/fixtures";

// A woken object answers its first public full status read from the view the alarm stored once
// the event was quiet (status-snapshot.ts), byte for byte what it would build, and never a view
// that is no longer current: a change, a hold that expired, or new channels make it build again.

/** The stored view's stamp, or null. */
function stamp(f: EventFixture): Promise<SnapshotStamp | null> {
  return inObject(f, (_o, state) => {
    const row = state.storage.sql.exec<{ v: string }>("SELECT v FROM meta WHERE k = 'statusSnapshot'").toArray()[0];
    return row ? (JSON.parse(row.v) as SnapshotStamp) : null;
  });
}

/** An event whose public view is worth storing: 1,200 seats held under two tokens, 200 of them booked. */
async function busyEvent(ttlSeconds = 900): Promise<EventFixture & { labels: string[] }> {
  const f = await newEvent({ layout: bigLayout(2_000) });
  const labels = Array.from({ length: 1_200 }, (_, i) => `S0-${Math.floor(i / 100)}-${i % 100}`);
  for (let i = 0; i < labels.length; i += 200) {
    const holdToken = token(i === 0 ? "booked" : "held");
    expectOk(await api.hold(f, { objectLabels: labels.slice(i, i + 200), holdToken, ttlSeconds }, f.sk));
    if (i === 0) expectOk(await api.book(f, { objectLabels: labels.slice(0, 200), holdToken }, f.sk));
  }
  return { ...f, labels };
}

/** The public full status read: its text and ETag. */
async function publicStatus(f: EventFixture): Promise<{ text: string; etag: string }> {
  const res = await api.status(f, "");
  expectOk(res);
  return { text: JSON.stringify(res.body), etag: (res.headers.get("etag") ?? "").replaceAll('"', "") };
}

/** Lets the event be quiet long enough and runs its alarm, which stores the view. */
async function quietAlarm(f: EventFixture): Promise<void> {
  await advance(f, SNAPSHOT_QUIET_MS + 1_000);
  expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
}

/** Evicts the object; its fresh clock is moved past the stored view's time (the test clock is per instance). */
async function wake(f: EventFixture, ms = SNAPSHOT_QUIET_MS + 2_000): Promise<void> {
  await evictDurableObject(stubOf(f));
  await advance(f, ms);
}

describe("the stored public status view", () => {
  it("is stored once the event is quiet and answers a woken object's first full read byte for byte", async () => {
    const f = await busyEvent();
    const before = await publicStatus(f);
    // Right after the holds the event is not quiet: the alarm stores nothing yet.
    await runDurableObjectAlarm(stubOf(f));
    expect(await stamp(f)).toBeNull();
    await quietAlarm(f);
    const stored = await stamp(f);
    expect(stored).toMatchObject({ published: true, tag: before.etag });
    await wake(f);
    const after = await publicStatus(f);
    expect(after).toEqual(before);
    // The SDK's order (its compact read builds the model first) is answered from it too.
    await wake(f);
    expectOk(await api.status(f, `?holdToken=${token("x")}&format=compact`));
    expect(await publicStatus(f)).toEqual(before);
  });

  it("is not used once anything changed, and is stored again when the event is quiet", async () => {
    const f = await busyEvent();
    await publicStatus(f);
    await quietAlarm(f);
    const first = await stamp(f);
    expectOk(await api.hold(f, { objectLabels: ["S0-15-1"], holdToken: token("late") }, f.sk));
    await wake(f);
    const after = await publicStatus(f);
    expect(after.etag).not.toBe(first?.tag);
    expect(after.text).toContain('"S0-15-1"');
    await quietAlarm(f);
    expect((await stamp(f))?.seq).toBeGreaterThan(first?.seq ?? 0);
  });

  it("is not used once a hold it shows has expired, swept or not", async () => {
    const f = await busyEvent(60);
    await publicStatus(f);
    await quietAlarm(f);
    const stored = await stamp(f);
    expect(stored?.validUntil).not.toBeNull();
    await wake(f, 120_000);
    const after = await publicStatus(f);
    expect(after.etag).not.toBe(stored?.tag);
    // Only the 200 booked seats are left.
    expect((JSON.parse(after.text) as { objects: unknown[] }).objects).toHaveLength(200);
  });

  it("is dropped with a change of the channels, which entries name", async () => {
    const f = await busyEvent();
    await publicStatus(f);
    await quietAlarm(f);
    expect(await stamp(f)).not.toBeNull();
    expect((await stubOf(f).setChannels({ channels: [{ key: "vip", name: "VIP", objectLabels: [f.labels[0]!] }] })).ok).toBe(true);
    expect(await stamp(f)).toBeNull();
    await wake(f);
    expect((await publicStatus(f)).text).toContain('"channelKey":"vip"');
  });

  it("is not stored for a small view, which builds fast anyway", async () => {
    const f = await newEvent({ layout: bigLayout(100) });
    expectOk(await api.hold(f, { objectLabels: ["S0-0-1"], holdToken: token("small") }));
    await quietAlarm(f);
    expect(await stamp(f)).toMatchObject({ tag: null });
    await wake(f);
    expect((await publicStatus(f)).text).toContain('"S0-0-1"');
  });
});
