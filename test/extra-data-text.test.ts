import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPackedExtraData, packExtraData, unpackExtraData, withExtraData } from "../src/domain/extra-data-text";

/** The text forms of extraData kept once (docs/security.md): what they give back is exactly what was put in. */

const json = fc.jsonValue({ maxDepth: 4 });
const object = fc.dictionary(fc.string(), json, { maxKeys: 6 });

describe("withExtraData", () => {
  it("gives, byte for byte, the JSON the event had with its extraData, whatever the other fields hold", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), object, (label, key, extraData) => {
        const event = { id: "evt_1", data: { object: { eventKey: key, objectLabel: label, extraData, seq: 3 } } };
        const stored = JSON.stringify({ ...event, data: { object: { ...event.data.object, extraData: null } } });
        expect(withExtraData(stored, JSON.stringify(extraData))).toBe(JSON.stringify(event));
      }),
    );
  });

  it("leaves a text without a kept extraData as it is", () => {
    expect(withExtraData('{"a":1}', null)).toBe('{"a":1}');
  });
});

describe("packExtraData", () => {
  it("keeps each distinct extraData once and gives the value back", () => {
    fc.assert(
      fc.property(fc.array(fc.option(object, { nil: null }), { maxLength: 30 }), fc.jsonValue({ maxDepth: 3 }), (extras, other) => {
        const value = { ok: true, value: { other, objects: extras.map((extraData, i) => ({ objectLabel: `A-${i}`, extraData })) } };
        const packed = packExtraData(value);
        expect(unpackExtraData(packed)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(JSON.stringify(unpackExtraData(packed))).toBe(JSON.stringify(value));
      }),
    );
  });

  it("stores 200 copies of one extraData once, and an integrator's own extraData key untouched", () => {
    const extraData = { extraData: 5, note: "x".repeat(1000) };
    const value = { objects: Array.from({ length: 200 }, (_, i) => ({ objectLabel: `A-${i}`, extraData })) };
    const packed = packExtraData(value);
    expect(isPackedExtraData(packed)).toBe(true);
    expect(packed.length).toBeLessThan(10_000);
    expect(unpackExtraData(packed)).toEqual(value);
    // Plain JSON (written before, or without extraData) reads as itself.
    expect(packExtraData({ a: 1 })).toBe('{"a":1}');
    expect(unpackExtraData('{"ok":true}')).toEqual({ ok: true });
  });
});
