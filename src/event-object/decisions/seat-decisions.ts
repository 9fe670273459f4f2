import { fail, ok, type Outcome } from "../../domain/outcome";
import type { IdempotencyClaim, Replayed } from "../../domain/idempotency";
import type { BookRequest, BookResult, ExtendRequest, FreedResult, HoldCaller, HoldRequest, HoldResult, ReleaseRequest } from "../../domain/seats";
import type { HoldBestAvailableRequest, HoldBestAvailableResult } from "../../domain/selling";
import { chooseBestAvailable } from "../../selling/choose";
import { NO_HOLDS, openGates, refused, type PriceGate } from "../state/policy";
import type { Tx } from "../state/transaction";
import { book, extend, release } from "./bookings";
import { sweepDue } from "./expiry";
import { holdGa } from "./ga";
import { holdPolicy, type DecisionParts } from "./hold-policy";
import { ticketTypeQueue } from "./hold-prices";
import { holdSeats } from "./holds";
import { holdBestAtTables } from "./table-best-available";

/**
 * The seat actions of an event (docs/events.md#seat-actions, docs/selling-rules.md, docs/channels.md, docs/accessibility.md, docs/waiting-room.md), each one decision:
 * a hold takes its policy from holdPolicy() and is decided under it in one transaction; book,
 * release and extend act on what the token holds and hold nothing.
 */

/**
 * What a hold does first inside its transaction: holds already expired are swept when the orphan
 * rule will read their neighbours (or best available will search), and what time has released
 * from the hold-back is released, so a late alarm never keeps a seat back.
 */
export function beforeHold(parts: DecisionParts, tx: Tx, sweep: boolean): void {
  const gates = tx.policy.hold;
  if (sweep || (gates?.rules.kind === "checks" && parts.selling.rules().noOrphanSeats === true)) sweepDue(tx);
  if (parts.access.active()) parts.access.settleDue(tx);
}

/** A seat or GA hold. */
export function hold(parts: DecisionParts, req: HoldRequest, caller: HoldCaller, idem?: IdempotencyClaim): Replayed<Outcome<HoldResult>> {
  const ask = { ...req, statesNeed: req.accessible === true };
  return parts.run.decide(
    (meta, layout, now) => holdPolicy(parts, meta, layout, now, caller, ask),
    (tx) => {
      beforeHold(parts, tx, false);
      return req.objectType === "generalAdmission" ? holdGa(tx, req) : holdSeats(tx, req);
    },
    idem,
  );
}

/**
 * Holds the best available seats (docs/selling-rules.md): chosen from the seat index and occupancy in the
 * same transaction that holds them, under the hold's policy, so concurrent calls can never be
 * given the same seat. Only seats the policy lets this hold take are candidates: those in its
 * pools (docs/channels.md) and, unless the request states the need, none held back (docs/accessibility.md). The hold of the
 * chosen seats then passes the same gates, which by then refuse nothing.
 */
export function holdBestAvailable(
  parts: DecisionParts,
  req: HoldBestAvailableRequest,
  caller: HoldCaller,
  idem?: IdempotencyClaim,
): Replayed<Outcome<HoldBestAvailableResult>> {
  const ask = { ...req, statesNeed: req.accessible !== undefined };
  return parts.run.decide(
    (meta, layout, now) => holdPolicy(parts, meta, layout, now, caller, ask),
    (tx) => {
      const gates = openGates(tx.policy);
      if (refused(gates)) return gates;
      // An expired hold is free the moment it expires: the search must see it so.
      beforeHold(parts, tx, true);
      const { index, occupancy } = parts.selling.view(tx.layout, tx.now);
      const channelMask = gates.channels.kind === "pools" ? parts.channels.mask(index, gates.channels.pools) : null;
      const eligible = gates.holdBack.kind === "held-back" ? both(channelMask, parts.access.mask(index)) : channelMask;
      // docs/tables.md: a party at tables; otherwise the seats of tables booked only whole are not for one-by-one holds.
      const categories = sellableCategories(gates.price, tx.layout.categories, req.categories);
      if (req.tables === true) return holdBestAtTables(parts, tx, gates, { ...req, categories }, eligible);
      const query = {
        quantity: req.quantity,
        categories,
        sections: req.sections,
        together: req.together,
        eligible: both(eligible, parts.tableBooking.seatMask(index)),
        ...(req.accessible ? { accessible: req.accessible } : {}),
      };
      const choice = chooseBestAvailable(index, occupancy, query, gates.rules.kind === "checks" ? gates.rules.checks.context() : null);
      if (!choice.ok) {
        if (choice.code === "selection_rule_violated")
          return fail(choice.code, "The event's selection rules allow none of the best available seats", { failed: choice.failed });
        return fail("no_best_available", `No ${req.quantity} matching seats${req.together ? " next to each other" : ""} are available`);
      }
      const held = holdSeats(tx, {
        objectLabels: choice.labels,
        holdToken: req.holdToken,
        ttlSeconds: req.ttlSeconds,
        extraData: req.extraData,
        ticketTypes: chosenTicketTypes(choice.labels, req.ticketTypes),
      });
      return held.ok ? ok({ ...held.value, nextToEachOther: choice.nextToEachOther }) : held;
    },
    idem,
  );
}

/**
 * The categories best available may choose from (docs/prices.md): those asked for, and for a key that
 * may not hold an unpriced category, only those with a price (in the pricing or through a channel).
 */
function sellableCategories(gate: PriceGate, all: readonly { key: string }[], asked: string[] | undefined): string[] | undefined {
  if (gate.kind === "unpriced" || gate.unpricedAllowed) return asked;
  const priced = new Set([...Object.keys(gate.pricing.categories), ...Object.values(gate.pricing.channels ?? {}).flatMap((c) => Object.keys(c))]);
  return (asked ?? all.map((c) => c.key)).filter((k) => priced.has(k));
}

/** The chosen seats' ticket types: `{ ticketTypeKey: count }` given to the seats in the order chosen; the rest take the default. */
function chosenTicketTypes(labels: readonly string[], types: Record<string, number> | undefined): Record<string, string> | undefined {
  if (types === undefined) return undefined;
  const out: Record<string, string> = {};
  const queue = ticketTypeQueue(types);
  labels.forEach((label, i) => {
    if (queue[i] !== undefined) out[label] = queue[i]!;
  });
  return out;
}

/** The seats both masks allow (null: no restriction). */
function both(a: Uint8Array | null, b: Uint8Array | null): Uint8Array | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.map((v, i) => v & b[i]!);
}

export function bookSeats(parts: DecisionParts, req: BookRequest, idem?: IdempotencyClaim): Replayed<Outcome<BookResult>> {
  return parts.run.decide(
    NO_HOLDS,
    (tx) => {
      const booked = book(tx, req);
      // docs/accessibility.md: a booking may sell out a section or the event, which releases its held-back seats.
      if (booked.ok && parts.access.active()) parts.access.settle(tx, new Set(req.objectLabels.map((l) => tx.layout.object(l)?.sectionKey ?? "")));
      return booked;
    },
    idem,
  );
}

export function releaseSeats(parts: DecisionParts, req: ReleaseRequest, idem?: IdempotencyClaim): Replayed<Outcome<FreedResult>> {
  return parts.run.decide(NO_HOLDS, (tx) => ok(releaseWithCompanions(parts, tx, req)), idem);
}

/** A release, with the companion seats held with a freed wheelchair space (docs/accessibility.md). */
export function releaseWithCompanions(parts: DecisionParts, tx: Tx, req: ReleaseRequest): FreedResult {
  const wheelchairs = parts.access.heldWheelchairs(tx, req.objectLabels ?? []);
  const freed = release(tx, req);
  if (wheelchairs.length === 0) return freed;
  const gone = new Set(freed.objects.map((o) => o.objectLabel));
  const { index } = parts.selling.view(tx.layout, tx.now);
  const companions = parts.access.companionsFreedWith(
    tx,
    wheelchairs.filter((w) => gone.has(w.label)),
    index,
  );
  const objects = [...freed.objects];
  for (const [holdToken, objectLabels] of companions) {
    for (const o of release(tx, { caller: req.caller, holdToken, objectLabels }).objects) if (!gone.has(o.objectLabel)) objects.push(o);
  }
  return { ...freed, objects };
}

export function extendHolds(parts: DecisionParts, req: ExtendRequest, idem?: IdempotencyClaim): Replayed<Outcome<HoldResult>> {
  return parts.run.decide(NO_HOLDS, (tx) => extend(tx, req), idem);
}
