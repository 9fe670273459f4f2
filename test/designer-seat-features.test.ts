import { describe, expect, it } from "vitest";
import type { Scene } from "../src/designer/actions";
import { loneCompanions, setSeatFeatures } from "../src/designer/seat-features";
import { parseLayout } from "../src/domain/layout-schema";

/** The designer's seat features (docs/accessibility.md): set on a selection, and companions checked against wheelchair spaces. */
function scene(): Scene {
  return parseLayout({
    categories: [{ key: "c", label: "C", color: "#000000" }],
    sections: [
      {
        key: "A",
        label: "A",
        rows: [
          { label: "1", seats: ["1", "2", "3", "4", "5"].map((n) => ({ label: `A-${n}`, categoryKey: "c", ...(n === "3" ? { aisleAfter: true } : {}) })) },
        ],
      },
    ],
  });
}

describe("seat features in the designer", () => {
  it("sets exactly the chosen features on the selected seats, in the feature list's order, and none removes them", () => {
    const s1 = setSeatFeatures(scene(), new Set(["A-1", "A-2"]), ["stepFree", "wheelchair"]);
    expect(s1.sections[0]!.rows[0]!.seats.map((s) => s.features)).toEqual([
      ["wheelchair", "stepFree"],
      ["wheelchair", "stepFree"],
      undefined,
      undefined,
      undefined,
    ]);
    const s2 = setSeatFeatures(s1, new Set(["A-2"]), []);
    expect(s2.sections[0]!.rows[0]!.seats[1]).toEqual({ label: "A-2", categoryKey: "c" });
    expect(setSeatFeatures(s2, new Set(["A-1"]), ["stepFree", "wheelchair"]).sections[0]).toBe(s2.sections[0]);
    expect(parseLayout(s2)).toEqual(s2);
  });

  it("names companion seats with no wheelchair space beside them (an aisle separates)", () => {
    let s = setSeatFeatures(scene(), new Set(["A-3"]), ["wheelchair"]);
    s = setSeatFeatures(s, new Set(["A-2", "A-4", "A-5"]), ["companion"]);
    // A-2 is beside the space; A-4 is across the aisle after A-3; A-5 has no space beside it.
    expect(loneCompanions(s)).toEqual(["A-4", "A-5"]);
  });
});
