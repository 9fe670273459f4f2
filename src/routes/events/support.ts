import { z } from "@hono/zod-openapi";
import { SEAT_ACTION_KEYS, type SeatActionName } from "../../domain/seat-action-keys";
import { requireSecretKey } from "../../http/auth";
import { idempotency } from "../../http/idempotency";
import { seatAction, steps } from "../../http/pipeline";

export { callEvent, notFound, requireKnownEvent, stubFor } from "../../events/event-object-calls";

export const eventKeyParam = z.object({
  eventKey: z.string().openapi({ param: { name: "eventKey", in: "path" }, example: "gala-2026" }),
});

/** Splits a comma-separated labels query (at most 200, empty parts ignored). */
export const labelsQuery = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : v
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
  )
  .refine((v) => v === undefined || v.length <= 200, "at most 200 labels")
  .openapi({ type: "string", description: "Comma-separated object labels (at most 200)", example: "A-1-1,A-1-2" });

/**
 * The middleware a seat action's key rule asks for (domain/seat-action-keys.ts): a secret-only
 * action refuses a publishable key before anything else; one a publishable key may call counts
 * against its client address's limit (docs/selling-rules.md).
 */
export function seatActionKeys(action: SeatActionName) {
  return SEAT_ACTION_KEYS[action] === "secret" ? requireSecretKey() : seatAction();
}

/** An event seat action's route middleware: its key rule, and its answer kept with the object's decision (Idempotency-Key, docs/api.md#idempotent-requests). */
export function seatActionGuard(action: SeatActionName) {
  return steps(seatActionKeys(action), idempotency("decided"));
}
