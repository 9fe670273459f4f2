import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEAT_FEATURES, type LayoutObject } from "../src/domain/layout";
import { decodeDict, decodeHints, decodeSeatPart, encodeLayout, SEAT_PART } from "../src/event-object/state/layout-codec";
import { LayoutColumns } from "../src/event-object/state/layout-columns";

// The byte form of a layout version (layout-codec.ts): what is decoded is what was encoded.

// -0 is left out: GA areas travel as JSON, which writes it as 0, as every response does anyway.
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 }).filter((v) => !Object.is(v, -0));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
// Labels of every kind: ASCII, non-ASCII and astral characters, any code unit (lone surrogates
// included), newlines, a leading byte order mark.
const label = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 4 }),
  fc.constantFrom("a\nb", "\n", "[x]", "é-1", "\ufeffBOM", "\ud83d", "x\udc00"),
);

const seat = fc.record(
  {
    categoryKey: fc.constantFrom("a", "b", "c"),
    sectionKey: maybe(fc.constantFrom("S1", "S2")),
    sectionLabel: maybe(fc.constantFrom("One", "")),
    rowLabel: maybe(fc.constantFrom("1", "A", "")),
    rowIndex: maybe(fc.nat(500)),
    aisleAfter: maybe(fc.constant(true as const)),
    // docs/accessibility.md: in the feature list's order, as indexLayout gives them.
    features: maybe(fc.subarray([...SEAT_FEATURES], { minLength: 1 })),
    x: maybe(finite),
    y: maybe(finite),
  },
  { requiredKeys: ["categoryKey"] },
);
const area = fc.record(
  {
    categoryKey: fc.constantFrom("a", "b"),
    capacity: fc.nat(10_000),
    x: maybe(finite),
    y: maybe(finite),
    width: maybe(finite),
    height: maybe(finite),
    shape: maybe(fc.constantFrom("rectangle" as const, "ellipse" as const)),
  },
  { requiredKeys: ["categoryKey", "capacity"] },
);

/** Drops keys whose value is undefined (the objects an index holds never carry them). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

const layoutObjects = fc
  .uniqueArray(label, { maxLength: 60 })
  .chain((labels) =>
    fc.tuple(
      fc.constant(labels),
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: seat.map((s) => ({ kind: "seat" as const, s })) },
          area.map((a) => ({ kind: "area" as const, a })),
        ),
        {
          minLength: labels.length,
          maxLength: labels.length,
        },
      ),
    ),
  )
  .map(([labels, kinds]) =>
    labels.map((l, i): LayoutObject => {
      const k = kinds[i]!;
      return k.kind === "seat" ? defined({ label: l, objectType: "seat", ...k.s }) : defined({ label: l, objectType: "generalAdmission", ...k.a });
    }),
  );

describe("layout version codec", () => {
  it("decodes every object, in order, with exactly its drawing hints (property)", () => {
    fc.assert(
      fc.property(layoutObjects, fc.string(), (objects, seatPart) => {
        const parts = encodeLayout(objects, seatPart);
        const columns = new LayoutColumns(parts);
        const all = columns.objects();
        const hints = decodeHints(all.labels, columns.dict, parts);
        expect(all.labels).toEqual(objects.map((o) => o.label));
        const merged = [...all.objects.values()].map((o) => (o.objectType === "seat" ? { ...o, ...hints.get(o.label) } : o));
        expect(merged).toEqual(objects);
        // Seats come back without their hints: the core is what decisions read.
        const hintKeys = ["rowLabel", "rowIndex", "aisleAfter", "x", "y"];
        for (const o of all.objects.values()) if (o.objectType === "seat") expect(Object.keys(o).filter((k) => hintKeys.includes(k))).toEqual([]);
        // One object by its label, through the hash table: the same object, and none for a label the layout lacks.
        for (const o of all.objects.values()) {
          expect(columns.object(o.label)).toEqual(o);
          expect(columns.categoryOf(o.label)).toBe(o.categoryKey);
        }
        for (const other of ["never-a-label", "", "a\nb!", "\ud800"])
          if (!all.objects.has(other)) {
            expect(columns.object(other)).toBeUndefined();
            expect(columns.categoryOf(other)).toBeUndefined();
          }
        expect(decodeDict(parts).areas).toEqual(objects.filter((o) => o.objectType === "generalAdmission"));
        expect(decodeSeatPart(parts.get(SEAT_PART)!)).toBe(seatPart);
      }),
      { numRuns: 300 },
    );
  });

  it("reads a version written before seat features as seats without features", () => {
    const objects: LayoutObject[] = [
      { label: "a", objectType: "seat", categoryKey: "c", features: ["wheelchair", "stepFree"] },
      { label: "b", objectType: "seat", categoryKey: "c" },
    ];
    const parts = encodeLayout(objects, "");
    expect(new LayoutColumns(parts).object("a")).toEqual(objects[0]);
    parts.delete("features");
    expect(new LayoutColumns(parts).object("a")).toEqual({ label: "a", objectType: "seat", categoryKey: "c" });
  });

  it("keeps 100,000 seats' columns small and typed", () => {
    const objects: LayoutObject[] = Array.from({ length: 100_000 }, (_, i) => ({
      label: `S${Math.floor(i / 1000)}-${Math.floor(i / 100) % 10}-${i % 100}`,
      objectType: "seat",
      categoryKey: i % 2 ? "a" : "b",
      sectionKey: `S${Math.floor(i / 1000)}`,
      sectionLabel: `Section ${Math.floor(i / 1000)}`,
      rowLabel: String(Math.floor(i / 100) % 10),
      rowIndex: Math.floor(i / 100) % 10,
      x: (i % 100) * 10,
      y: Math.floor(i / 100) * 10,
    }));
    const parts = encodeLayout(objects, "");
    expect(parts.get("category")!.byteLength).toBe(400_000);
    expect(parts.get("x")!.byteLength).toBe(800_000);
    // One section and row label entry per distinct value, not per seat.
    const dict = decodeDict(parts);
    expect(dict.sections).toHaveLength(100);
    expect(dict.rowLabels).toHaveLength(10);
    const columns = new LayoutColumns(parts);
    const seat = { label: "S42-3-7", objectType: "seat", categoryKey: "a", sectionKey: "S42", sectionLabel: "Section 42" };
    expect(columns.object("S42-3-7")).toEqual(seat);
    expect(columns.object("S42-3-700")).toBeUndefined();
    const all = columns.objects();
    expect(all.objects.get("S42-3-7")).toEqual(seat);
    expect(decodeHints(all.labels, columns.dict, parts).get("S42-3-7")).toEqual({ rowLabel: "3", rowIndex: 3, x: 70, y: 4230 });
    expect(parts.get("lookup")!.byteLength).toBe(4 * 262_144);
  });
});
