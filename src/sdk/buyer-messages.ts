/**
 * What the map tells a buyer in words: why a hold was refused, about the seat they just chose
 * ("Seat B-5-5 was just taken — choose another seat", "You can select up to 10 seats"), in the
 * chart's language. The host's onHoldFailed still receives the machine-readable HoldError (its
 * `message` is the service's or the SDK's English, for developers); these sentences are for people.
 */
import type { HoldError } from "./types";
import { ENGLISH, type MessageId, type Words } from "./words";

/** What a sentence needs to know of the object and the limit that refused it. */
export interface Refusal {
  /** "Seat B-5-5" (the catalog's seat.label) or the GA area's name. */
  what: string;
  /** A best-available request: the sentence speaks of "those seats", whatever `what` says. */
  seats?: boolean;
  /** The reason, when the error's `failed` does not carry it (a best-available request over the cap). */
  reason?: string;
  /** Whether the map already showed the object as taken (the buyer clicked a grey seat). */
  known?: boolean;
  /** The cap that refused it (maxSelectedObjects or the event's rule), and the category's name for a per-category cap. */
  limit?: number;
  categoryName?: string;
  /** A best-available request's quantity (no_best_available). */
  quantity?: number;
}

/** Reasons whose sentence needs only the object's name. */
const ABOUT_OBJECT: Record<string, MessageId> = {
  booked: "refusal.booked",
  not_for_sale: "refusal.notForSale",
  not_in_channel: "refusal.notInChannel",
  // The category has no price, so it is not on sale to buyers (docs/prices.md).
  not_priced: "refusal.notPriced",
  sold_out: "refusal.soldOut",
  insufficient_capacity: "refusal.soldOut",
  ga_capacity_exceeded: "refusal.soldOut",
};

/** Limits the map or the event's rules set, with the limit in the sentence. */
const LIMITS: Record<string, MessageId> = {
  max_total: "refusal.maxTotal",
  max_per_category: "refusal.maxPerCategory",
  max_seats_per_token: "refusal.maxSeatsPerToken",
  max_seats_per_category: "refusal.maxSeatsPerCategory",
  client_hold_limit: "refusal.clientHoldLimit",
};

/** Refusals that may strike one object or a best-available request, as [one object, those seats]. */
const EITHER: Record<string, [MessageId, MessageId]> = {
  admission_required: ["refusal.admission", "refusal.seatsAdmission"],
  network_error: ["refusal.network", "refusal.seatsNetwork"],
  rate_limited: ["refusal.rateLimited", "refusal.seatsRateLimited"],
};

/** A refusal in one sentence for the buyer, in `words`' language. */
export function buyerMessage(error: HoldError, r: Refusal, words: Words = ENGLISH): string {
  const failed = error.failed?.[0];
  const reason = r.reason ?? failed?.reason ?? error.code;
  const what = { what: r.what };
  if (reason === "held") return words.t(r.known ? "refusal.taken" : "refusal.justTaken", what);
  if (reason === "accessible_only") return words.t("refusal.accessibleOnly", { ...what, filter: words.t("list.filter") });
  if (ABOUT_OBJECT[reason] && !r.seats) return words.t(ABOUT_OBJECT[reason]!, what);
  const limit = LIMITS[reason];
  if (limit) {
    if (r.limit === undefined) return words.t("refusal.rule");
    return words.t(limit, { limit: r.limit, category: r.categoryName ?? "" });
  }
  if (reason === "orphan_seat") return words.t("refusal.orphanSeat", { seat: failed?.objectLabel ?? r.what });
  if (error.code === "no_best_available") return words.t("refusal.noBestAvailable", { quantity: r.quantity ?? 0 });
  if (error.code === "selection_rule_violated") return words.t("refusal.rule");
  const either = EITHER[reason] ?? EITHER[error.code];
  if (either) return words.t(either[r.seats ? 1 : 0], what);
  return r.seats ? words.t("refusal.seatsOther") : words.t("refusal.other", what);
}
