import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storedLayoutKeys, writePart } from "../src/event-object/state/layout-blobs";
import { nonFreeSeats, publicSeatStates } from "../src/event-object/reads/status-reads";
import { api, bigLayout, call, type EventFixture, expectOk, freeze, inObject, newEvent, stubOf, token } from "./support/fixtures";
import { rewriteAsLegacyRows } from "./support/legacy-layout";

// A woken event object reads its layout back from the few blobs of its layout version
// (layout-blobs.ts): every read must answer exactly what it answered before the eviction, after a
// republish too, and for an object that still kept its layout as one row per object.

const categories = [
  { key: "a", label: "Stalls", color: "#4f7cff" },
  { key: "b", label: "Balcony", color: "#ff7c4f" },
];

/** Seats `prefix1…` with alternating categories, an aisle after `aisleAt`, and coordinates from `at` (none when null). */
function seats(prefix: string, n: number, aisleAt: number, at: ((i: number) => { x: number; y: number }) | null) {
  return Array.from({ length: n }, (_, i) => ({
    label: `${prefix}${i + 1}`,
    categoryKey: i % 3 === 0 ? "b" : "a",
    ...(at ? at(i) : {}),
    ...(i === aisleAt ? { aisleAfter: true } : {}),
  }));
}

/** Every kind of object the index keeps: straight and curved rows, a repeated row label, seats without coordinates, two GA areas. */
function layout(variant = 1) {
  return {
    categories,
    focalPoint: { x: 60, y: -80 * variant },
    sections: [
      {
        key: "A",
        label: "Stalls",
        rows: [
          { label: "1", seats: seats("A-1-", 12, 5, (i) => ({ x: i * 10, y: 0 })) },
          // The same row label again: still a row of its own in both object forms.
          { label: "1", seats: seats("A-1b-", 8, -1, (i) => ({ x: i * 10, y: 10 })) },
        ],
      },
      { key: "B", label: "Balcony", rows: [{ label: "", seats: seats("B-", 6, 2, null) }] },
      {
        key: "C",
        label: "Circle",
        rows: [{ label: "C", seats: seats("C-", 9 + variant, -1, (i) => ({ x: 100 * Math.cos(i / 7), y: 40 + 100 * Math.sin(i / 7) })) }],
      },
    ],
    generalAdmission: [
      { label: "Pit", categoryKey: "a", capacity: 40, x: 5, y: -30, width: 50.5, height: 20, shape: "ellipse" },
      { label: "Bar", categoryKey: "b", capacity: 10 * variant },
    ],
  };
}

/** Holds under two tokens (one with extra data), bookings with an order, a seat not for sale, GA places held and booked. */
async function reserve(f: EventFixture): Promise<string> {
  const mine = token("mine");
  const other = token("other");
  expectOk(await api.hold(f, { objectLabels: ["A-1-2", "A-1b-3", "C-4"], holdToken: mine }));
  expectOk(await api.hold(f, { objectLabels: ["B-1", "B-2", "A-1-7"], holdToken: other, extraData: { note: "box" } }, f.sk));
  expectOk(await api.book(f, { objectLabels: ["B-1", "B-2"], holdToken: other, orderId: "order-1" }));
  expectOk(await api.notForSale(f, { objectLabels: ["C-1"] }));
  expectOk(await api.hold(f, { objectLabels: ["Pit"], holdToken: mine, objectType: "generalAdmission", quantity: 7 }));
  expectOk(await api.hold(f, { objectLabels: ["Bar"], holdToken: other, objectType: "generalAdmission", quantity: 3 }));
  expectOk(await api.book(f, { objectLabels: ["Bar"], holdToken: other }));
  return mine;
}

/** Status bodies with their entries sorted: the interface leaves the order of status entries open. */
function unordered(body: Record<string, unknown>): Record<string, unknown> {
  const byLabel = (xs: { objectLabel: string }[]) => [...xs].sort((x, y) => x.objectLabel.localeCompare(y.objectLabel));
  const out = { ...body };
  if (Array.isArray(body.objects)) out.objects = byLabel(body.objects as { objectLabel: string }[]);
  if (Array.isArray(body.ga)) out.ga = byLabel(body.ga as { objectLabel: string }[]);
  if (Array.isArray(body.mine)) out.mine = [...(body.mine as string[])].sort();
  if (body.statuses) out.statuses = Object.fromEntries(Object.entries(body.statuses as Record<string, string[]>).map(([k, v]) => [k, [...v].sort()]));
  return out;
}

/** Every read of the event's layout and state, as the API answers them. */
async function everyRead(f: EventFixture, mine: string): Promise<Record<string, unknown>> {
  const reads: Record<string, [string, string] | [string, string, string]> = {
    objects: ["objects", ""],
    objectsCompact: ["objects", "?format=compact"],
    objectsSome: ["objects", "?labels=A-1b-2,Pit,C-3,nope"],
    objectsSomeCompact: ["objects", "?format=compact&labels=A-1-6,A-1-7,Bar"],
    status: ["status", ""],
    statusCompact: ["status", "?format=compact"],
    statusMine: ["status", `?holdToken=${mine}`],
    statusMineCompact: ["status", `?holdToken=${mine}&format=compact`],
    statusSecret: ["status", "", f.sk],
    statusSome: ["status", "?labels=A-1-2,B-2,Pit,A-1-1"],
  };
  const out: Record<string, unknown> = {};
  for (const [name, [what, query, key]] of Object.entries(reads)) {
    const res = await (what === "objects" ? api.objects(f, query, key) : api.status(f, query, key));
    expectOk(res);
    out[name] = what === "status" ? unordered(res.body) : res.body;
  }
  const reports = await api.reports(f);
  expectOk(reports);
  out.reports = reports.body;
  return out;
}

/** The layout versions the object keeps, and the one meta names current. */
function versions(f: EventFixture) {
  return inObject(f, (_o, state) => ({
    stored: storedLayoutKeys(state.storage.sql),
    current: JSON.parse(String(state.storage.sql.exec("SELECT v FROM meta WHERE k = 'layout'").one().v)) as string,
  }));
}

/** Republishes the event's chart with a new draft (not forced: the reservations must fit it). */
async function republish(f: EventFixture, draft: unknown): Promise<void> {
  expectOk(await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.keys.skTest, body: { draftVersion: draft } }));
  expectOk(await call("POST", `/api/v1/charts/${f.chartKey}/publish`, { key: f.keys.skTest }));
}

describe("a woken event object", () => {
  it("answers every objects and status read as it did before the eviction", async () => {
    const f = await newEvent({ layout: layout() });
    const mine = await reserve(f);
    const before = await everyRead(f, mine);
    // The reads did see the layout and the reservations.
    expect((before.objects as { objects: unknown[] }).objects).toHaveLength(12 + 8 + 6 + 10 + 2);
    expect(before.statusMineCompact).toMatchObject({ mine: ["A-1-2", "A-1b-3", "C-4"], statuses: { booked: ["B-1", "B-2"], not_for_sale: ["C-1"] } });
    await evictDurableObject(stubOf(f));
    expect(await everyRead(f, mine)).toEqual(before);
    // The status read first this time (it decodes the index; the objects read above did not need to).
    await evictDurableObject(stubOf(f));
    const status = await api.status(f, `?holdToken=${mine}&format=compact`);
    expect(unordered(status.body)).toEqual(before.statusMineCompact);
    expect(await everyRead(f, mine)).toEqual(before);
    expect((await versions(f)).stored).toHaveLength(1);
  });

  it("answers as before after a republish, keeping only the new layout version", async () => {
    const f = await newEvent({ layout: layout(1) });
    const mine = await reserve(f);
    const first = await versions(f);
    await republish(f, layout(2));
    const before = await everyRead(f, mine);
    expect(before.objectsCompact).toMatchObject({ focalPoint: { x: 60, y: -160 } });
    expect((before.objects as { objects: { objectLabel: string }[] }).objects.map((o) => o.objectLabel)).toContain("C-11");
    const second = await versions(f);
    expect(second.current).not.toBe(first.current);
    expect(second.stored).toEqual([second.current]);
    await evictDurableObject(stubOf(f));
    expect(await everyRead(f, mine)).toEqual(before);
    // The new seat is holdable after the wake, the reads follow.
    expectOk(await api.hold(f, { objectLabels: ["C-11"], holdToken: mine }));
    const after = await everyRead(f, mine);
    await evictDurableObject(stubOf(f));
    expect(await everyRead(f, mine)).toEqual(after);
  });

  it("drops the blobs of a refused, an aborted and a reloaded-then-committed stage with the stage, and a cut-short write on wake", async () => {
    const f = await newEvent({ layout: layout(1) });
    await reserve(f);
    const stub = stubOf(f);
    const { current } = await versions(f);
    // Refused: the new layout removes a held seat.
    const shrunk = { ...layout(1), sections: layout(1).sections.slice(1) };
    expect(await stub.stagePublish({ stageId: "st-refused", version: 2, layout: shrunk as never, force: false })).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await versions(f)).toEqual({ stored: [current], current });
    // Aborted after it was staged.
    expect((await stub.stagePublish({ stageId: "st-aborted", version: 2, layout: layout(2) as never, force: false })).ok).toBe(true);
    expect((await versions(f)).stored).toHaveLength(2);
    await stub.abortPublish("st-aborted");
    expect(await versions(f)).toEqual({ stored: [current], current });
    // Staged, read back from its blobs after a restart, committed: the replaced version goes.
    expect((await stub.stagePublish({ stageId: "st-kept", version: 2, layout: layout(2) as never, force: false })).ok).toBe(true);
    await evictDurableObject(stub);
    expect((await stubOf(f).commitPublish("st-kept")).ok).toBe(true);
    const after = await versions(f);
    expect(after.current).not.toBe(current);
    expect(after.stored).toEqual([after.current]);
    expect((await api.objects(f)).body.objects).toContainEqual(expect.objectContaining({ objectLabel: "C-11", rowLabel: "C" }));
    // A version whose writing a restart cut short (nothing names it) goes on the next wake.
    await inObject(f, (_o, state) => writePart(state.storage.sql, "v9-cutshort", "labels", new Uint8Array(3)));
    expect((await versions(f)).stored).toHaveLength(2);
    await evictDurableObject(stubOf(f));
    expect(await versions(f)).toEqual(after);
  });
});

describe("a woken object's status view", () => {
  it("reads more seats than one JSON query carries, and only the live ones", async () => {
    const f = await newEvent({ layout: bigLayout(9_000), environment: "production" });
    const now = await freeze(f);
    // 4,500 held (a tenth of them expired, swept or not), 2,000 booked, 100 not for sale: seat state written as the engine writes it.
    await inObject(f, (_o, state) =>
      state.storage.transactionSync(() => {
        for (let i = 0; i < 6_600; i++) {
          const label = `S0-${Math.floor(i / 100)}-${i % 100}`;
          const status = i < 4_500 ? "held" : i < 6_500 ? "booked" : "not_for_sale";
          const expiresAt = status !== "held" ? null : i % 10 === 0 ? now - 1 : now + 600_000 + (i % 7);
          state.storage.sql.exec("INSERT INTO seats (label, status, token, expires_at) VALUES (?, ?, ?, ?)", label, status, `tok-${i % 3}-long`, expiresAt);
        }
      }),
    );
    // Each state with the table the seat was taken whole with (none here).
    const expected = await inObject(f, (_o, state) =>
      nonFreeSeats(state.storage.sql, now).map(([label, status, expiresAt, , , , , , wholeTable]) => [label, status, expiresAt, wholeTable]),
    );
    expect(expected).toHaveLength(6_600 - 450);
    const states = await inObject(f, (_o, state) => publicSeatStates(state.storage.sql, now));
    expect(states).toEqual(expected);
    await evictDurableObject(stubOf(f));
    await freeze(f);
    await inObject(f, (o) => o.clock.advance(now - o.clock.now()));
    const status = await api.status(f, "?format=compact");
    expect(status.body.statuses.held).toHaveLength(4_050);
    expect(status.body.statuses.booked).toHaveLength(2_000);
    const full = (await api.status(f)).body.objects as { objectLabel: string; categoryKey: string; holdExpiresAt?: string }[];
    expect(full).toHaveLength(6_150);
    expect(full.find((e) => e.objectLabel === "S0-0-1")).toEqual({
      objectLabel: "S0-0-1",
      objectType: "seat",
      status: "held",
      categoryKey: "a",
      holdExpiresAt: new Date(now + 600_001).toISOString(),
    });
  });
});

describe("an object created before layout versions were blobs", () => {
  it("converts its layout rows once on wake and answers every read as before", async () => {
    const f = await newEvent({ layout: layout() });
    const mine = await reserve(f);
    const before = await everyRead(f, mine);
    await inObject(f, (_o, state) => rewriteAsLegacyRows(state, { hintColumns: true }));
    await evictDurableObject(stubOf(f));
    expect(await everyRead(f, mine)).toEqual(before);
    const tables = () =>
      inObject(f, (_o, state) =>
        state.storage.sql
          .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'layout%' ORDER BY name")
          .toArray()
          .map((r) => r.name),
      );
    expect(await tables()).toEqual(["layout_blobs"]);
    const converted = await versions(f);
    expect(converted.stored).toEqual([converted.current]);
    // Once: the next wake reads the same version.
    await evictDurableObject(stubOf(f));
    expect(await versions(f)).toEqual(converted);
    expect(await everyRead(f, mine)).toEqual(before);
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: mine }));
  });

  it("converts a staged publish too, which then commits as it would have", async () => {
    // Two events, one kept in the blob format throughout: the converted one must end up the same.
    const events = [await newEvent({ layout: layout(1) }), await newEvent({ layout: layout(1) })];
    for (const f of events) {
      await reserve(f);
      expect((await stubOf(f).stagePublish({ stageId: "st-1", version: 2, layout: layout(2) as never, force: false })).ok).toBe(true);
    }
    const [legacy, blobs] = events as [EventFixture, EventFixture];
    await inObject(legacy, (_o, state) => rewriteAsLegacyRows(state, { hintColumns: true }));
    for (const f of events) {
      await evictDurableObject(stubOf(f));
      expect((await stubOf(f).commitPublish("st-1")).ok).toBe(true);
    }
    for (const query of ["", "?format=compact"]) {
      const [a, b] = [await api.objects(legacy, query), await api.objects(blobs, query)];
      expect({ ...a.body, eventKey: null }).toEqual({ ...b.body, eventKey: null });
    }
    expect((await api.objects(legacy)).body.objects).toContainEqual(expect.objectContaining({ objectLabel: "C-11" }));
    expect((await versions(legacy)).stored).toHaveLength(1);
  });

  it("converts the oldest rows, without drawing-hint columns: the objects then carry no hints", async () => {
    const f = await newEvent({ layout: layout() });
    await inObject(f, (_o, state) => rewriteAsLegacyRows(state, { hintColumns: false }));
    await evictDurableObject(stubOf(f));
    const objects = (await api.objects(f)).body.objects as Record<string, unknown>[];
    expect(objects).toHaveLength(38);
    expect(objects[0]).toEqual({ objectLabel: "A-1-1", categoryKey: "b", objectType: "seat", sectionKey: "A", sectionLabel: "Stalls" });
    expect(objects.find((o) => o.objectLabel === "Pit")).toEqual({
      objectLabel: "Pit",
      categoryKey: "a",
      objectType: "generalAdmission",
      capacity: 40,
      label: "Pit",
      remaining: 40,
    });
    // The compact form groups rows by section alone then, and still decodes to the same seats.
    expect((await api.objects(f, "?format=compact")).status).toBe(200);
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }));
    // A republish writes a version with every hint again.
    await republish(f, layout(1));
    expect((await api.objects(f)).body.objects[0]).toMatchObject({ rowLabel: "1", x: 0, y: 0 });
  });
});
