import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "@hono/zod-openapi";
import { fastSeats, MAX_LABEL, parseLayout } from "../src/domain/layout-schema";

/** The reference seat rules, restated: the fast path must never accept what these refuse. */
const reference = z.array(
  z.object({
    label: z.string().min(1).max(MAX_LABEL),
    categoryKey: z.string().min(1).max(128),
    x: z.number().optional(),
    y: z.number().optional(),
    aisleAfter: z.boolean().optional(),
  }),
);

const anyValue = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const seatish = fc.oneof(
  fc.record({
    label: fc.string({ minLength: 1, maxLength: 10 }),
    categoryKey: fc.string({ minLength: 1, maxLength: 5 }),
    x: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined }),
    aisleAfter: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record(
    {
      label: fc.oneof(fc.string({ maxLength: 130 }), anyValue),
      categoryKey: fc.oneof(fc.string({ maxLength: 3 }), anyValue),
      x: anyValue,
      y: anyValue,
      aisleAfter: anyValue,
      extra: anyValue,
    },
    { requiredKeys: [] },
  ),
  anyValue,
  fc.array(anyValue, { maxLength: 2 }),
);

describe("fastSeats agrees with the zod seat rules", () => {
  it("accepts only what zod accepts, with the same output", () => {
    fc.assert(
      fc.property(fc.array(seatish, { maxLength: 6 }), (seats) => {
        const fast = fastSeats(seats);
        const slow = reference.safeParse(seats);
        if (fast !== null) {
          expect(slow.success).toBe(true);
          expect(fast).toEqual(slow.data);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the fast path for every valid seat array (and a long label at the limit)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            label: fc.string({ minLength: 1, maxLength: MAX_LABEL }),
            categoryKey: fc.string({ minLength: 1, maxLength: 128 }),
            y: fc.option(fc.integer(), { nil: undefined }),
            aisleAfter: fc.option(fc.boolean(), { nil: undefined }),
          }),
        ),
        (seats) => {
          expect(fastSeats(seats)).not.toBeNull();
        },
      ),
    );
  });

  it("keeps aisleAfter as given, false included, and refuses a non-boolean one", () => {
    expect(
      fastSeats([
        { label: "a", categoryKey: "c", aisleAfter: true },
        { label: "b", categoryKey: "c", aisleAfter: false },
      ]),
    ).toEqual([
      { label: "a", categoryKey: "c", aisleAfter: true },
      { label: "b", categoryKey: "c", aisleAfter: false },
    ]);
    expect(fastSeats([{ label: "a", categoryKey: "c", aisleAfter: "yes" }])).toBeNull();
    expect(fastSeats([{ label: "a", categoryKey: "c", aisleAfter: 1 }])).toBeNull();
  });

  it("refuses non-arrays, NaN and infinite coordinates", () => {
    expect(fastSeats({})).toBeNull();
    expect(fastSeats([{ label: "a", categoryKey: "c", x: Number.NaN }])).toBeNull();
    expect(fastSeats([{ label: "a", categoryKey: "c", y: Number.POSITIVE_INFINITY }])).toBeNull();
    expect(() =>
      parseLayout({
        categories: [{ key: "c", label: "C", color: "#000" }],
        sections: [{ key: "S", label: "S", rows: [{ label: "1", seats: [{ label: "a", categoryKey: "c", x: Number.NaN }] }] }],
      }),
    ).toThrow();
  });
});
