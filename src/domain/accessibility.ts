import { z } from "@hono/zod-openapi";
import { DEFAULT_TIME_ZONE, isDateTimeInput, toInstant } from "./time-zones";

/**
 * Accessible seating (docs/accessibility.md): the per-event hold-back of wheelchair spaces and companion
 * seats, and the `accessible` part of a best-available request. Types and schemas only; the event
 * object keeps and enforces the hold-back (event-object/state/accessibility.ts).
 */

/** Most wheelchair spaces one accessible best-available call asks for, and companions per space. */
export const MAX_WHEELCHAIRS = 10;
export const MAX_COMPANIONS_PER_WHEELCHAIR = 3;

/** The `accessible` field of hold-best-available: that many wheelchair spaces and companion seats in one run. */
export const accessibleRequestSchema = z
  .object({
    wheelchair: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MAX_WHEELCHAIRS, `must be at most ${MAX_WHEELCHAIRS}`)
      .openapi({ description: "Wheelchair spaces to hold" }),
    companions: z
      .number()
      .int("must be an integer")
      .min(0, "must be at least 0")
      .max(MAX_COMPANIONS_PER_WHEELCHAIR, `must be at most ${MAX_COMPANIONS_PER_WHEELCHAIR}`)
      .default(0)
      .openapi({ description: "Companion seats per wheelchair space (0..3)" }),
  })
  .strict()
  .openapi("AccessibleRequest", {
    description:
      "Hold `wheelchair` wheelchair spaces and `wheelchair × companions` companion seats, all in one run of adjacent seats of one row; `quantity` is then their sum and may be omitted",
  });
export type AccessibleRequest = z.output<typeof accessibleRequestSchema>;

/** Seats an accessible request takes in all. */
export function accessibleQuantity(a: AccessibleRequest): number {
  return a.wheelchair * (1 + a.companions);
}

export const RELEASE_CONDITIONS = ["section_sold_out", "event_sold_out"] as const;

export const accessibilitySchema = z
  .object({
    holdBack: z
      .boolean()
      .openapi({ description: "Keep wheelchair spaces and companion seats for buyers who state the need until the release condition is met" }),
    releaseWhen: z
      .union([
        z.enum(RELEASE_CONDITIONS),
        z
          .object({ at: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }) })
          .strict()
          .openapi({ description: "Release at this time" }),
      ])
      .openapi({
        description:
          "`section_sold_out`: a section's held-back seats are released once every other seat of that section is booked; `event_sold_out`: the same over the event; `{ at }`: at that time",
      }),
  })
  .strict()
  .openapi("Accessibility", { description: "The event's hold-back of accessible inventory (docs/accessibility.md)" });
export type Accessibility = z.output<typeof accessibilitySchema>;

/**
 * The dashboard's form of the hold-back: the condition as one choice and the time apart (a
 * `datetime-local` value is read on the clock of the event's time zone). Turned into the API's body by {@link fromAccessibilityForm}.
 */
export const accessibilityFormSchema = z.object({
  holdBack: z.boolean(),
  releaseWhen: z.enum([...RELEASE_CONDITIONS, "at"]),
  releaseAt: z.string().max(40).optional(),
});

/** The API's body of a dashboard form, or null when `at` lacks a readable time. A time without an offset is on the clock of `zone` (the event's). */
export function fromAccessibilityForm(form: z.output<typeof accessibilityFormSchema>, zone: string = DEFAULT_TIME_ZONE): Accessibility | null {
  if (form.releaseWhen !== "at") return { holdBack: form.holdBack, releaseWhen: form.releaseWhen };
  const raw = (form.releaseAt ?? "").trim();
  return isDateTimeInput(raw) ? { holdBack: form.holdBack, releaseWhen: { at: toInstant(raw, zone) } } : null;
}

/** The reason of a `failed[]` entry for a held-back seat asked for by a buyer who did not state the need. */
export const ACCESSIBLE_ONLY = "accessible_only";
