import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoFormatter, publicSeatEntry, publicSeatJson } from "../src/event-object/reads/status-reads";
import { advance, api, call, type EventFixture, expectError, freeze, inObject, newEvent, stubOf, token } from "./support/fixtures";

interface Entry {
  objectLabel: string;
  objectType: "seat" | "generalAdmission";
  status: "held" | "booked" | "not_for_sale" | "free";
  capacity?: number;
  held?: number;
  booked?: number;
  remaining?: number;
}

/** The uncached answer: the engine's status() RPC, built afresh and serialised as JSON. */
async function uncached(f: EventFixture): Promise<unknown> {
  return inObject(f, async (o) => {
    const r = await o.status({ caller: "public" });
    if (!r.ok) throw new Error(r.message);
    return JSON.parse(JSON.stringify(r.value)) as unknown;
  });
}

/**
 * The interface leaves the order of status entries open: the kept view lists a seat freed and taken
 * again where it was taken, a fresh read where its row sits in SQLite. Compare content, not order.
 */
function unordered(body: unknown): unknown {
  const b = body as { objects?: Entry[]; statuses?: Record<string, string[]>; ga?: Entry[]; mine?: string[] };
  const sortEntries = (xs: Entry[]) => [...xs].sort((x, y) => x.objectLabel.localeCompare(y.objectLabel));
  const out: Record<string, unknown> = { ...b };
  if (b.objects) out.objects = sortEntries(b.objects);
  if (b.ga) out.ga = sortEntries(b.ga);
  if (b.mine) out.mine = [...b.mine].sort();
  if (b.statuses) out.statuses = Object.fromEntries(Object.entries(b.statuses).map(([k, v]) => [k, [...v].sort()]));
  return out;
}

/** The cached full answer (read twice, so the second read is served from the cache), checked against the uncached one. */
async function expectSame(f: EventFixture): Promise<{ objects: Entry[] }> {
  const first = await api.status(f);
  const second = await api.status(f);
  expect(first.status).toBe(200);
  expect(first.headers.get("content-type")).toContain("application/json");
  expect(second.body).toEqual(first.body);
  expect(unordered(first.body)).toEqual(unordered(await uncached(f)));
  await expectCompactMatches(f, first.body.objects, first.body.seq);
  return first.body;
}

/** The SDK's read (`holdToken`, full and compact) served from the kept view equals a fresh build. */
async function expectSameForToken(f: EventFixture, holdToken: string): Promise<void> {
  const fresh = await inObject(f, async (o) => {
    const full = await o.status({ caller: "public", holdToken });
    const compact = await o.statusCompact({ caller: "public", holdToken });
    if (!full.ok || !compact.ok) throw new Error("event missing");
    return JSON.parse(JSON.stringify({ full: full.value, compact: compact.value })) as {
      full: unknown;
      compact: unknown;
    };
  });
  const full = await api.status(f, `?holdToken=${holdToken}`);
  expect(full.status).toBe(200);
  expect(unordered(full.body)).toEqual(unordered(fresh.full));
  expect(unordered((await api.status(f, `?holdToken=${holdToken}&format=compact`)).body)).toEqual(unordered(fresh.compact));
}

/** The compact form holds exactly the full form's content, minus the documented omissions. */
async function expectCompactMatches(f: EventFixture, objects: Entry[], seq: number): Promise<void> {
  const compact = await api.status(f, "?format=compact");
  expect(compact.status).toBe(200);
  const seats = (s: string) => objects.filter((o) => o.objectType === "seat" && o.status === s).map((o) => o.objectLabel);
  expect(compact.body).toEqual({
    eventKey: f.eventKey,
    format: "compact",
    seq,
    statuses: { held: seats("held"), booked: seats("booked"), not_for_sale: seats("not_for_sale") },
    ga: objects
      .filter((o) => o.objectType === "generalAdmission")
      .map((o) => ({ objectLabel: o.objectLabel, status: o.status, capacity: o.capacity, held: o.held, booked: o.booked, remaining: o.remaining })),
  });
}

describe("cached status encoding", () => {
  it("matches the uncached answer after holds, books, releases, GA holds, not-for-sale and reset", async () => {
    const f = await newEvent();
    const t = token();
    expect((await expectSame(f)).objects).toEqual([]);
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t, extraData: { secret: "x" } });
    expect((await expectSame(f)).objects.map((o) => o.status)).toEqual(["held", "held", "held"]);
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    expect((await expectSame(f)).objects.map((o) => o.status)).toEqual(["booked", "held", "held"]);
    await api.release(f, { objectLabels: ["A-1-2"], holdToken: t });
    expect((await expectSame(f)).objects.map((o) => o.objectLabel)).toEqual(["A-1-1", "A-1-3"]);
    await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 5, holdToken: t });
    const ga = (await expectSame(f)).objects.find((o) => o.objectLabel === "Floor");
    expect(ga).toMatchObject({ held: 5, remaining: 45 });
    await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 7, holdToken: t });
    expect((await expectSame(f)).objects.find((o) => o.objectLabel === "Floor")).toMatchObject({ held: 7 });
    expect((await call("POST", `/api/v1/events/${f.eventKey}/seats/not-for-sale`, { key: f.sk, body: { objectLabels: ["A-1-9"] } })).status).toBe(200);
    expect((await expectSame(f)).objects.find((o) => o.objectLabel === "A-1-9")?.status).toBe("not_for_sale");
    expect((await call("POST", `/api/v1/events/${f.eventKey}/reset`, { key: f.sk })).status).toBe(200);
    expect((await expectSame(f)).objects).toEqual([]);
  });

  it("keeps the other read paths: secret keys get extraData, filters and holdToken still apply", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { secret: "x" } });
    await api.status(f);
    const secret = await api.status(f, "", f.sk);
    expect(secret.body.objects[0].extraData).toEqual({ secret: "x" });
    expect((await api.status(f)).body.objects[0]).not.toHaveProperty("extraData");
    expect((await api.status(f, "?labels=A-1-2")).body.objects.map((o: Entry) => o.objectLabel)).toEqual(["A-1-2"]);
    expect((await api.status(f, `?holdToken=${t}`)).body.objects.every((o: { mine?: boolean }) => o.mine)).toBe(true);
    const mineCompact = await api.status(f, `?format=compact&holdToken=${t}`);
    expect(mineCompact.body).toMatchObject({ format: "compact", statuses: { held: ["A-1-1", "A-1-2"] }, mine: ["A-1-1", "A-1-2"] });
    expect((await api.status(f, "?format=compact", f.sk)).body.statuses.held).toEqual(["A-1-1", "A-1-2"]);
    expectError(await api.status(f, "?format=xml"), 400, "validation_failed");
  });

  it("never serves a hold at or after its expiry, swept or not", async () => {
    const f = await newEvent();
    const now = await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-4"], holdToken: token() });
    await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: token() });
    // holdExpiresAt is engine time, the clock the cache is checked against.
    const expiresAt = Date.parse((await api.status(f, "", f.sk)).body.objects[0].holdExpiresAt);
    const dueIn = expiresAt - now;
    expect(dueIn).toBeGreaterThan(1);
    await advance(f, dueIn - 1);
    expect((await expectSame(f)).objects.map((o) => o.objectLabel)).toEqual(["A-1-4", "Floor"]);
    expect((await api.status(f, "?format=compact")).body.statuses.held).toEqual(["A-1-4"]);
    await advance(f, 1);
    // Both holds were taken at the same engine instant, so both expire now.
    expect((await api.status(f)).body.objects).toEqual([]);
    expect((await api.status(f, "?format=compact")).body).toMatchObject({ statuses: { held: [] }, ga: [] });
    expect((await expectSame(f)).objects).toEqual([]);
  });

  it("rebuilds the same answer after the object is evicted", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-5", "A-1-6"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-5"], holdToken: t });
    const before = await expectSame(f);
    await evictDurableObject(stubOf(f));
    const after = await expectSame(f);
    expect(after).toEqual(before);
    await api.release(f, { objectLabels: ["A-1-6"], holdToken: t });
    expect((await expectSame(f)).objects.map((o) => o.objectLabel)).toEqual(["A-1-5"]);
  });
});

describe("status deltas", () => {
  it("stays equal to a fresh read through a random mix of changes, expiries, sweeps and reads", async () => {
    // Production keys: the sandbox rate limit (300 requests per 10 s) would cut the sequence short.
    const f = await newEvent({ environment: "production" });
    await freeze(f);
    // A small deterministic generator, so a failure replays the same sequence.
    let seed = 20261123;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const tokens = [token("a"), token("b"), token("c")];
    const seat = () => `A-1-${1 + rand(10)}`;
    const seats = () => [...new Set([seat(), seat(), seat()].slice(0, 1 + rand(3)))];
    let mineSeen = 0;
    for (let step = 0; step < 200; step++) {
      const t = tokens[rand(3)];
      // Weighted so that holds dominate (most land) and reads often see live holds of their token.
      const op = rand(100);
      if (op < 30) await api.hold(f, { objectLabels: seats(), holdToken: t, ttlSeconds: 1 + rand(5) });
      else if (op < 36) await api.book(f, { objectLabels: seats(), holdToken: t });
      else if (op < 48) await api.release(f, { objectLabels: seats(), holdToken: t });
      else if (op < 54) await api.extend(f, { holdToken: t, ttlSeconds: 1 + rand(5) });
      else if (op < 62)
        await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 1 + rand(5), holdToken: t, ttlSeconds: 1 + rand(5) });
      else if (op < 66)
        await call("POST", `/api/v1/events/${f.eventKey}/seats/${rand(2) === 0 ? "not-for-sale" : "for-sale"}`, { key: f.sk, body: { objectLabels: seats() } });
      else if (op < 76) await advance(f, rand(3000));
      else if (op < 82) await runDurableObjectAlarm(stubOf(f));
      else {
        await expectSame(f);
        await expectSameForToken(f, t);
        const mine = (await api.status(f, `?holdToken=${t}`)).body.objects as { mine?: boolean; mineQuantity?: number }[];
        if (mine.some((o) => o.mine || o.mineQuantity)) mineSeen++;
      }
    }
    // The sequence must have exercised the token view, not only empty answers.
    expect(mineSeen).toBeGreaterThan(5);
    await expectSame(f);
    for (const t of tokens) await expectSameForToken(f, t);
  });
});

describe("status ETag", () => {
  const read = (f: EventFixture, query: string, headers: Record<string, string> = {}) =>
    call<{ objects: Entry[] }>("GET", `/api/v1/events/${f.eventKey}/status${query}`, { key: f.pk, headers });

  it("answers 304 with no body while the tag is current, and the new state with a new tag after a change", async () => {
    const f = await newEvent();
    const first = await read(f, "");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await read(f, "", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("etag")).toBe(etag);
    // Weak form, lists and "*" are honoured as HTTP defines them.
    expect((await read(f, "", { "If-None-Match": `"nope", W/${etag}` })).status).toBe(304);
    expect((await read(f, "", { "If-None-Match": "*" })).status).toBe(304);
    expect((await read(f, "", { "If-None-Match": '"stale-tag"' })).status).toBe(200);

    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const changed = await read(f, "", { "If-None-Match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.body.objects.map((o) => o.objectLabel)).toEqual(["A-1-1"]);
  });

  it("tags each format separately and leaves filtered and secret-key reads untagged", async () => {
    const f = await newEvent();
    const full = (await read(f, "")).headers.get("etag");
    const compact = await read(f, "?format=compact");
    expect(compact.headers.get("etag")).toMatch(/^"/);
    expect(compact.headers.get("etag")).not.toBe(full);
    expect((await read(f, "?format=compact", { "If-None-Match": full! })).status).toBe(200);
    expect((await read(f, "?labels=A-1-1", { "If-None-Match": full! })).status).toBe(200);
    const secret = await call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.sk, headers: { "If-None-Match": full! } });
    expect(secret.status).toBe(200);
    expect(secret.headers.get("etag")).toBeNull();
  });

  it("never answers 304 across events or after the object was evicted and the state changed", async () => {
    const a = await newEvent();
    const b = await newEvent();
    const tagA = (await read(a, "")).headers.get("etag")!;
    expect((await read(b, "", { "If-None-Match": tagA })).status).toBe(200);
    await evictDurableObject(stubOf(a));
    await api.hold(a, { objectLabels: ["A-1-2"], holdToken: token() });
    const after = await read(a, "", { "If-None-Match": tagA });
    expect(after.status).toBe(200);
    expect(after.body.objects.map((o) => o.objectLabel)).toEqual(["A-1-2"]);
  });
});

describe("status seat entries written directly", () => {
  it("are the bytes JSON.stringify gives the entry (property)", () => {
    const iso = isoFormatter();
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 12 }),
        fc.constantFrom("held" as const, "booked" as const, "not_for_sale" as const),
        fc.integer({ min: 0, max: 8_640_000_000_000 }),
        fc.option(fc.string({ unit: "binary", maxLength: 6 }), { nil: null }),
        (label, status, expiresAt, categoryKey) => {
          const expires = status === "held" ? expiresAt : null;
          const entry = publicSeatEntry(label, status, expires, categoryKey, iso);
          expect(publicSeatJson(label, status, expires, JSON.stringify(categoryKey), iso)).toBe(JSON.stringify(entry));
        },
      ),
      { numRuns: 500 },
    );
  });
});
