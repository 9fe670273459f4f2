import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { layoutArb, nonFreeOf, queryArb, seatLabels, soldArb } from "./selling-arbitraries";
import { referenceBestAvailable } from "./selling-reference";
import { api, call, expectError, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * POST /events/{key}/seats/hold-best-available through the API: the event object's answer, from
 * the index it builds out of its own stored layout, equals the reference of docs/selling-rules.md#best-available, and holds.
 */

const bestAvailable = (f: EventFixture, body: Record<string, unknown>, key = f.pk) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key, body });

/** A theatre: two sections, rows of 8 with an aisle after seat 4, a stage in front of section A. */
function theatre(): Layout {
  const section = (key: string, x0: number) => ({
    key,
    label: `Section ${key}`,
    rows: Array.from({ length: 3 }, (_, r) => ({
      label: String(r + 1),
      seats: Array.from({ length: 8 }, (_, i) => ({
        label: `${key}-${r + 1}-${i + 1}`,
        categoryKey: r === 0 ? "front" : "back",
        x: x0 + i * 10,
        y: r * 10,
        ...(i === 3 ? { aisleAfter: true } : {}),
      })),
    })),
  });
  return {
    categories: [
      { key: "front", label: "Front", color: "#aa0000" },
      { key: "back", label: "Back", color: "#0000aa" },
    ],
    sections: [section("A", 0), section("B", 200)],
    generalAdmission: [{ label: "Floor", categoryKey: "back", capacity: 20 }],
    focalPoint: { x: 35, y: -20 },
  };
}

describe("hold best available", () => {
  it("holds the block nearest the stage, in one row, without crossing the aisle", async () => {
    const f = await newEvent({ layout: theatre() });
    const res = await bestAvailable(f, { holdToken: token(), quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ nextToEachOther: true, eventKey: f.eventKey, holdToken: expect.any(String), holdExpiresAt: expect.any(String) });
    // The stage is at x 35: seats 4 (x 30) and 5 (x 40) are nearest but an aisle splits them.
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-3", "A-1-4"]);
    const status = (await api.status(f)).body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status]);
    expect(status).toEqual([
      ["A-1-3", "held"],
      ["A-1-4", "held"],
    ]);
  });

  it("filters by category and section, splits when no block is free, and refuses when together is asked", async () => {
    const f = await newEvent({ layout: theatre() });
    const back = await bestAvailable(f, { holdToken: token(), quantity: 3, categories: ["back"], sections: ["B"] });
    expect(back.body.objects.every((o: { objectLabel: string }) => /^B-[23]-/.test(o.objectLabel))).toBe(true);
    // Sell every second seat of the front rows: no two adjacent front seats remain.
    const t = token();
    const every2nd = ["A", "B"].flatMap((s) => [1, 3, 5, 7].map((i) => `${s}-1-${i}`));
    expect((await api.hold(f, { objectLabels: every2nd, holdToken: t })).status).toBe(200);
    const split = await bestAvailable(f, { holdToken: token(), quantity: 2, categories: ["front"] });
    expect(split.status).toBe(200);
    expect(split.body.nextToEachOther).toBe(false);
    expectError(await bestAvailable(f, { holdToken: token(), quantity: 2, categories: ["front"], together: true }), 409, "no_best_available");
    expectError(await bestAvailable(f, { holdToken: token(), quantity: 50 }), 409, "no_best_available");
  });

  it("validates its body", async () => {
    const f = await newEvent({ layout: theatre() });
    for (const body of [
      { holdToken: "short", quantity: 1 },
      { holdToken: token(), quantity: 0 },
      { holdToken: token(), quantity: 51 },
      { holdToken: token() },
    ]) {
      expectError(await bestAvailable(f, body), 400, "validation_failed");
    }
    expectError(await bestAvailable(f, { holdToken: token(), quantity: 1, ignoreSelectionRules: true }), 400, "validation_failed");
  });

  it("never gives the same seat twice to concurrent calls", async () => {
    const f = await newEvent({ layout: theatre() });
    const calls = await Promise.all(Array.from({ length: 16 }, () => bestAvailable(f, { holdToken: token(), quantity: 3 })));
    const won = calls.filter((r) => r.status === 200);
    const labels = won.flatMap((r) => r.body.objects.map((o: { objectLabel: string }) => o.objectLabel));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toHaveLength(won.length * 3);
    for (const r of calls) if (r.status !== 200) expectError(r, 409, "no_best_available");
    expect((await api.status(f)).body.objects).toHaveLength(won.length * 3);
    // 48 seats: every call of 3 found seats.
    expect(won).toHaveLength(16);
  });

  it("answers what the reference of docs/selling-rules.md#best-available answers, on random layouts and sold seats", async () => {
    await fc.assert(
      fc.asyncProperty(layoutArb, soldArb, queryArb, async (layout, sold, query) => {
        if (seatLabels(layout).length === 0) return;
        const f = await newEvent({ layout: { ...layout, generalAdmission: [] } });
        const nonFree = nonFreeOf(layout, sold);
        if (nonFree.size > 0) expect((await api.hold(f, { objectLabels: [...nonFree].slice(0, 200), holdToken: token("sold") })).status).toBe(200);
        const expected = referenceBestAvailable(layout, nonFree, query);
        const res = await bestAvailable(f, { holdToken: token(), ...query });
        if (!expected.ok) {
          expectError(res, 409, "no_best_available");
          return;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual([...expected.labels].sort());
        expect(res.body.nextToEachOther).toBe(expected.nextToEachOther);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
