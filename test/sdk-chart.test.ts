import { afterEach, describe, expect, it, vi } from "vitest";
import { checkConfig, SECRET_KEY_REFUSED } from "../src/sdk/chart-config";
import { MapState } from "../src/sdk/map-state";
import type { ApiObject, SeatingChartConfig, SeatObject, StatusEntry } from "../src/sdk/types";

// The SeatingChart's parts that need no browser: its configuration checks (chart-config.ts), and
// the map state that decides how a picture from the server changes the map (map-state.ts).

describe("SeatingChart configuration", () => {
  // SeatingChart's constructor runs checkConfig first, before the API client or the hold token
  // exist; the Chromium suite (embed.e2e.test.mjs) checks the built bundle sends no request.
  afterEach(() => vi.restoreAllMocks());

  const config = (publicKey: string) => ({ divId: "seating", publicKey, event: "gala" });

  it.each(["sk_test_0123456789abcdef", "sk_live_0123456789abcdef", " sk_test_padded"])("refuses the secret key %s", (key) => {
    const fetched = vi.spyOn(globalThis, "fetch");
    let thrown: unknown;
    try {
      checkConfig(config(key));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(SECRET_KEY_REFUSED);
    expect((thrown as Error).message).toMatch(/secret key \(sk_…\): use your publishable key \(pk_…\)/);
    // The message never repeats the key: it may end up in an error tracker.
    expect((thrown as Error).message).not.toContain(key.trim());
    expect(fetched).not.toHaveBeenCalled();
  });

  it("takes publishable keys, and names what is missing", () => {
    expect(() => checkConfig(config("pk_test_0123456789abcdef"))).not.toThrow();
    expect(() => checkConfig(config("pk_live_0123456789abcdef"))).not.toThrow();
    expect(() => checkConfig({ divId: "seating", event: "gala" } as unknown as SeatingChartConfig)).toThrow("SeatingChart needs divId, publicKey and event");
  });
});

describe("map state", () => {
  const objects: ApiObject[] = [
    { objectLabel: "A-1", objectType: "seat", categoryKey: "stalls", sectionKey: "A", sectionLabel: "Section A" },
    { objectLabel: "A-2", objectType: "seat", categoryKey: "stalls", sectionKey: "A", sectionLabel: "Section A" },
    { objectLabel: "A-3", objectType: "seat", categoryKey: "stalls", sectionKey: "A", sectionLabel: "Section A" },
    { objectLabel: "Floor", objectType: "generalAdmission", categoryKey: "stalls", label: "Floor", capacity: 10, remaining: 10 },
  ];
  const seats = objects.filter((o): o is SeatObject => o.objectType === "seat");
  const loaded = () => {
    const state = new MapState();
    state.load({ eventKey: "gala", categories: [{ key: "stalls", label: "Stalls", color: "#123456" }], objects, rows: [seats] });
    return state;
  };
  const held = (label: string, extra: Partial<StatusEntry> = {}): StatusEntry => ({ objectLabel: label, objectType: "seat", status: "held", ...extra });

  it("gets this token's holds back from the first read, seats and GA places", () => {
    const state = loaded();
    const first = state.mergeSnapshot(
      [
        held("A-1", { mine: true, holdExpiresAt: "2030-01-01T00:00:00.000Z" }),
        held("A-2"),
        { objectLabel: "Floor", objectType: "generalAdmission", status: "free", capacity: 10, remaining: 7, mineQuantity: 2 },
      ],
      true,
      true,
    );
    expect(first.restored.map((h) => [h.objectLabel, h.quantity])).toEqual([
      ["A-1", 1],
      ["Floor", 2],
    ]);
    expect(first.lost).toEqual([]);
    expect(state.view("A-1")).toEqual({ status: "selected" });
    expect(state.view("A-2")).toEqual({ status: "held" });
    expect(state.view("Floor")).toMatchObject({ status: "selected", remaining: 7, quantity: 2 });
    expect(state.isFree("A-3")).toBe(true);
    expect(state.earliestExpiry()).toBe(Date.parse("2030-01-01T00:00:00.000Z"));
  });

  it("reports a hold the server no longer shows, booked or not, and keeps labels with a request in flight as they were", () => {
    const state = loaded();
    state.mergeSnapshot([held("A-1", { mine: true }), held("A-2", { mine: true })], true, true);
    state.pending.add("A-3");
    state.markTaken("A-3", "held");
    const next = state.mergeSnapshot([{ objectLabel: "A-2", objectType: "seat", status: "booked" }], false, false);
    expect(next.lost.map((l) => [l.held.objectLabel, l.booked])).toEqual([
      ["A-1", false],
      ["A-2", true],
    ]);
    // A-3's own request decides it, not a picture taken meanwhile.
    expect(state.statusOf("A-3")).toBe("held");
    expect([...next.repaint].sort()).toEqual(["A-1", "A-2", "A-3"]);
  });

  it("applies changes: a freed seat leaves the picture, a GA area counts its places", () => {
    const state = loaded();
    state.mergeSnapshot([held("A-1"), held("A-2", { mine: true })], true, true);
    const changes = state.mergeChanges([
      { objectLabel: "A-1", objectType: "seat", status: "free" },
      { objectLabel: "A-2", objectType: "seat", status: "free" },
      { objectLabel: "Floor", objectType: "generalAdmission", status: "free", capacity: 10, remaining: 4 },
    ]);
    expect(state.statusOf("A-1")).toBe("free");
    expect(changes.lost.map((l) => l.held.objectLabel)).toEqual(["A-2"]);
    expect(state.view("Floor")).toMatchObject({ status: "free", remaining: 4 });
    // Our own GA hold shrinking gives its places back to the count.
    state.adjustRemaining("Floor", 3);
    expect(state.view("Floor")).toMatchObject({ remaining: 7 });
  });
});
