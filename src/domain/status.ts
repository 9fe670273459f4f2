import { z } from "@hono/zod-openapi";
import { jsonObjectOrNullSchema } from "./json";
import { labelsSchema } from "./labels";
import { SEAT_FEATURES } from "./layout";
import {
  boothObjectSchema,
  boothStatusEntrySchema,
  byObjectTypeSchema,
  byZoneSchema,
  floorEntrySchema,
  tableObjectSchema,
  tableStatusEntrySchema,
  zoneEntrySchema,
} from "./tables";
import { priceSchema } from "./pricing";
import type { ChannelPass } from "./channel-passes";

/**
 * What the event reads answer (docs/events.md#status, docs/events.md#objects,
 * docs/events.md#reports): one definition for the router's OpenAPI, the Durable Object that
 * builds the bodies, and the SDK that reads them.
 */

export const STATUSES = ["free", "held", "booked", "not_for_sale"] as const;
export type Status = (typeof STATUSES)[number];
const status = z.enum(STATUSES);

const seatEntry = z.object({
  objectLabel: z.string(),
  objectType: z.literal("seat"),
  status,
  categoryKey: z.string().nullable(),
  holdExpiresAt: z.string().optional(),
  mine: z.boolean().optional().openapi({ description: "Only with a holdToken query that holds this seat" }),
  extraData: jsonObjectOrNullSchema.optional().openapi({ description: "Secret-key callers only (null when the hold gave none)" }),
  orderId: z.string().optional().openapi({ description: "Secret-key callers only: the order a booked seat belongs to" }),
  channelKey: z.string().optional().openapi({ description: "The seat's channel (docs/channels.md); absent for a seat in the open pool" }),
  seasonKey: z.string().optional().openapi({ description: "The season the seat was taken for (docs/seasons.md); secret-key and holdToken reads" }),
  partialSeasonKey: z.string().optional().openapi({ description: "The partial season the seat was taken for" }),
  price: priceSchema.optional().openapi({ description: "Secret-key callers only (docs/prices.md): the price locked with the hold or booking" }),
});

/** A GA area's free places per pool (docs/channels.md), in status entries and objects reads alike. */
const remainingByChannel = z.record(z.string(), z.number().int()).optional().openapi({
  description:
    "Free places per pool (docs/channels.md): a channel key, or NO_CHANNEL for the open pool, to the places a hold naming that pool can take now. Present only when a channel sets places aside in this area; otherwise every place is in the open pool and `remaining` says it",
});

const gaEntry = z.object({
  objectLabel: z.string(),
  objectType: z.literal("generalAdmission"),
  status,
  categoryKey: z.string().nullable(),
  capacity: z.number().int(),
  held: z.number().int(),
  booked: z.number().int(),
  remaining: z.number().int(),
  notForSale: z.number().int().optional().openapi({ description: "Places of the area not for sale (docs/channels.md); absent when none" }),
  remainingByChannel,
  mineQuantity: z.number().int().optional().openapi({ description: "Only with a holdToken query that holds places here" }),
  extraData: jsonObjectOrNullSchema.optional().openapi({ description: "Secret-key callers only (null when the hold gave none)" }),
  price: priceSchema.optional().openapi({ description: "Secret-key callers only (docs/prices.md): the locked prices of the held and booked places together" }),
});

/** One non-free object (a GA area once anything in it is held or booked). Hold tokens never appear. */
export const statusEntrySchema = z
  .discriminatedUnion("objectType", [seatEntry, gaEntry, boothStatusEntrySchema, tableStatusEntrySchema])
  .openapi("StatusEntry");
export type StatusEntry = z.infer<typeof statusEntrySchema>;
export type SeatStatusEntry = z.infer<typeof seatEntry>;
export type GaStatusEntry = z.infer<typeof gaEntry>;

/**
 * A message of the live socket (GET /events/{key}/live), JSON:
 * - on connect: `{"type":"snapshot","seq":N,"objects":[status entries as a publishable key sees them]}`
 *   (or, with `since`, a `changes` message of what changed after that status version, or nothing);
 * - after every committed change: `{"type":"changes","seq":N,"objects":[new entries of the changed objects]}`,
 *   where a freed seat appears as `{"objectLabel","objectType":"seat","status":"free","categoryKey"}`.
 * `seq` is the latest status-history record the message includes, so a client can ignore a message
 * older than what it has already drawn (from a status read, say).
 */
export type LiveMessage = { type: "snapshot"; seq: number; objects: StatusEntry[] } | { type: "changes"; seq: number; objects: StatusEntry[] };

export const fullStatusSchema = z
  .object({
    eventKey: z.string(),
    seq: z.number().int().optional().openapi({ description: "The seq of the latest status change this view includes (see status-changes)" }),
    objects: z.array(statusEntrySchema),
  })
  .openapi("Status");
export type FullStatus = z.infer<typeof fullStatusSchema>;

export const compactStatusSchema = z
  .object({
    eventKey: z.string(),
    format: z.literal("compact"),
    seq: z.number().int().optional().openapi({ description: "The seq of the latest status change this view includes (see status-changes)" }),
    statuses: z
      .object({
        held: z.array(z.string()),
        booked: z.array(z.string()),
        not_for_sale: z.array(z.string()),
        partially_taken: z
          .array(z.string())
          .optional()
          .openapi({ description: "Tables some of whose seats are taken one by one (docs/tables.md); absent when none" }),
      })
      .openapi({ description: "Non-free seat, booth and table labels by status" }),
    ga: z.array(
      z.object({
        objectLabel: z.string(),
        status,
        capacity: z.number().int(),
        held: z.number().int(),
        booked: z.number().int(),
        remaining: z.number().int(),
        remainingByChannel,
        mineQuantity: z.number().int().optional(),
      }),
    ),
    mine: z.array(z.string()).optional().openapi({ description: "Only with holdToken: the seats that token holds" }),
  })
  .openapi("CompactStatus", { description: "format=compact: the same objects as the full form, without holdExpiresAt, categoryKey and extraData" });
export type CompactStatus = z.infer<typeof compactStatusSchema>;

/** Which encoding of the status a read answers with. */
export type StatusFormat = "full" | "compact";

export const categorySchema = z
  .object({
    key: z.string(),
    label: z.string(),
    color: z.string(),
    labels: labelsSchema
      .optional()
      .openapi({ description: "The category's name in other languages (docs/languages.md), as the layout gives it; absent when none" }),
  })
  .openapi("Category");

/** The section names' translations by section key, in both forms of the objects read. */
const sectionLabels = z
  .record(z.string(), labelsSchema)
  .optional()
  .openapi({
    description:
      "Section key to the section's name in other languages (docs/languages.md), as the layout gives them; only sections that have any, and absent when none has",
    example: { stalls: { de: "Parkett", fr: "Parterre" } },
  });
export type CategoryEntry = z.infer<typeof categorySchema>;

const drawing = {
  x: z.number().optional().openapi({ description: "Drawing hint from the layout, present only when the layout gives it" }),
  y: z.number().optional().openapi({ description: "Drawing hint from the layout, present only when the layout gives it" }),
};

const seatObject = z.object({
  objectLabel: z.string(),
  categoryKey: z.string(),
  objectType: z.literal("seat"),
  sectionKey: z.string(),
  sectionLabel: z.string(),
  channelKey: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "The seat's channel (docs/channels.md), null in the open pool; present on every seat once the event has channels" }),
  rowLabel: z.string().optional().openapi({ description: "The label of the seat's row in the layout" }),
  aisleAfter: z
    .literal(true)
    .optional()
    .openapi({ description: "An aisle or gap follows this seat in its row (docs/selling-rules.md); present only when the layout says so" }),
  features: z
    .array(z.enum(SEAT_FEATURES))
    .optional()
    .openapi({ description: "The seat's features (docs/accessibility.md), in the order of the feature list; present only when the layout gives at least one" }),
  accessibleOnly: z.boolean().optional().openapi({
    description:
      "Wheelchair spaces and companion seats of an event with a hold-back (docs/accessibility.md): true while only buyers who state the need may hold the seat, false once released",
  }),
  tableLabel: z.string().optional().openapi({ description: "A seat at a table (docs/tables.md): the table's label" }),
  floorKey: z.string().optional().openapi({ description: "The floor the seat is on (docs/tables.md); present only when the layout gives one" }),
  zoneKeys: z.array(z.string()).optional().openapi({ description: "The zones whose sections hold the seat; present only when there are any" }),
  ...drawing,
});

const gaObject = z.object({
  objectLabel: z.string(),
  categoryKey: z.string(),
  objectType: z.literal("generalAdmission"),
  capacity: z.number().int(),
  label: z.string(),
  remaining: z.number().int(),
  channelPlaces: z
    .record(z.string(), z.number().int())
    .optional()
    .openapi({ description: "Places set aside per channel key (docs/channels.md); absent when no channel has places here" }),
  remainingByChannel,
  ...drawing,
  width: z.number().optional().openapi({ description: "Drawing hint from the layout, present only when the layout gives it" }),
  height: z.number().optional().openapi({ description: "Drawing hint from the layout, present only when the layout gives it" }),
  shape: z.enum(["rectangle", "ellipse"]).optional().openapi({
    description: "Drawing hint from the layout: `ellipse` is drawn as the ellipse inscribed in x/y/width/height; present only when the layout gives it",
  }),
  floorKey: z.string().optional().openapi({ description: "The floor the area is on (docs/tables.md); present only when the layout gives one" }),
});

const focalPoint = z
  .object({ x: z.number(), y: z.number() })
  .optional()
  .openapi({ description: "The layout's focal point (the stage), in the seats' x/y units; present only when the layout has one" });

/** One object of the event's current layout, free ones included. */
export const objectEntrySchema = z.discriminatedUnion("objectType", [seatObject, gaObject, tableObjectSchema, boothObjectSchema]).openapi("EventObject");
export type ObjectEntry = z.infer<typeof objectEntrySchema>;

export const objectsResultSchema = z
  .object({
    eventKey: z.string(),
    categories: z.array(categorySchema),
    objects: z.array(objectEntrySchema),
    focalPoint,
    sectionLabels,
    zones: z.array(zoneEntrySchema).optional().openapi({ description: "The layout's zones (docs/tables.md); present only when it has any" }),
    floors: z.array(floorEntrySchema).optional().openapi({ description: "The layout's floors (docs/tables.md); present only when it has any" }),
  })
  .openapi("EventObjects");
export type ObjectsResult = z.infer<typeof objectsResultSchema>;

export const reportsResultSchema = z
  .object({
    eventKey: z.string(),
    byStatus: z.object({ free: z.number().int(), held: z.number().int(), booked: z.number().int(), not_for_sale: z.number().int() }),
    byCategory: z.array(z.object({ status, categoryKey: z.string(), count: z.number().int() })),
    bySection: z.array(z.object({ sectionKey: z.string().nullable().openapi({ description: "null for GA areas" }), status, count: z.number().int() })),
    byChannel: z
      .array(z.object({ channelKey: z.string().nullable().openapi({ description: "null for the open pool" }), status, count: z.number().int() }))
      .openapi({ description: "Seats and GA places per pool and status (docs/channels.md)" }),
    byObjectType: byObjectTypeSchema,
    byZone: byZoneSchema,
  })
  .openapi("EventReports");
export type ReportsResult = z.infer<typeof reportsResultSchema>;

/** A status read as the event object takes it: `labels` narrows, `holdToken` flags, the caller decides extraData. */
export interface StatusQuery {
  holdToken?: string;
  labels?: string[];
  caller: "public" | "secret";
  /** A publishable key's channel passes (docs/security.md): the protected channels it may see. A secret key sees every channel. */
  passes?: readonly ChannelPass[];
}

const compactCoords = z.union([z.object({ start: z.number(), step: z.number() }), z.array(z.number().nullable())]);

const compactSeatLabels = z.array(z.union([z.string(), z.array(z.union([z.string(), z.number()]))]));

/** A table of the compact form: its seats as a row's, with the table's own category index `c` and its seats' `sc`. */
const compactTableSchema = z.object({
  label: z.string(),
  shape: z.enum(["round", "rect"]),
  c: z.number().int().openapi({ description: "The table's category: an index of categoryKeys" }),
  seats: compactSeatLabels.openapi({ description: "Its seats' labels in order around it, written as a row's" }),
  sc: z.union([z.string(), z.array(z.number().int())]).openapi({ description: "Its seats' categories, written as a row's `c`" }),
  x: z.number().optional(),
  y: z.number().optional(),
  w: z.number().optional(),
  h: z.number().optional(),
  sx: compactCoords.optional().openapi({ description: "Its seats' x hints, as a row's x" }),
  sy: compactCoords.optional(),
  around: z.literal(true).optional().openapi({
    description:
      "The seats sit exactly where a table of this shape and size places them around its centre (clockwise from the top for a round table): their x/y are computed, not sent",
  }),
  features: z.array(z.tuple([z.number().int(), z.array(z.enum(SEAT_FEATURES))])).optional(),
});

/** A booth of the compact form. */
const compactBoothSchema = z.object({
  label: z.string(),
  c: z.number().int(),
  x: z.number().optional(),
  y: z.number().optional(),
  w: z.number().optional(),
  h: z.number().optional(),
  floorKey: z.string().optional().openapi({ description: "Booths outside sections: their floor" }),
});

/** GET /objects?format=compact: the same objects as the full form, grouped by section and row (for maps of 100,000 seats). */
export const compactObjectsSchema = z
  .object({
    eventKey: z.string(),
    format: z.literal("compact"),
    categories: z.array(categorySchema),
    categoryKeys: z.array(z.string()).openapi({ description: "Category keys in the order a row's `c` indexes them" }),
    sections: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        rows: z.array(
          z.object({
            label: z.string().optional().openapi({ description: "The row's label (each seat's rowLabel)" }),
            seats: z.array(z.union([z.string(), z.array(z.union([z.string(), z.number()]))])).openapi({
              description:
                "Seat labels in layout order: a string, or a run [prefix, first, count] (or [prefix, first, count, -1] counting down) for prefix+first, prefix+(first±1), …",
            }),
            c: z.union([z.string(), z.array(z.number().int())]).openapi({
              description: "Each seat's category: one character per seat from 0-9A-Za-z indexing categoryKeys (an array of indexes beyond 62 keys)",
            }),
            x: compactCoords
              .optional()
              .openapi({ description: "Seats' x hints: { start, step } when seat i is at start + i*step, else one value per seat (null: none)" }),
            y: compactCoords.optional().openapi({ description: "Seats' y hints, as x" }),
            aisles: z
              .array(z.number().int())
              .optional()
              .openapi({ description: "Positions (from 0) of the row's seats that an aisle follows (`aisleAfter`); absent when none" }),
            features: z
              .array(z.tuple([z.number().int(), z.array(z.enum(SEAT_FEATURES))]))
              .optional()
              .openapi({ description: "[position, features] of the row's seats that have features (docs/accessibility.md); absent when none" }),
          }),
        ),
        floorKey: z.string().optional().openapi({ description: "The section's floor (docs/tables.md); its seats, tables and booths are on it" }),
        tables: z.array(compactTableSchema).optional().openapi({ description: "The section's tables with their seats (docs/tables.md); absent when none" }),
        booths: z.array(compactBoothSchema).optional().openapi({ description: "The section's booths (docs/tables.md); absent when none" }),
      }),
    ),
    booths: z.array(compactBoothSchema).optional().openapi({ description: "Booths outside any section (docs/tables.md); absent when none" }),
    zones: z.array(zoneEntrySchema).optional().openapi({ description: "The layout's zones; absent when none" }),
    floors: z.array(floorEntrySchema).optional().openapi({ description: "The layout's floors; absent when none" }),
    areas: z.array(objectEntrySchema).openapi({ description: "GA areas, exactly as the full form lists them" }),
    channels: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .openapi({ description: "Seat labels per channel key (docs/channels.md); a seat not listed is in the open pool. Absent when the event has no channels" }),
    accessibleOnly: z.array(z.string()).optional().openapi({
      description: "Seat labels held back for buyers who state an accessibility need (docs/accessibility.md); absent when the event holds none back",
    }),
    focalPoint,
    sectionLabels,
  })
  .openapi("CompactObjects", {
    description: "format=compact: the same objects as the full form (seats in layout order, then GA areas), grouped by section and row",
  });
export type CompactObjects = z.infer<typeof compactObjectsSchema>;
