import { describe, expect, it } from "vitest";
import { MapState } from "../src/sdk/map-state";
import { statusCode } from "../src/sdk/large-map-paint";
import type { ApiObject, SeatObject } from "../src/sdk/types";

/** The SDK's channel view (docs/channels.md) without a browser: which seats a chart may not sell, and how they look. */

const seat = (label: string): SeatObject => ({ objectLabel: label, objectType: "seat", categoryKey: "stalls", sectionKey: "A", sectionLabel: "A" });
const seats = ["A-1", "A-2", "A-3", "A-4"].map(seat);

function stateWith(channels: Record<string, string[]> | undefined, keys: string[] | undefined, floor: Partial<ApiObject> = {}): MapState {
  const state = new MapState();
  const objects: ApiObject[] = [
    ...seats,
    { objectLabel: "Floor", objectType: "generalAdmission", categoryKey: "stalls", capacity: 10, label: "Floor", remaining: 10, ...floor } as ApiObject,
  ];
  state.load({ eventKey: "gala", categories: [], objects, rows: [seats] });
  state.applyChannels(channels, keys);
  return state;
}

describe("SDK channels", () => {
  it("defaults to the open pool: a channel's seats are outside, drawn unavailable and never free to this chart", () => {
    const s = stateWith({ presale: ["A-1", "A-2"] }, undefined);
    expect([...s.outside].sort()).toEqual(["A-1", "A-2"]);
    expect(s.view("A-1")).toEqual({ status: "free", unavailable: true });
    expect(s.view("A-3")).toEqual({ status: "free" });
    expect(s.isFree("A-1")).toBe(false);
    // Drawn apart from a seat not for sale (3): "not available here" has its own look.
    expect(statusCode(s.view("A-1"))).toBe(5);
    expect(statusCode(s.view("A-3"))).toBe(0);
  });

  it("with channelKeys, only the named pools are selectable; NO_CHANNEL adds the open pool; GA areas are never outside", () => {
    expect([...stateWith({ presale: ["A-1"], sponsor: ["A-2"] }, ["presale"]).outside].sort()).toEqual(["A-2", "A-3", "A-4"]);
    expect([...stateWith({ presale: ["A-1"], sponsor: ["A-2"] }, ["presale", "NO_CHANNEL"]).outside]).toEqual(["A-2"]);
    expect(stateWith(undefined, undefined).outside.size).toBe(0);
    expect(stateWith(undefined, ["presale"]).outside.has("Floor")).toBe(false);
  });

  it("a seat this chart holds is drawn selected even outside its pools", () => {
    const s = stateWith({ presale: ["A-1"] }, undefined);
    s.selection.set("A-1", { objectLabel: "A-1", objectType: "seat", categoryKey: "stalls", quantity: 1 });
    expect(s.view("A-1")).toEqual({ status: "selected" });
  });
});

describe("SDK standing areas with channel places", () => {
  const pooled = { capacity: 300, remaining: 300, remainingByChannel: { presale: 100, NO_CHANNEL: 200 } };

  it("an open-sale buyer sees the open pool's places, a presale buyer its channel's, one naming both the larger", () => {
    expect(stateWith(undefined, undefined, pooled).view("Floor")).toMatchObject({ remaining: 200, pooled: true });
    expect(stateWith(undefined, ["presale"], pooled).view("Floor")).toMatchObject({ remaining: 100, pooled: true });
    expect(stateWith(undefined, ["presale", "NO_CHANNEL"], pooled).view("Floor")).toMatchObject({ remaining: 200 });
    expect(stateWith(undefined, ["sponsor"], pooled).view("Floor")).toMatchObject({ remaining: 0 });
  });

  it("the status entry's pools replace the objects read's, and never exceed the area's remaining places", () => {
    const s = stateWith(undefined, undefined, pooled);
    s.mergeSnapshot(
      [
        {
          objectLabel: "Floor",
          objectType: "generalAdmission",
          status: "free",
          capacity: 300,
          held: 150,
          booked: 0,
          remaining: 150,
          remainingByChannel: { presale: 90, NO_CHANNEL: 60 },
        },
      ],
      false,
      false,
    );
    expect(s.view("Floor")).toMatchObject({ remaining: 60, capacity: 300 });
    s.adjustRemaining("Floor", -100);
    expect(s.view("Floor").remaining).toBe(50);
  });

  it("an area no channel sets places aside in is all open: the area's remaining, and nothing for a channel-only chart", () => {
    expect(stateWith(undefined, undefined).view("Floor")).toEqual({ status: "free", capacity: 10, remaining: 10, quantity: undefined });
    expect(stateWith(undefined, ["presale"]).view("Floor").remaining).toBe(0);
  });
});
