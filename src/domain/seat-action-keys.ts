import { ServiceError } from "./errors";
import type { CallerKind } from "./seats";

/**
 * Which key may do what in a seat action (docs/api.md#permissions, docs/events.md#seat-actions, docs/selling-rules.md, docs/channels.md, docs/seasons.md):
 * the one statement of these rules, read by the event's seat routes and the season's alike, so a
 * season action is allowed exactly what the event action it stands for is.
 */

/** The seat actions, and whether a publishable key may call them (`any`) or only a secret key. */
export const SEAT_ACTION_KEYS = {
  hold: "any",
  "hold-best-available": "any",
  release: "any",
  book: "secret",
  extend: "secret",
  "not-for-sale": "secret",
  "for-sale": "secret",
  reset: "secret",
} as const satisfies Record<string, "any" | "secret">;
export type SeatActionName = keyof typeof SEAT_ACTION_KEYS;

/** What of a seat action's body the key rules read. */
export interface SeatActionAsk {
  ignoreSelectionRules?: boolean;
  ignoreChannels?: boolean;
  holdToken?: string;
  objectLabels?: string[];
  orderId?: string;
}

/**
 * Refuses a seat action this key may not make, before anything is asked of an event: a secret-only
 * action with a publishable key (403 `public_key_not_allowed`); a box-office override
 * (`ignoreSelectionRules`, `ignoreChannels`) sent with a publishable key (400, naming it); a
 * release by order with a publishable key (403), a publishable release without its holdToken, and
 * a release that names nothing (400).
 */
export function refuseSeatAction(kind: CallerKind, action: SeatActionName, body: SeatActionAsk = {}): void {
  const secret = kind === "secret";
  if (SEAT_ACTION_KEYS[action] === "secret" && !secret)
    throw new ServiceError("public_key_not_allowed", "This operation requires a secret key; publishable keys may not use it");
  if (action === "hold" || action === "hold-best-available") {
    if (!secret && body.ignoreSelectionRules !== undefined)
      throw new ServiceError("validation_failed", "Only a secret key may skip the selection rules", {
        errors: { ignoreSelectionRules: ["allowed with a secret key only"] },
      });
    if (!secret && body.ignoreChannels !== undefined)
      throw new ServiceError("validation_failed", "Only a secret key may take from any channel", {
        errors: { ignoreChannels: ["allowed with a secret key only"] },
      });
  }
  if (action === "release") {
    if (body.orderId !== undefined && !secret) throw new ServiceError("public_key_not_allowed", "Releasing by order needs a secret key");
    if (body.holdToken === undefined && !secret)
      throw new ServiceError("validation_failed", "A publishable key releases only with its holdToken", {
        errors: { holdToken: ["required with a publishable key"] },
      });
    if (body.holdToken === undefined && body.objectLabels === undefined && body.orderId === undefined)
      throw new ServiceError("validation_failed", "Give objectLabels, holdToken, orderId or a combination", {
        errors: { body: ["objectLabels, holdToken or orderId is required"] },
      });
  }
}
