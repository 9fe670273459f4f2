import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evictDurableObject } from "cloudflare:test";
import { changedSince, MAX_REPLAYED_LABELS } from "../src/event-object/reads/live-since";
import { encodeCoords, encodeLabels, encodeSeats, type SeatInput } from "../src/event-object/reads/objects-compact";
import type { CompactObjects } from "../src/domain/status";
import { decodeObjects } from "../src/sdk/objects-compact";
import type { SeatObject } from "../src/sdk/types";
import { api, inObject, newEvent, stubOf, token, type EventFixture } from "./support/fixtures";

// The compact objects form (GET /objects?format=compact) and the live socket's `since`.

const categories = [
  { key: "a", label: "A", color: "#000000" },
  { key: "b", label: "B", color: "#ffffff" },
];

/** What the SDK reads back from an encoded seat list. */
function roundTrip(seats: SeatInput[], cats = categories) {
  const body: CompactObjects = { eventKey: "e", format: "compact", categories: cats, ...JSON.parse(JSON.stringify(encodeSeats(cats, seats))), areas: [] };
  return decodeObjects(body);
}

/** The full form's entries of `seats`: the row's position only groups compact rows, it is not an entry field. */
const asEntries = (seats: SeatInput[]) => seats.map(({ rowIndex: _, ...s }) => ({ ...s, objectType: "seat" }));

describe("compact objects encoding", () => {
  it("writes numbered labels as runs, both directions, and keeps everything else as is", () => {
    expect(encodeLabels(["A-1", "A-2", "A-3", "A-4"])).toEqual([["A-", 1, 4]]);
    expect(encodeLabels(["9", "8", "7"])).toEqual([["", 9, 3, -1]]);
    expect(encodeLabels(["A-1", "A-2", "B", "A-01", "A-02", "A-03"])).toEqual(["A-1", "A-2", "B", "A-01", "A-02", "A-03"]);
    expect(encodeLabels(["x9", "x10", "x11", "y"])).toEqual([["x", 9, 3], "y"]);
    expect(encodeCoords([0, 10, 20])).toEqual({ start: 0, step: 10 });
    expect(encodeCoords([0, 10, 25])).toEqual([0, 10, 25]);
    expect(encodeCoords([undefined, 3])).toEqual([null, 3]);
    expect(encodeCoords([undefined, undefined])).toBeUndefined();
  });

  it("decodes to exactly the seats it was given, in order (property)", () => {
    const label = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.tuple(fc.constantFrom("A-", "B-1-", "", "0"), fc.nat(120)).map(([p, n]) => `${p}${n}`),
    );
    const coord = fc.option(
      fc.oneof(
        fc.integer({ min: -500, max: 500 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((v) => !Object.is(v, -0)),
      ),
      {
        nil: undefined,
      },
    );
    const seat = fc.record({
      section: fc.constantFrom("S1", "S2"),
      row: fc.option(fc.constantFrom("1", "2", ""), { nil: undefined }),
      rowIndex: fc.option(fc.nat(2), { nil: undefined }),
      aisle: fc.boolean(),
      categoryKey: fc.constantFrom("a", "b", "unlisted"),
      x: coord,
      y: coord,
    });
    fc.assert(
      fc.property(fc.uniqueArray(label, { maxLength: 80 }), fc.array(seat, { minLength: 80, maxLength: 80 }), (labels, props) => {
        const seats: SeatInput[] = labels.map((objectLabel, i) => {
          const p = props[i]!;
          const s: SeatInput = { objectLabel, categoryKey: p.categoryKey, sectionKey: p.section, sectionLabel: `Section ${p.section}` };
          if (p.row !== undefined) s.rowLabel = p.row;
          if (p.rowIndex !== undefined) s.rowIndex = p.rowIndex;
          if (p.aisle) s.aisleAfter = true;
          if (p.x !== undefined) s.x = p.x;
          if (p.y !== undefined) s.y = p.y;
          return s;
        });
        expect(roundTrip(seats)).toEqual(asEntries(seats));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps two rows that share a label apart, with their aisles", () => {
    const row = (rowIndex: number, labels: string[], aisleAt = -1): SeatInput[] =>
      labels.map((objectLabel, i) => ({
        objectLabel,
        categoryKey: "a",
        sectionKey: "S",
        sectionLabel: "S",
        rowLabel: "A",
        rowIndex,
        ...(i === aisleAt ? { aisleAfter: true as const } : {}),
      }));
    const seats = [...row(0, ["1", "2", "3", "4"], 1), ...row(1, ["5", "6", "7"])];
    const encoded = encodeSeats(categories, seats);
    expect(encoded.sections[0]!.rows.map((r) => r.aisles)).toEqual([[1], undefined]);
    const body: CompactObjects = { eventKey: "e", format: "compact", categories, ...encoded, areas: [] };
    const rows: SeatObject[][] = [];
    expect(decodeObjects(body, rows)).toEqual(asEntries(seats));
    expect(rows.map((r) => r.map((s) => s.objectLabel))).toEqual([
      ["1", "2", "3", "4"],
      ["5", "6", "7"],
    ]);
    expect(rows[0]![1]!.aisleAfter).toBe(true);
  });

  it("falls back to index arrays beyond 62 categories", () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ key: `k${i}`, label: `K${i}`, color: "#123456" }));
    const seats: SeatInput[] = many.map((c, i) => ({ objectLabel: `S-${i + 1}`, categoryKey: c.key, sectionKey: "S", sectionLabel: "S", rowLabel: "1" }));
    expect(encodeSeats(many, seats).sections[0]!.rows[0]!.c).toHaveLength(70);
    expect(roundTrip(seats, many)).toEqual(asEntries(seats));
  });

  it("serves the same objects as the full form, GA counts live", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 7 });
    const full = await api.objects(f);
    const compact = await api.objects(f, "?format=compact");
    expect(compact.status).toBe(200);
    expect(compact.body).toMatchObject({ eventKey: f.eventKey, format: "compact", categories: full.body.categories });
    expect(decodeObjects(compact.body)).toEqual(full.body.objects);
    // The seat part is kept; the GA area's remaining count is read each time.
    await api.hold(f, { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 3 });
    const again = await api.objects(f, "?format=compact");
    expect(decodeObjects(again.body).find((o) => o.objectLabel === "Floor")).toMatchObject({ remaining: 40 });
    const some = await api.objects(f, "?format=compact&labels=A-1-2,Floor");
    expect(decodeObjects(some.body).map((o) => o.objectLabel)).toEqual(["A-1-2", "Floor"]);
  });

  it("carries aisles and the layout's rows in both forms, before and after the object restarts", async () => {
    const seatsOf = (row: string, n: number, aisleAt: number) =>
      Array.from({ length: n }, (_, i) => ({ label: `${row}${i + 1}`, categoryKey: "a", ...(i === aisleAt ? { aisleAfter: true } : {}) }));
    // Two rows share the label "A": the compact form keeps them two rows.
    const layout = {
      categories,
      sections: [
        {
          key: "S",
          label: "Stalls",
          rows: [
            { label: "A", seats: seatsOf("a", 4, 1) },
            { label: "A", seats: seatsOf("b", 3, -1) },
          ],
        },
      ],
      generalAdmission: [],
    };
    const f = await newEvent({ layout });
    for (const pass of ["built from the layout", "read back from the tables"]) {
      // The secret key reads the object itself (a publishable read may be answered from the hub's copy).
      const full = await api.objects(f, "", f.sk);
      expect(
        full.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "a2"),
        pass,
      ).toMatchObject({ aisleAfter: true });
      expect(full.body.objects.filter((o: { aisleAfter?: boolean }) => o.aisleAfter).length, pass).toBe(1);
      const compact = await api.objects(f, "?format=compact", f.sk);
      expect(
        compact.body.sections[0].rows.map((r: { aisles?: number[] }) => r.aisles),
        pass,
      ).toEqual([[1], undefined]);
      const rows: SeatObject[][] = [];
      expect(decodeObjects(compact.body, rows), pass).toEqual(full.body.objects);
      expect(
        rows.map((r) => r.length),
        pass,
      ).toEqual([4, 3]);
      await evictDurableObject(stubOf(f));
    }
  });

  it("answers an unknown format and an unknown event with the error envelope", async () => {
    const f = await newEvent();
    const bad = await api.objects(f, "?format=tiny");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: "validation_failed" });
    const missing = await api.objects({ ...f, eventKey: "no-such-event" }, "?format=compact");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "event_not_found" });
  });
});

describe("status versions", () => {
  it("replay the labels changed after a read from the history, across eviction, and refuse what they cannot replay", async () => {
    const f = await newEvent();
    const t = token();
    const v0 = (await api.status(f, `?holdToken=${t}`)).headers.get("status-version")!;
    expect(v0).toBe("1.0");
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    const v1 = (await api.status(f, `?holdToken=${t}`)).headers.get("status-version")!;
    expect(v1).toBe("1.2");
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: t });
    await api.release(f, { objectLabels: ["A-1-2"], holdToken: t }, f.pk);
    await evictDurableObject(stubOf(f));
    const since = (v: string) => inObject(f, (_o, state) => changedSince(state.storage.sql, 1, v));
    expect(await since(v0)).toEqual(["A-1-1", "A-1-2", "A-1-3"]);
    expect((await since(v1))?.sort()).toEqual(["A-1-2", "A-1-3"]);
    expect(await since("1.4")).toEqual([]);
    // Another layout, a version this event never gave, or garbage: the socket needs a snapshot.
    for (const v of ["2.1", "n.1", "1.99", "garbage", "1."]) expect(await since(v), v).toBeNull();
    expect(MAX_REPLAYED_LABELS).toBeGreaterThanOrEqual(1000);
  });
});

/** Opens the live socket with `since` and collects the parsed messages. */
async function connect(f: EventFixture, since: string) {
  const res = await exports.default.fetch(
    new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}&since=${encodeURIComponent(since)}`, { headers: { Upgrade: "websocket" } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: { type: string; seq: number; objects: Record<string, unknown>[] }[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
  });
  ws.accept();
  return { ws, messages };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

describe("live socket with since", () => {
  it("skips the snapshot when the client read the current status, then sends changes as usual", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    const read = await api.status(f, `?holdToken=${t}&format=compact`);
    const version = read.headers.get("status-version");
    expect(version).toBe("1.1");
    const live = await connect(f, version!);
    await settle();
    expect(live.messages).toEqual([]);
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    await settle();
    expect(live.messages).toEqual([{ type: "changes", seq: 2, objects: [expect.objectContaining({ objectLabel: "A-1-2", status: "held" })] }]);
    live.ws.close();
  });

  it("sends what changed between the read and the connect, and a snapshot for a version it cannot replay", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-3"], holdToken: t });
    const version = (await api.status(f, `?holdToken=${t}`)).headers.get("status-version")!;
    await api.release(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk);
    await api.hold(f, { objectLabels: ["A-1-4"], holdToken: t });
    const live = await connect(f, version);
    await settle();
    expect(live.messages).toHaveLength(1);
    expect(live.messages[0]!.type).toBe("changes");
    expect(live.messages[0]!.objects).toEqual(
      expect.arrayContaining([
        { objectLabel: "A-1-1", objectType: "seat", status: "free", categoryKey: "stalls" },
        expect.objectContaining({ objectLabel: "A-1-4", status: "held" }),
      ]),
    );
    const stale = await connect(f, "not-a-version.3");
    await settle();
    expect(stale.messages[0]!.type).toBe("snapshot");
    live.ws.close();
    stale.ws.close();
  });
});
