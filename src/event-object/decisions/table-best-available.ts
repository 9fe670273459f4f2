import { fail, ok, type Outcome } from "../../domain/outcome";
import type { HoldBestAvailableRequest, HoldBestAvailableResult } from "../../domain/selling";
import type { SellingIndex } from "../../selling/selling-index";
import { tableBestAvailable, type TablePick } from "../../selling/table-best-available";
import type { HoldGates } from "../state/policy";
import type { Tx } from "../state/transaction";
import type { DecisionParts } from "./hold-policy";
import { ticketTypeQueue } from "./hold-prices";
import { holdSeats } from "./holds";

/**
 * `hold-best-available` with `"tables": true` (docs/tables.md), inside the hold's transaction and
 * under its policy: the search (selling/table-best-available.ts) over the seats this hold may
 * take (its pools, the hold-back), then the hold of what it chose, seats or tables whole, which
 * passes the same gates and the selection rules.
 */
export function holdBestAtTables(
  parts: DecisionParts,
  tx: Tx,
  gates: HoldGates,
  req: HoldBestAvailableRequest,
  eligible: Uint8Array | null,
): Outcome<HoldBestAvailableResult> {
  const { index, occupancy } = parts.selling.view(tx.layout, tx.now);
  const booking = parts.tableBooking.current();
  const query = {
    quantity: req.quantity,
    categories: req.categories,
    sections: req.sections,
    eligible,
    wholeOnly: (t: number) => gates.tables.mode(index.tables[t]!.label) === "by_table",
    preferWhole: booking.mode === "by_table",
  };
  const found = tableBestAvailable(index, occupancy, query, tx.layout.focalPoint);
  if (!found.ok) return fail("no_best_available", `No ${req.quantity} matching seats at tables are available`);
  const labels = found.picks.flatMap((p) => (p.whole ? [index.tables[p.table]!.label] : p.ids.map((id) => index.labels[id]!)));
  const ticketTypes = pickedTicketTypes(index, found.picks, req.ticketTypes);
  if (!ticketTypes.ok) return ticketTypes;
  const held = holdSeats(tx, {
    objectLabels: labels,
    holdToken: req.holdToken,
    ttlSeconds: req.ttlSeconds,
    extraData: req.extraData,
    ticketTypes: ticketTypes.value,
  });
  if (!held.ok) return held;
  const one = found.picks.length === 1 && (found.picks[0]!.whole || adjacent(found.picks[0]!.ids, index.rowLength[index.tables[found.picks[0]!.table]!.row]!));
  return ok({ ...held.value, nextToEachOther: one, tableLabels: found.picks.map((p) => index.tables[p.table]!.label) });
}

/** Whether seat ids at one table are adjacent around it (consecutive, possibly wrapping past its last seat). */
function adjacent(ids: readonly number[], seats: number): boolean {
  let breaks = 0;
  for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[i - 1]! + 1) breaks++;
  // A wrap at a round table shows as one break from its end back to its start.
  return breaks === 0 || (breaks === 1 && ids.length < seats);
}

/**
 * The chosen seats' ticket types (docs/prices.md), given in the order chosen as best available does
 * in rows (ticketTypeQueue). A table taken
 * whole is held under one ticket type for all its seats (docs/tables.md), so the types it is given
 * must be one type for every one of its seats (or none): a party of adults and children that gets
 * a table whole is told so (400, nothing held) rather than charged one price for both.
 */
function pickedTicketTypes(
  index: SellingIndex,
  picks: readonly TablePick[],
  types: Record<string, number> | undefined,
): Outcome<Record<string, string> | undefined> {
  if (types === undefined) return ok(undefined);
  const queue = ticketTypeQueue(types);
  const out: Record<string, string> = {};
  let next = 0;
  for (const pick of picks) {
    const given = queue.slice(next, next + pick.ids.length);
    next += pick.ids.length;
    if (!pick.whole) {
      given.forEach((type, i) => (out[index.labels[pick.ids[i]!]!] = type));
      continue;
    }
    if (given.length === 0) continue;
    const table = index.tables[pick.table]!.label;
    if (given.length < pick.ids.length || given.some((t) => t !== given[0])) {
      const message = `table ${table} is taken whole (${pick.ids.length} seats) and takes one ticket type for all its seats`;
      return fail("validation_failed", `${message}; nothing was held`, { errors: { ticketTypes: [message] } });
    }
    out[table] = given[0]!;
  }
  return ok(out);
}
