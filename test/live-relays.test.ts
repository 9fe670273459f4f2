import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIVE_SOCKETS_PER_CLIENT } from "../src/domain/client-address";
import {
  api,
  call,
  eventually,
  expectOk,
  inHub,
  inObject,
  inRelay,
  newEvent,
  picture,
  relayStub,
  smallLayout,
  smallRelays,
  token,
  upgrade,
  watch,
  type EventFixture,
} from "./support/fixtures";

/**
 * Live viewers are held by relays, never by the event's object (docs/live-crowd.md): the hub places
 * each on the first relay with room, the object feeds each relay one message per interval (the first
 * sixteen itself, the rest through the relay above), a relay that missed a message fills the gap from
 * the history before it passes the next on, and a viewer that comes back with its last `seq` gets
 * only what it missed, whichever relay it lands on.
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The layout version part of the event's status version (what a socket's `since` starts with). */
async function layoutPart(f: EventFixture): Promise<string> {
  const version = (await api.status(f, `?holdToken=${token()}`)).headers.get("status-version");
  return version!.split(".")[0]!;
}

async function stats(f: EventFixture) {
  const res = await call<{ viewers: number; relays: number; eventMessagesPerSecond: number }>("GET", `/api/v1/events/${f.eventKey}/live/stats`, {
    key: f.sk,
  });
  expectOk(res);
  return res.body;
}

describe("relays and gaps", () => {
  it("a relay that missed a message fills the gap from the history before it passes the next one on", async () => {
    const f = await newEvent({ environment: "production" });
    const viewer = await watch(f);
    expect((await viewer.next(1)).type).toBe("snapshot");
    await inRelay(f, 0, (r) => {
      r.loseMessages = 1;
    });
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect(await eventually(() => inRelay(f, 0, (r) => r.lost.length === 1))).toBe(true);
    const lost = await inRelay(f, 0, (r) => r.lost[0]!);
    expect(lost).toMatchObject({ kind: "changes", prevSeq: 0, seq: 1 });
    // Past the interval, so the next change is sent at once, chained after the lost one.
    await pause(150);
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    const filled = await viewer.next(2);
    expect(filled.type).toBe("changes");
    expect(filled.seq).toBe(2);
    expect(filled.objects.map((o) => [o.objectLabel, o.status]).sort()).toEqual([
      ["A-1-1", "held"],
      ["A-1-2", "held"],
    ]);
    await pause(200);
    // Nothing older or repeated follows: every message after the snapshot is newer than the one before.
    const seqs = viewer.messages.map((m) => m.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(await inRelay(f, 0, (r) => r.lastSeq())).toBe(2);
    viewer.ws.close();
  });

  it("a relay whose last message was lost gets it at its next check-in", async () => {
    const f = await newEvent({ environment: "production" });
    const viewer = await watch(f);
    await viewer.next(1);
    await inRelay(f, 0, (r) => {
      r.loseMessages = 1;
    });
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    expect(await eventually(() => inRelay(f, 0, (r) => r.lost.length === 1))).toBe(true);
    expect(viewer.messages).toHaveLength(1);
    expect(await runDurableObjectAlarm(relayStub(f, 0))).toBe(true);
    const filled = await viewer.next(2);
    expect(filled).toMatchObject({ type: "changes", seq: 1, objects: [expect.objectContaining({ objectLabel: "A-1-3", status: "held" })] });
    viewer.ws.close();
  });

  it("feeds relays past the first sixteen through the relay above, so the event's object feeds sixteen", async () => {
    const f = await newEvent({ environment: "production", layout: smallLayout(20) });
    await smallRelays(f, 1);
    const viewers = [];
    for (let i = 0; i < 18; i++) {
      const v = await watch(f, { ip: `198.51.100.${i + 1}` });
      await v.next(1);
      viewers.push(v);
    }
    expect(await stats(f)).toMatchObject({ viewers: 18, relays: 18 });
    expect(await inObject(f, (o) => o.liveStats())).toMatchObject({ relays: 16 });
    await api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() });
    for (const v of viewers) expect((await v.next(2)).objects).toEqual([expect.objectContaining({ objectLabel: "A-1-5", status: "held" })]);
    expect(await inRelay(f, 0, (r) => r.lastSeq())).toBe(1);
    expect(await inRelay(f, 17, (r) => r.lastSeq())).toBe(1);
    for (const v of viewers) v.ws.close();
  });

  it("closes every viewer's socket when the event is deleted", async () => {
    const f = await newEvent({ environment: "production" });
    const viewer = await watch(f);
    await viewer.next(1);
    expectOk(await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk }));
    expect(await viewer.closed).toBe(1001);
  });
});

describe("coming back with since", () => {
  it("a viewer that comes back with its last seq gets only what it missed, on a relay that never fed it too", async () => {
    const f = await newEvent({ environment: "production" });
    await smallRelays(f, 1);
    const layout = await layoutPart(f);
    const first = await watch(f, { ip: "198.51.100.1" });
    await first.next(1);
    const leaving = await watch(f, { ip: "198.51.100.2" });
    await leaving.next(1);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await leaving.next(2)).seq).toBe(1);
    leaving.ws.close();
    // Relay 1 (where it was) gets another viewer meanwhile, so the one coming back lands on relay 2, new.
    await eventually(async () => (await stats(f)).viewers === 1);
    const other = await watch(f, { ip: "198.51.100.3" });
    await other.next(1);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t });
    await api.release(f, { objectLabels: ["A-1-1"] });
    await eventually(() => other.messages.some((m) => m.seq === 3));
    const back = await watch(f, { ip: "198.51.100.2", since: `${layout}.1` });
    const missed = await back.next(1);
    expect(missed.type).toBe("changes");
    expect(missed.seq).toBe(3);
    expect(missed.objects.map((o) => [o.objectLabel, o.status]).sort()).toEqual([
      ["A-1-1", "free"],
      ["A-1-2", "held"],
    ]);
    expect(await inHub(f, (h) => h.stats())).toMatchObject({ viewers: 3, relays: 3 });
    // Up to date already: nothing until the next change.
    const current = await watch(f, { ip: "198.51.100.4", since: `${layout}.3` });
    await pause(150);
    expect(current.messages).toEqual([]);
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: t });
    expect(await current.next(1)).toMatchObject({ type: "changes", seq: 4 });
    // Another layout's version, or one older than anything kept: the whole view.
    const stale = await watch(f, { ip: "198.51.100.5", since: "99.1" });
    expect((await stale.next(1)).type).toBe("snapshot");
    for (const v of [first, other, back, current, stale]) v.ws.close();
  });
});

describe("relay eviction, retirement and re-creation", () => {
  it("a relay evicted with its sockets hibernating goes on feeding them; one evicted with them closed serves them again when they come back", async () => {
    const f = await newEvent({ environment: "production" });
    const layout = await layoutPart(f);
    const viewer = await watch(f);
    await viewer.next(1);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await viewer.next(2)).seq).toBe(1);
    await evictDurableObject(relayStub(f, 0));
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    expect(await viewer.next(3)).toMatchObject({ type: "changes", seq: 2 });
    // A woken relay holds no view in memory: a new viewer's snapshot is fetched again, and right.
    const late = await watch(f, { ip: "198.51.100.9" });
    const snapshot = await late.next(1);
    expect(snapshot.seq).toBe(2);
    expect([...picture(late)].sort()).toEqual([
      ["A-1-1", "held"],
      ["A-1-2", "held"],
    ]);
    await evictDurableObject(relayStub(f, 0), { webSockets: "close" });
    await Promise.race([viewer.closed, pause(2000)]);
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    const back = await watch(f, { since: `${layout}.2` });
    expect(await back.next(1)).toMatchObject({ type: "changes", seq: 3, objects: [expect.objectContaining({ objectLabel: "A-1-3" })] });
    // The hub counts the sockets that are open, not those the eviction closed.
    expect(await eventually(async () => (await stats(f)).viewers === 1)).toBe(true);
    back.ws.close();
  });

  it("a relay left without viewers retires at its next check-in and is made again for the next viewer", async () => {
    const f = await newEvent({ environment: "production" });
    const viewer = await watch(f);
    await viewer.next(1);
    viewer.ws.close();
    expect(await eventually(async () => (await stats(f)).viewers === 0)).toBe(true);
    expect(await runDurableObjectAlarm(relayStub(f, 0))).toBe(true);
    expect(await stats(f)).toMatchObject({ viewers: 0, relays: 0 });
    expect(await inObject(f, (o) => o.liveStats())).toMatchObject({ relays: 0 });
    await api.hold(f, { objectLabels: ["A-1-4"], holdToken: token() });
    const next = await watch(f);
    expect([...picture({ messages: [await next.next(1)] })]).toEqual([["A-1-4", "held"]]);
    await api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() });
    expect(await next.next(2)).toMatchObject({ type: "changes", objects: [expect.objectContaining({ objectLabel: "A-1-5" })] });
    expect(await stats(f)).toMatchObject({ viewers: 1, relays: 1 });
    next.ws.close();
  });
});

describe("live sockets per client across relays", () => {
  it(`at most ${LIVE_SOCKETS_PER_CLIENT} per client address however many relays hold them; the next is 429; closing one makes room`, async () => {
    const f = await newEvent({ environment: "production" });
    await smallRelays(f, 2);
    const mine = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_CLIENT; i++) mine.push(await watch(f, { ip: `2001:db8:77:1::${i + 1}` }));
    expect(await stats(f)).toMatchObject({ viewers: LIVE_SOCKETS_PER_CLIENT, relays: LIVE_SOCKETS_PER_CLIENT / 2 });
    const refused = await upgrade(f, { ip: "2001:db8:77:1::ff" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: "rate_limited" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const other = await watch(f, { ip: "2001:db8:77:2::1" });
    mine[0]!.ws.close();
    expect(await eventually(async () => (await upgrade(f, { ip: "2001:db8:77:1::ff" })).status === 101)).toBe(true);
    for (const v of [...mine, other]) v.ws.close();
  });
});
