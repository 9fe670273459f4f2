import { describe, expect, it } from "vitest";
import { encodeSeats } from "../src/event-object/reads/objects-compact";
import { decodeObjects } from "../src/sdk/objects-compact";
import { MapState } from "../src/sdk/map-state";
import { seatName, seatNumber } from "../src/sdk/seat-name";
import { tooltipLines } from "../src/sdk/tooltip-lines";
import type { CompactObjects, SeatObject } from "../src/sdk/types";

/** The words a seat is called by in list mode and on the map (docs/accessibility.md), and the features the compact read carries to them. */
describe("seat names", () => {
  const seat: SeatObject = {
    objectLabel: "A-3-12",
    categoryKey: "p",
    objectType: "seat",
    sectionKey: "A",
    sectionLabel: "Section A",
    rowLabel: "3",
    features: ["wheelchair"],
  };

  it("say section, row, seat, category, features and status", () => {
    expect(seatName(seat, "Premium", { status: "free" })).toBe("Section A, row 3, seat 12, Premium, wheelchair space, available");
    expect(seatName({ ...seat, features: ["companion", "stepFree"] }, "Premium", { status: "selected" })).toBe(
      "Section A, row 3, seat 12, Premium, companion seat, step-free access, selected",
    );
    expect(seatName({ ...seat, features: undefined, rowLabel: undefined }, "Stalls", { status: "held" })).toBe(
      "Section A, seat 12, Stalls, held by another buyer",
    );
    expect(seatName(seat, "Premium", { status: "free", unavailable: true })).toMatch(/not available here$/);
    expect(seatNumber("A-3-12")).toBe("12");
    expect(seatNumber("Box7")).toBe("Box7");
  });

  it("the compact objects read carries features and accessibleOnly to the SDK", () => {
    const seats = [
      { objectLabel: "A-1-1", categoryKey: "p", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1", features: ["wheelchair" as const] },
      { objectLabel: "A-1-2", categoryKey: "p", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1" },
    ];
    const { categoryKeys, sections } = encodeSeats([{ key: "p", label: "Premium", color: "#000" }], seats);
    const body: CompactObjects = { eventKey: "e", format: "compact", categories: [], categoryKeys, sections, areas: [], accessibleOnly: ["A-1-1"] };
    const decoded = decodeObjects(body);
    expect(decoded[0]).toMatchObject({ objectLabel: "A-1-1", features: ["wheelchair"], accessibleOnly: true });
    expect(decoded[1]).not.toHaveProperty("features");
  });
});

describe("the seat tooltip", () => {
  it("names features in the words of the seat's accessible name", () => {
    const state = new MapState();
    const wheelchair: SeatObject = {
      objectLabel: "A-3-12",
      objectType: "seat",
      categoryKey: "p",
      sectionKey: "A",
      sectionLabel: "Section A",
      rowLabel: "3",
      features: ["wheelchair", "stepFree"],
    };
    state.load({ eventKey: "e", categories: [{ key: "p", label: "Premium", color: "#000" }], objects: [wheelchair], rows: [[wheelchair]] });
    expect(tooltipLines(wheelchair, state, {})).toEqual({ title: "Section A", details: ["Row 3", "Seat 12", "Premium", "Wheelchair space, step-free access"] });
  });
});
