import { describe, expect, it } from "vitest";
import { MapState } from "../src/sdk/map-state";
import { statusCode } from "../src/sdk/large-map-paint";
import type { ApiObject, SeatObject } from "../src/sdk/types";

/** The SDK's channel view (contract §12) without a browser: which seats a chart may not sell, and how they look. */

const seat = (label: string): SeatObject => ({ objectLabel: label, objectType: "seat", categoryKey: "stalls", sectionKey: "A", sectionLabel: "A" });
const seats = ["A-1", "A-2", "A-3", "A-4"].map(seat);

function stateWith(channels: Record<string, string[]> | undefined, keys: string[] | undefined): MapState {
  const state = new MapState();
  const objects: ApiObject[] = [
    ...seats,
    { objectLabel: "Floor", objectType: "generalAdmission", categoryKey: "stalls", capacity: 10, label: "Floor", remaining: 10 },
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
    expect(statusCode(s.view("A-1"))).toBe(3);
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
