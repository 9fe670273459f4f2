import { describe, expect, it } from "vitest";
import { api, call, eventually, expectError, expectOk, inHub, newEvent, smallLayout, smallRelays, token, watch, type EventFixture } from "./support/fixtures";
import { putChannels } from "./support/channels";

/**
 * Publishable status and objects reads are answered from the hub's copy, at most 1 s old, without
 * the event's object answering more than 10 reads a second however many readers there are; reads
 * with a hold token, with a channel pass, and every secret-key read reach the object itself. The
 * live figures say how many viewers, relays, messages and reads there are (docs/live-crowd.md).
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface LiveStats {
  viewers: number;
  relays: number;
  eventMessagesPerSecond: number;
  readsPerSecond: number;
  readsReachingEventPerSecond: number;
}

async function stats(f: EventFixture): Promise<LiveStats> {
  const res = await call<LiveStats>("GET", `/api/v1/events/${f.eventKey}/live/stats`, { key: f.sk });
  expectOk(res);
  return res.body;
}

describe("reads from the copy", () => {
  it("are at most 1 s old and their X-Status-Seq never goes back, through a stream of holds", async () => {
    const f = await newEvent({ environment: "production", layout: smallLayout(200) });
    /** When each hold's answer came back; hold k (from 1) recorded seq k. */
    const heldAt: number[] = [];
    const reads: { form: string; start: number; seq: number }[] = [];
    let holding = true;
    const holds = (async () => {
      try {
        for (let i = 1; i <= 120; i++) {
          expectOk(await api.hold(f, { objectLabels: [`A-1-${i}`], holdToken: token() }, f.sk));
          heldAt.push(Date.now());
          await pause(8);
        }
      } finally {
        holding = false;
      }
    })();
    const forms = ["/status", "/status?format=compact", "/objects?format=compact", "/objects"];
    let n = 0;
    while (holding && reads.length < 2000) {
      const form = forms[n++ % forms.length]!;
      const start = Date.now();
      const res = await call("GET", `/api/v1/events/${f.eventKey}${form}`, { key: f.pk });
      expect(res.status, form).toBe(200);
      const seq = Number(res.headers.get("x-status-seq"));
      if (form.startsWith("/status")) expect(res.body.seq, form).toBe(seq);
      reads.push({ form, start, seq });
    }
    await holds;
    expect(reads.length).toBeGreaterThan(40);
    for (const r of reads) {
      // Every hold answered more than a second before the read began is in it.
      const due = heldAt.filter((t) => t <= r.start - 1000).length;
      expect(r.seq, `${r.form} at ${r.start}`).toBeGreaterThanOrEqual(due);
    }
    for (const form of forms) {
      const seqs = reads.filter((r) => r.form === form).map((r) => r.seq);
      expect(seqs, form).toEqual([...seqs].sort((a, b) => a - b));
    }
    // Once the holds stop, the copy catches up at once (the object tells the hub of each change).
    const last = await api.status(f);
    expect(last.headers.get("x-status-seq")).toBe("120");
    expect(last.body.objects).toHaveLength(120);
  });

  it("the event's object answers at most 10 reads a second however many readers there are", async () => {
    const f = await newEvent({ environment: "production", layout: smallLayout(100) });
    const started = Date.now();
    const readers = [];
    for (let wave = 0; wave < 15; wave++) {
      // A change between waves, so each wave's copy is out of date and must be read again.
      await api.hold(f, { objectLabels: [`A-1-${wave + 1}`], holdToken: token() }, f.sk);
      for (let i = 0; i < 20; i++) {
        const path = i % 2 === 0 ? "/status" : "/objects?format=compact";
        readers.push(call("GET", `/api/v1/events/${f.eventKey}${path}`, { key: f.pk, headers: { "CF-Connecting-IP": `203.0.113.${i + 1}` } }));
      }
      await pause(40);
    }
    const answers = await Promise.all(readers);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const seconds = (Date.now() - started) / 1000;
    const s = await stats(f);
    expect(s.readsPerSecond).toBeGreaterThanOrEqual(30);
    // Over a 10 s window: the calls that reached the object, at most one per 100 ms of the run.
    expect(s.readsReachingEventPerSecond * 10).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 1);
    expect(s.readsReachingEventPerSecond * 10).toBeLessThan(300 / 5);
  });

  it("reads with a hold token, with a channel pass, and with the secret key reach the event's object", async () => {
    const f = await newEvent({ environment: "production" });
    expectOk(await putChannels(f, [{ key: "members", name: "Members", protected: true, objectLabels: ["A-1-2"] }]));
    const pass = (await call("POST", `/api/v1/events/${f.eventKey}/channels/members/passes`, { key: f.sk, body: {} })).body.pass as string;
    const t = token();
    await api.status(f);
    await api.status(f);
    const before = await stats(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    // Exact at once, with the token's own holds flagged.
    const mine = await api.status(f, `?holdToken=${t}`);
    // (The members' seat reads not_for_sale to a reader without its pass.)
    expect(mine.body.objects).toEqual(expect.arrayContaining([expect.objectContaining({ objectLabel: "A-1-1", mine: true })]));
    expect(mine.headers.get("x-status-seq")).toBeNull();
    expect((await api.status(f, "", f.sk)).body.objects).toEqual(expect.arrayContaining([expect.objectContaining({ objectLabel: "A-1-1", status: "held" })]));
    for (let i = 0; i < 3; i++) {
      const res = await call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.pk, headers: { "X-Channel-Pass": pass } });
      expect(res.status).toBe(200);
      expect(res.body.objects).toEqual(expect.arrayContaining([expect.objectContaining({ objectLabel: "A-1-1" })]));
    }
    // The channel-pass reads counted, each one reaching the object.
    expect(await eventually(async () => (await stats(f)).readsReachingEventPerSecond * 10 >= before.readsReachingEventPerSecond * 10 + 3)).toBe(true);
  });
});

describe("reads answered by the Worker's own copy", () => {
  const from = (address: string) => ({ "CF-Connecting-IP": address });
  const labelsOf = (res: { body: { objects: { objectLabel: string }[] } }) => res.body.objects.map((o) => o.objectLabel);

  it("a reader sees every change within a second, a client its own change at once, and every read counts in the figures", async () => {
    const f = await newEvent({ environment: "production", layout: smallLayout(50) });
    const status = (address: string) => call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.pk, headers: from(address) });
    expect((await status("198.51.100.8")).status).toBe(200);
    // A server's change: another reader may be answered the copy from before it, but for under a second.
    const held = Date.now();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }, f.sk));
    for (;;) {
      const start = Date.now();
      const res = await status("198.51.100.8");
      expect(res.status).toBe(200);
      if (labelsOf(res).includes("A-1-1")) break;
      expect(start - held).toBeLessThan(1000);
      await pause(50);
    }
    // A buyer who holds reads its own hold at once, whatever the copy this Worker keeps.
    for (let i = 0; i < 5; i++) expect((await status("198.51.100.9")).status).toBe(200);
    const mine = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
      key: f.pk,
      headers: from("198.51.100.9"),
      body: { objectLabels: ["A-1-2"], holdToken: token() },
    });
    expectOk(mine);
    expect(labelsOf(await status("198.51.100.9"))).toEqual(expect.arrayContaining(["A-1-1", "A-1-2"]));
    // Reads answered from this Worker's copy count in the live figures like the others.
    const before = await stats(f);
    for (let i = 0; i < 30; i++) expect((await status(`198.51.100.${20 + i}`)).status).toBe(200);
    expect((await stats(f)).readsPerSecond * 10).toBeGreaterThanOrEqual(before.readsPerSecond * 10 + 30 - 1);
  });

  it("a copy with a hold in it is not answered past the hold's expiry", async () => {
    const f = await newEvent({ environment: "production", layout: smallLayout(50) });
    expectOk(await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token(), ttlSeconds: 1 }, f.sk));
    const status = () => call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.pk, headers: from("198.51.100.10") });
    const first = await status();
    const expires = Date.parse(first.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-3").holdExpiresAt);
    await pause(Math.max(0, expires - Date.now()) + 20);
    expect(labelsOf(await status())).not.toContain("A-1-3");
  });
});

describe("GET live/stats", () => {
  it("answers viewers and relays now and the rates over the last 10 s, to a secret key only", async () => {
    const f = await newEvent({ environment: "production" });
    await smallRelays(f, 2);
    const viewers = [];
    for (let i = 0; i < 3; i++) {
      const v = await watch(f, { ip: `198.51.100.${i + 10}` });
      await v.next(1);
      viewers.push(v);
    }
    for (let i = 0; i < 20; i++) expect((await api.status(f)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await pause(150);
      await api.hold(f, { objectLabels: [`A-1-${i + 1}`], holdToken: token() }, f.sk);
    }
    for (const v of viewers) await v.next(4);
    const s = await stats(f);
    expect(s).toMatchObject({ viewers: 3, relays: 2 });
    // Three changes, each sent once to each of the two relays.
    expect(s.eventMessagesPerSecond).toBe(0.6);
    expect(s.readsPerSecond).toBe(2);
    expect(s.readsReachingEventPerSecond).toBeGreaterThan(0);
    expect(s.readsReachingEventPerSecond).toBeLessThanOrEqual(2);
    expect(await inHub(f, (h) => h.stats())).toMatchObject({ viewers: 3, relays: 2 });
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/live/stats`, { key: f.pk }), 403, "public_key_not_allowed");
    expectError(await call("GET", `/api/v1/events/no-such-event/live/stats`, { key: f.sk }), 404, "event_not_found");
    for (const v of viewers) v.ws.close();
  });
});
