/**
 * What the map tells a buyer in words: why a hold was refused, about the seat they just chose
 * ("Seat B-5-5 was just taken — choose another seat", "You can select up to 10 seats"), and how
 * long the hold lasts ("9:41"). The host's onHoldFailed still receives the machine-readable
 * HoldError; these sentences are for people.
 */
import type { HoldError } from "./types";

/** What a sentence needs to know of the object and the limit that refused it. */
export interface Refusal {
  /** "Seat B-5-5" or the GA area's name. */
  what: string;
  /** The reason, when the error's `failed` does not carry it (a best-available request over the cap). */
  reason?: string;
  /** Whether the map already showed the object as taken (the buyer clicked a grey seat). */
  known?: boolean;
  /** The cap that refused it (maxSelectedObjects), and the category's name for a per-category cap. */
  limit?: number;
  categoryName?: string;
}

const AGAIN = "choose another seat";

/** What a buyer who needs a wheelchair space or companion seat does about one kept back. */
const ACCESSIBLE_HINT = 'If you need one, choose "Wheelchair spaces and companion seats" in the list.';

/** A refusal in one sentence for the buyer. */
export function buyerMessage(error: HoldError, r: Refusal): string {
  const reason = r.reason ?? error.failed?.[0]?.reason ?? error.code;
  switch (reason) {
    case "held":
      return r.known ? `${r.what} is taken — ${AGAIN}` : `${r.what} was just taken — ${AGAIN}`;
    case "booked":
      return `${r.what} is already booked — ${AGAIN}`;
    case "not_for_sale":
      return `${r.what} is not for sale — ${AGAIN}`;
    case "not_in_channel":
      return `${r.what} is not available here — ${AGAIN}`;
    case "accessible_only":
      // Contract §14: say what a buyer who needs the seat can do.
      return `${r.what} is kept for buyers who need a wheelchair space or companion seat. ${ACCESSIBLE_HINT}`;
    case "not_priced":
      // Contract §20: the category has no price, so it is not on sale to buyers.
      return `${r.what} is not on sale here — ${AGAIN}`;
    case "admission_required":
      return `${r.what} could not be held — your turn from the waiting room has ended; reload the page to join again`;
    case "sold_out":
    case "insufficient_capacity":
    case "ga_capacity_exceeded":
      return `${r.what} has no places left — choose another area`;
    case "max_total":
      return `You can select up to ${r.limit ?? "a few"} seats`;
    case "max_per_category":
      return `You can select up to ${r.limit ?? "a few"} seats in ${r.categoryName ?? "this category"}`;
    case "network_error":
      return `${r.what} could not be held — check your connection and try again`;
    case "rate_limited":
      return `${r.what} could not be held just now — try again in a moment`;
    default:
      // Selection rules and best available answer sentences written for people already.
      return error.code === "selection_rule_violated" || error.code === "no_best_available" ? error.message : `${r.what} could not be held — ${AGAIN}`;
  }
}

/** Minutes and seconds, "9:05"; an hour or more as "1:02:05". */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
