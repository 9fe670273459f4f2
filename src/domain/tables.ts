import { z } from "@hono/zod-openapi";
import { jsonObjectOrNullSchema } from "./json";
import { labelsSchema } from "./labels";
import { priceSchema } from "./pricing";

/**
 * Tables and booths on an event (docs/tables.md): how the event books its tables, the refusals of
 * its rules, and the entries that status, objects and reports reads give tables, booths, zones
 * and floors. The layout's parts are in layout.ts and layout-venue-schema.ts.
 */

/**
 * How a table is booked: its seats one by one (`by_seat`), only whole (`by_table`: the table label
 * holds every seat at once), or either (`by_table_or_seat`: whole while every seat is free).
 */
export const TABLE_MODES = ["by_seat", "by_table", "by_table_or_seat"] as const;
export type TableMode = (typeof TABLE_MODES)[number];
const tableMode = z.enum(TABLE_MODES);

/** Most per-table overrides one event may set. */
export const MAX_TABLE_OVERRIDES = 10_000;

/**
 * PUT /events/{eventKey}/table-booking: the event's mode and per-table overrides; the answer and
 * GET give the same shape. Strict: a misspelt field is refused rather than silently resetting the
 * mode to its default.
 */
export const tableBookingSchema = z
  .object({
    mode: tableMode.default("by_seat").openapi({ description: "Every table's mode unless `tables` names it (default by_seat)" }),
    tables: z
      .record(z.string().min(1).max(128), tableMode)
      .refine((r) => Object.keys(r).length <= MAX_TABLE_OVERRIDES, `at most ${MAX_TABLE_OVERRIDES} tables`)
      .optional()
      .openapi({ description: "Per-table overrides: table label to its mode. Each must name a table of the event's layout" }),
  })
  .strict()
  .openapi("TableBooking", {
    description:
      "How the event's tables are booked (docs/tables.md): by_seat (seats one by one; the table label cannot be held), by_table (only the table label, which holds every seat at once), by_table_or_seat (either; the table whole only while every seat is free)",
  });
export type TableBooking = z.output<typeof tableBookingSchema>;

/** The mode of one table under the event's table booking. */
export function tableModeOf(booking: TableBooking, tableLabel: string): TableMode {
  return booking.tables?.[tableLabel] ?? booking.mode;
}

/** `failed[]` reasons of the table rules (docs/tables.md). */
export const TABLE_REASONS = {
  /** A table label held or booked while its table is booked by seat. */
  bookBySeat: "book_by_seat",
  /** A seat label of a table booked only whole. */
  bookWholeTable: "book_whole_table",
  /** A table asked for whole while some of its seats are taken. */
  partiallyTaken: "partially_taken",
  /** A table whose holds or bookings a new mode would contradict. */
  inUse: "in_use",
} as const;

/** A table's status: a status of its seats taken whole, or `partially_taken` while some of its seats are taken one by one. */
export const TABLE_STATUSES = ["free", "held", "booked", "not_for_sale", "partially_taken"] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

const seatStatus = z.enum(["free", "held", "booked", "not_for_sale"]);
const seatLabels = z.array(z.string()).openapi({ description: "The table's seats, in their order around it" });

/** A non-free booth in a status read: the same fields as a seat's entry. */
export const boothStatusEntrySchema = z.object({
  objectLabel: z.string(),
  objectType: z.literal("booth"),
  status: seatStatus,
  categoryKey: z.string().nullable(),
  holdExpiresAt: z.string().optional(),
  mine: z.boolean().optional(),
  extraData: jsonObjectOrNullSchema.optional().openapi({ description: "Secret-key callers only" }),
  orderId: z.string().optional(),
  channelKey: z.string().optional(),
  seasonKey: z.string().optional(),
  partialSeasonKey: z.string().optional(),
  price: priceSchema.optional().openapi({ description: "docs/prices.md: secret-key callers only, the price locked with its hold" }),
});
export type BoothStatusEntry = z.infer<typeof boothStatusEntrySchema>;

/**
 * A table in a status read, present while any of its seats is taken: `held`, `booked` or
 * `not_for_sale` when its seats were taken whole (each seat also has its own entry with that
 * status), `partially_taken` when some were taken one by one.
 */
export const tableStatusEntrySchema = z.object({
  objectLabel: z.string(),
  objectType: z.literal("table"),
  status: z.enum(TABLE_STATUSES),
  categoryKey: z.string().nullable(),
  seatLabels,
  holdExpiresAt: z.string().optional(),
  mine: z.boolean().optional().openapi({ description: "Only with a holdToken query whose token holds the table whole" }),
  extraData: jsonObjectOrNullSchema.optional().openapi({ description: "Secret-key callers only, for a table taken whole" }),
  orderId: z.string().optional(),
  seasonKey: z.string().optional(),
  partialSeasonKey: z.string().optional(),
  price: priceSchema.optional().openapi({ description: "docs/prices.md: secret-key callers only, for a table taken whole: its seats' locked prices together" }),
});
export type TableStatusEntry = z.infer<typeof tableStatusEntrySchema>;

const where = {
  floorKey: z.string().optional().openapi({ description: "The floor the object is on (docs/tables.md); present only when the layout gives one" }),
  zoneKeys: z.array(z.string()).optional().openapi({ description: "The zones whose sections hold the object; present only when there are any" }),
  x: z.number().optional(),
  y: z.number().optional(),
};

/** A table in an objects read. */
export const tableObjectSchema = z.object({
  objectLabel: z.string(),
  categoryKey: z.string(),
  objectType: z.literal("table"),
  sectionKey: z.string(),
  sectionLabel: z.string(),
  shape: z.enum(["round", "rect"]),
  seatLabels,
  width: z.number().optional(),
  height: z.number().optional(),
  ...where,
});

/** A booth in an objects read. */
export const boothObjectSchema = z.object({
  objectLabel: z.string(),
  categoryKey: z.string(),
  objectType: z.literal("booth"),
  sectionKey: z.string().optional().openapi({ description: "Absent for a booth outside any section" }),
  sectionLabel: z.string().optional(),
  channelKey: z.string().nullable().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  ...where,
});

/** Reports by object type: seats, tables, booths and GA places by status (a table counts once, by its own status). */
export const byObjectTypeSchema = z
  .array(z.object({ objectType: z.enum(["seat", "table", "booth", "generalAdmission"]), status: z.enum(TABLE_STATUSES), count: z.number().int() }))
  .openapi({
    description:
      "Objects per type and status (docs/tables.md): seats (those at tables included) and booths by their status, tables by theirs (partially_taken included), GA areas in places",
  });

/** Reports by zone: the seats, booths and places of each zone's sections by status. */
export const byZoneSchema = z.array(z.object({ zoneKey: z.string(), status: seatStatus, count: z.number().int() })).openapi({
  description: "Seats and booths of each zone's sections per status (docs/tables.md); a section in two zones counts in both",
});

/** A zone or floor of the layout as reads give them. */
export const zoneEntrySchema = z.object({
  key: z.string(),
  label: z.string(),
  sectionKeys: z.array(z.string()),
  labels: labelsSchema.optional(),
});
export const floorEntrySchema = z.object({ key: z.string(), label: z.string(), labels: labelsSchema.optional() });
