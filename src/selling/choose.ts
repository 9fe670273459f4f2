import type { RuleViolation } from "../domain/selling";
import type { AccessibleRequest } from "../domain/accessibility";
import { accessibleBestAvailable } from "./accessible-best-available";
import { bestAvailable, type Accept, type BestAvailableQuery, type BestAvailableResult } from "./best-available";
import type { Occupancy } from "./occupancy";
import { checkSeatHold, quantityAllowed, rulesAccept, type RuleContext } from "./rule-checks";
import type { SellingIndex } from "./selling-index";

/** What a hold-best-available call decides, before anything is written. */
export type BestAvailableChoice =
  | { ok: true; ids: number[]; labels: string[]; nextToEachOther: boolean }
  | { ok: false; code: "no_best_available" }
  | { ok: false; code: "selection_rule_violated"; failed: RuleViolation[] };

/**
 * Best available under the event's selection rules (docs/selling-rules.md), the whole decision of a
 * hold-best-available call: the object holds `ids` under the token when ok, else answers 409 with
 * the code (and `failed[]`). `rules` is null when none apply (no rules set, or a secret key sent
 * ignoreSelectionRules).
 *
 * Interpretation: when seats match but the rules refuse every candidate, the answer is
 * `selection_rule_violated`, naming the violations of the seats that would have been chosen
 * without rules, rather than `no_best_available`: the buyer learns which rule stands in the way.
 * When no seats qualify at all (too few free, or no block with `together`) it is
 * `no_best_available` whatever the rules say.
 */
export function chooseBestAvailable(
  index: SellingIndex,
  occupancy: Occupancy,
  query: BestAvailableQuery & { accessible?: AccessibleRequest },
  rules: RuleContext | null,
): BestAvailableChoice {
  // With `accessible` (docs/accessibility.md) the search is the accessible one; the rules apply the same way.
  const { accessible } = query;
  const search = (accept?: Accept): BestAvailableResult =>
    accessible ? accessibleBestAvailable(index, occupancy, { ...query, accessible }, accept) : bestAvailable(index, occupancy, query, accept);
  if (rules === null) return settle(search(), null, index, occupancy);
  // The token's and client's totals refuse any seats: look up the unruled answer only to name it.
  if (!quantityAllowed(rules, query.quantity)) return settle(search(), rules, index, occupancy);
  return settle(search(rulesAccept(rules, index, occupancy)), rules, index, occupancy);
}

function settle(result: ReturnType<typeof bestAvailable>, rules: RuleContext | null, index: SellingIndex, occupancy: Occupancy): BestAvailableChoice {
  if (result.ok) {
    const failed = rules === null ? [] : checkSeatHold(rules, index, occupancy, result.ids);
    return failed.length === 0 ? result : { ok: false, code: "selection_rule_violated", failed };
  }
  if (result.reason === "rejected" && result.rejected && rules !== null)
    return { ok: false, code: "selection_rule_violated", failed: checkSeatHold(rules, index, occupancy, result.rejected.ids) };
  return { ok: false, code: "no_best_available" };
}
