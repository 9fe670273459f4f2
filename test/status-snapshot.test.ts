import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SNAPSHOT_QUIET_MS, type SnapshotStamp } from "../src/event-object/reads/status-snapshot";
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

/**
 * An event whose public view is worth storing: 1,200 seats held in batches of 200 (the first
 * batch booked), and GA places held by a token of their own. `mine` holds the last batch.
 */
async function busyEvent(ttlSeconds = 900): Promise<EventFixture & { labels: string[]; mine: string; gaToken: string }> {
  const f = await newEvent({ layout: bigLayout(2_000) });
  const labels = Array.from({ length: 1_200 }, (_, i) => `S0-${Math.floor(i / 100)}-${i % 100}`);
  let mine = "";
  for (let i = 0; i < labels.length; i += 200) {
    mine = token(i === 0 ? "booked" : "held");
    expectOk(await api.hold(f, { objectLabels: labels.slice(i, i + 200), holdToken: mine, ttlSeconds }, f.sk));
    if (i === 0) expectOk(await api.book(f, { objectLabels: labels.slice(0, 200), holdToken: mine }, f.sk));
  }
  const gaToken = token("ga");
  expectOk(await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: gaToken, ttlSeconds }, f.sk));
  return { ...f, labels, mine, gaToken };
}

/** A status read's text. */
async function statusText(f: EventFixture, query: string): Promise<string> {
  const res = await api.status(f, query);
  expectOk(res);
  return JSON.stringify(res.body);
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
  it("is stored once the event is quiet and answers a woken object's first reads as they were", async () => {
    const f = await busyEvent();
    const before = await publicStatus(f);
    const sdkQuery = `?holdToken=${f.mine}&format=compact`;
    const gaQuery = `?holdToken=${f.gaToken}&format=compact`;
    const sdk = await statusText(f, sdkQuery);
    const ga = await statusText(f, gaQuery);
    const compact = await statusText(f, "?format=compact");
    expect((JSON.parse(sdk) as { mine: string[] }).mine).toHaveLength(200);
    // Right after the holds the event is not quiet: the alarm stores nothing yet.
    await runDurableObjectAlarm(stubOf(f));
    expect(await stamp(f)).toBeNull();
    await quietAlarm(f);
    const stored = await stamp(f);
    expect(stored).toMatchObject({ published: true, tags: { full: before.etag } });
    await wake(f);
    expect(await publicStatus(f)).toEqual(before);
    expect(await statusText(f, "?format=compact")).toBe(compact);
    // The SDK's order: its own read first (the stored compact body and the token's seats), then the full read.
    await wake(f);
    expect(await statusText(f, sdkQuery)).toBe(sdk);
    expect(await publicStatus(f)).toEqual(before);
    // A token with GA places is built as before (its GA entries differ), and the full read still matches.
    await wake(f);
    expect(await statusText(f, gaQuery)).toBe(ga);
    expect(await publicStatus(f)).toEqual(before);
    expect(await statusText(f, sdkQuery)).toBe(sdk);
  });

  it("is not used once anything changed, and is stored again when the event is quiet", async () => {
    const f = await busyEvent();
    await publicStatus(f);
    await quietAlarm(f);
    const first = await stamp(f);
    expectOk(await api.hold(f, { objectLabels: ["S0-15-1"], holdToken: token("late") }, f.sk));
    await wake(f);
    const after = await publicStatus(f);
    expect(after.etag).not.toBe(first?.tags.full);
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
    expect(after.etag).not.toBe(stored?.tags.full);
    // Only the 200 booked seats are left (and the GA area, its places no longer held).
    expect((JSON.parse(after.text) as { objects: { objectType: string }[] }).objects.filter((o) => o.objectType === "seat")).toHaveLength(200);
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
    expect(await stamp(f)).toMatchObject({ tags: {} });
    await wake(f);
    expect((await publicStatus(f)).text).toContain('"S0-0-1"');
  });
});
