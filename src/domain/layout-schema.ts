import { z } from "@hono/zod-openapi";
import { labelsSchema } from "./labels";
import { SEAT_FEATURES, type Layout, type Seat, type SeatFeature } from "./layout";

/**
 * Validation of the chart layout object (docs/charts.md#the-layout, a chart's `draftVersion` in requests).
 *
 * Shape rules are plain zod; the cross-object rules (unique keys, one label space for seats and GA
 * areas, every categoryKey naming a category) run once in a superRefine over Maps, so a 100,000-seat
 * layout is checked in one linear pass. Each cross-object issue carries the path of the exact
 * offending element, e.g. `sections.0.rows.0.seats.3.categoryKey`; inside a request body the router
 * prefixes it with the body property (`draftVersion.…`).
 *
 * Limits (documented in the OpenAPI document and README):
 * - at most {@link MAX_OBJECTS} objects (seats plus GA areas) per layout;
 * - at most {@link MAX_CATEGORIES} categories and {@link MAX_SECTIONS} sections;
 * - object labels 1..{@link MAX_LABEL} characters; keys 1..128; display labels at most 255.
 */

/** Most seats plus GA areas in one layout: twice the 100,000-seat chart the contract requires. */
export const MAX_OBJECTS = 200_000;
/** Most categories in one layout. */
export const MAX_CATEGORIES = 1_000;
/** Most sections in one layout. */
export const MAX_SECTIONS = 10_000;
/** Longest object label (seat or GA area), which is also the objectLabel of the seat APIs. */
export const MAX_LABEL = 128;
/** Cross-object issues reported at most: one bad rule repeated 100,000 times is one problem. */
const MAX_REFINE_ISSUES = 100;

/** `#rgb`, `#rrggbb` or `#rrggbbaa`. */
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

const key = z.string().min(1).max(128);
const displayLabel = z.string().max(255);
const objectLabel = z.string().min(1, "must not be empty").max(MAX_LABEL, `must be at most ${MAX_LABEL} characters`);
const coordinate = z.number();

const categorySchema = z.object({
  key,
  label: displayLabel,
  color: z.string().regex(HEX_COLOR, "must be a hex colour: #rgb, #rrggbb or #rrggbbaa"),
  labels: labelsSchema.optional(),
});

const FEATURE_SET = new Set<string>(SEAT_FEATURES);

/** A set: each feature at most once. */
const featuresSchema = z
  .array(z.enum(SEAT_FEATURES))
  .max(SEAT_FEATURES.length)
  .refine((list) => new Set(list).size === list.length, "must not repeat a feature");

const seatSchema = z.object({
  label: objectLabel,
  categoryKey: key,
  x: coordinate.optional(),
  y: coordinate.optional(),
  aisleAfter: z.boolean().optional(),
  features: featuresSchema.optional(),
});

function isFeature(f: unknown): f is SeatFeature {
  return typeof f === "string" && FEATURE_SET.has(f);
}

/** The features of a seat when they are a valid set, else null (the reference schema then words the error). */
function fastFeatures(v: unknown): SeatFeature[] | null {
  if (!Array.isArray(v) || v.length > SEAT_FEATURES.length) return null;
  const out: SeatFeature[] = [];
  for (const f of v) {
    if (!isFeature(f) || out.includes(f)) return null;
    out.push(f);
  }
  return out;
}

/** The reference rules for a row's seats: they word every seat error and describe seats in the docs. */
const seatsReference = z.array(seatSchema).max(MAX_OBJECTS);

/**
 * A row's seats, checked by hand when they are valid. Seats are the bulk of a large layout, and
 * inside workerd (no code generation) zod needs several hundred milliseconds for 100,000 seat
 * objects where this loop needs tens. On any doubt it returns null and {@link seatsReference}
 * decides, so the rules and messages stay zod's. Exported for the agreement property test.
 */
export function fastSeats(input: unknown): Seat[] | null {
  if (!Array.isArray(input) || input.length > MAX_OBJECTS) return null;
  const out = new Array<Seat>(input.length);
  for (let i = 0; i < input.length; i++) {
    const v: unknown = input[i];
    if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
    const { label, categoryKey, x, y, aisleAfter, features } = v as Record<string, unknown>;
    if (typeof label !== "string" || label.length < 1 || label.length > MAX_LABEL) return null;
    if (typeof categoryKey !== "string" || categoryKey.length < 1 || categoryKey.length > 128) return null;
    const seat: Seat = { label, categoryKey };
    if (x !== undefined) {
      if (typeof x !== "number" || !Number.isFinite(x)) return null;
      seat.x = x;
    }
    if (y !== undefined) {
      if (typeof y !== "number" || !Number.isFinite(y)) return null;
      seat.y = y;
    }
    if (aisleAfter !== undefined) {
      if (typeof aisleAfter !== "boolean") return null;
      seat.aisleAfter = aisleAfter;
    }
    if (features !== undefined) {
      const f = fastFeatures(features);
      if (f === null) return null;
      seat.features = f;
    }
    out[i] = seat;
  }
  return out;
}

/** {@link seatSchema} for the OpenAPI document, which cannot see through the transform below. */
const seatDoc = {
  type: "object" as const,
  required: ["label", "categoryKey"],
  properties: {
    label: { type: "string" as const, minLength: 1, maxLength: MAX_LABEL, description: "The objectLabel, unique across seats and GA areas" },
    categoryKey: { type: "string" as const, minLength: 1, maxLength: 128 },
    x: { type: "number" as const },
    y: { type: "number" as const },
    aisleAfter: {
      type: "boolean" as const,
      description:
        "An aisle or gap follows this seat: it is not adjacent to the next seat of its row (best available, orphan rule). Harmless on a row's last seat.",
    },
    features: {
      type: "array" as const,
      uniqueItems: true,
      maxItems: SEAT_FEATURES.length,
      items: { type: "string" as const, enum: [...SEAT_FEATURES] },
      description:
        "A set of seat features (docs/accessibility.md): `wheelchair` a wheelchair space, `companion` a companion seat for a wheelchair space, `restrictedView`, `stepFree`, `hearingLoop`, `extraLegroom`. Changing them has no publish impact.",
    },
  },
};

const seatsSchema = z
  .array(z.unknown())
  .transform((input, ctx): Seat[] => {
    const fast = fastSeats(input);
    if (fast) return fast;
    const result = seatsReference.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  })
  .openapi({ type: "array", items: seatDoc, maxItems: MAX_OBJECTS });

const rowSchema = z.object({
  label: displayLabel,
  seats: seatsSchema,
});

/** Most rows, and most seats per row, a designer generator makes. */
export const MAX_GENERATED = 1_000;
const finite = z.number().refine(Number.isFinite, "must be a finite number");

/** The designer's section generator parameters (docs/dashboard.md#the-chart-designer); see SectionGenerator in layout.ts. */
const generatorSchema = z
  .object({
    rows: z.number().int().min(1).max(MAX_GENERATED),
    seatsPerRow: z.number().int().min(1).max(MAX_GENERATED),
    rowLabels: z.enum(["letters", "numbers"]),
    rowStart: z.number().int().min(1).max(100_000),
    rowsReversed: z.boolean(),
    seatNumbering: z.enum(["left-to-right", "right-to-left", "odd", "even"]),
    seatSpacing: finite.min(0.01).max(10_000),
    rowSpacing: finite.min(0.01).max(10_000),
    curve: finite.min(-300).max(300),
    skew: finite.min(-75).max(75),
    aisles: z.array(z.number().int().min(1).max(MAX_GENERATED)).max(MAX_GENERATED),
    labelPattern: z.string().min(1).max(MAX_LABEL),
    categoryKey: key,
  })
  .openapi("SectionGenerator", {
    description:
      "How the chart designer generated the section's seats, kept so it can regenerate them after a change. The seats themselves stay the truth " +
      "(their labels, categories and x/y are what events use); a layout without it is as valid. curve: degrees of arc the front row spans " +
      "(0 straight); skew: degrees each row is sheared by; aisles: seat positions (1 = leftmost) after which a gap follows; labelPattern uses " +
      "{section}, {row} and {seat}.",
  });

const sectionSchema = z.object({
  key,
  label: displayLabel,
  labels: labelsSchema.optional(),
  rows: z.array(rowSchema).max(MAX_OBJECTS),
  x: coordinate.optional().openapi({ description: "Designer hint: where the section was placed (the centre of its seats before turning)" }),
  y: coordinate.optional().openapi({ description: "Designer hint, as x" }),
  rotation: finite
    .min(-360)
    .max(360)
    .optional()
    .openapi({ description: "Designer hint: degrees (clockwise) the section is turned by about (x, y); its seats' x/y already include it" }),
  generator: generatorSchema.optional(),
});

const gaSchema = z.object({
  label: objectLabel,
  categoryKey: key,
  capacity: z.number().int("must be an integer").min(1, "must be at least 1").max(Number.MAX_SAFE_INTEGER),
  x: coordinate.optional(),
  y: coordinate.optional(),
  width: z.number().min(0).optional(),
  height: z.number().min(0).optional(),
  shape: z
    .enum(["rectangle", "ellipse"])
    .optional()
    .openapi({ description: "Drawing hint: a rectangle (the default) or the ellipse inscribed in x/y/width/height" }),
});

type Issue = { message: string; path: (string | number)[] };

/** The cross-object rules; `report` returns false once enough issues have been collected. */
function checkCrossReferences(layout: Layout, report: (issue: Issue) => boolean): void {
  const categories = new Set<string>();
  for (let i = 0; i < layout.categories.length; i++) {
    const k = layout.categories[i]!.key;
    if (categories.has(k) && !report({ message: `duplicate category key "${k}"`, path: ["categories", i, "key"] })) return;
    categories.add(k);
  }
  const sectionKeys = new Set<string>();
  // Seat and GA labels share one label space: a Set of every label seen so far.
  const labels = new Set<string>();
  let objects = 0;
  const sections = layout.sections;
  for (let s = 0; s < sections.length; s++) {
    const section = sections[s]!;
    if (sectionKeys.has(section.key) && !report({ message: `duplicate section key "${section.key}"`, path: ["sections", s, "key"] })) return;
    sectionKeys.add(section.key);
    for (let r = 0; r < section.rows.length; r++) {
      const seats = section.rows[r]!.seats;
      objects += seats.length;
      if (objects > MAX_OBJECTS) {
        report({ message: `a layout holds at most ${MAX_OBJECTS} objects`, path: ["sections", s, "rows", r, "seats"] });
        return;
      }
      for (let i = 0; i < seats.length; i++) {
        const seat = seats[i]!;
        if (labels.has(seat.label) && !report({ message: `duplicate object label "${seat.label}"`, path: ["sections", s, "rows", r, "seats", i, "label"] }))
          return;
        labels.add(seat.label);
        if (
          !categories.has(seat.categoryKey) &&
          !report({ message: `unknown category "${seat.categoryKey}"`, path: ["sections", s, "rows", r, "seats", i, "categoryKey"] })
        )
          return;
      }
    }
  }
  const areas = layout.generalAdmission;
  if (objects + areas.length > MAX_OBJECTS) {
    report({ message: `a layout holds at most ${MAX_OBJECTS} objects`, path: ["generalAdmission"] });
    return;
  }
  for (let i = 0; i < areas.length; i++) {
    const area = areas[i]!;
    if (labels.has(area.label) && !report({ message: `duplicate object label "${area.label}"`, path: ["generalAdmission", i, "label"] })) return;
    labels.add(area.label);
    if (!categories.has(area.categoryKey) && !report({ message: `unknown category "${area.categoryKey}"`, path: ["generalAdmission", i, "categoryKey"] }))
      return;
  }
}

/**
 * The layout object. Missing arrays default to empty, so `{}` is the empty layout. Unknown
 * properties are dropped.
 */
export const layoutSchema = z
  .object({
    categories: z.array(categorySchema).max(MAX_CATEGORIES).default([]),
    sections: z.array(sectionSchema).max(MAX_SECTIONS).default([]),
    generalAdmission: z.array(gaSchema).max(MAX_OBJECTS).default([]),
    focalPoint: z
      .object({ x: coordinate, y: coordinate })
      .optional()
      .openapi({ description: "Where buyers want to be near (the stage), in the seats' x/y units: best available prefers seats close to it" }),
  })
  .superRefine((layout, ctx) => {
    let count = 0;
    checkCrossReferences(layout, (issue) => {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return ++count < MAX_REFINE_ISSUES;
    });
  })
  .openapi("Layout", {
    description:
      "A chart layout: categories, sections of rows of seats, and general-admission areas. Seat and GA labels share one label space. " +
      `Limits: ${MAX_OBJECTS} objects, ${MAX_CATEGORIES} categories, ${MAX_SECTIONS} sections, labels of 1..${MAX_LABEL} characters.`,
  });

/** A layout parse failure: zod issues with paths relative to the layout object. */
export class LayoutError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super(
      `invalid layout: ${issues
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .slice(0, 5)
        .join("; ")}`,
    );
    this.name = "LayoutError";
  }
}

/**
 * Validates an untrusted value as a layout and returns it normalised (missing arrays filled in,
 * unknown properties dropped). Throws {@link LayoutError} when invalid.
 *
 * @example const layout = parseLayout(JSON.parse(text));
 */
export function parseLayout(input: unknown): Layout {
  const result = layoutSchema.safeParse(input);
  if (!result.success) throw new LayoutError(result.error.issues);
  return result.data;
}
