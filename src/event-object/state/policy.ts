import type { ChannelPass } from "../../domain/channel-passes";
import type { ChannelDef } from "../../domain/channels";
import { ACCESSIBLE_ONLY } from "../../domain/accessibility";
import type { LayoutObject } from "../../domain/layout";
import { fail, type Failure } from "../../domain/outcome";
import type { CallerKind } from "../../domain/seats";
import type { SeasonTag } from "../../domain/seasons";
import type { RuleViolation } from "../../domain/selling";
import type { Pricing } from "../../domain/pricing";
import type { Occupancy } from "../../selling/occupancy";
import type { GaHoldChange, RuleContext } from "../../selling/rule-checks";
import type { SellingIndex } from "../../selling/selling-index";
import { TABLE_REASONS, type TableMode } from "../../domain/tables";

/**
 * The policy of one decision: everything a hold must pass, fixed before the decision starts and
 * handed to its Tx, which only reads it. One function builds a hold's policy
 * (decisions/hold-policy.ts: the caller, the request, the event's configuration and the clock);
 * seat holds, GA holds, best available and a season's holds in each event all take theirs from it.
 *
 * Closed by default. Every gate is a field whose open state is written out ("any pool", "nothing
 * held back", "no rules"), never an absent value: a decision without a hold policy holds nothing,
 * and a hold policy missing a gate refuses the hold ({@link holdGates}). A new gate (a cap on a
 * publishable key's ttlSeconds or GA quantity, a default per-client cap, a protected channel's
 * pass, a price) is one field here, its value in holdPolicy(), and its check where the hold
 * meets it; an entry point cannot forget it, since none builds a policy of its own.
 */
export interface DecisionPolicy {
  /** A season action's part in this event (docs/seasons.md), or null outside one. */
  readonly season: SeasonContext | null;
  /** The gates of a hold; absent for every other decision, which may then hold nothing. */
  readonly hold?: HoldGates;
}

/** A season action in one event: its changes carry the season, and its holds share one expiry. */
export interface SeasonContext extends SeasonTag {
  /** The season's one expiry of a hold or extend (epoch ms); null for the other actions. */
  readonly expiresAt: number | null;
  /** A season hold's prices (docs/prices.md): the season's pricing, null when it has none. Holds only. */
  readonly pricing?: Pricing | null;
  /**
   * A season hold: the lifetime its expiry was made from, and whether the request left it out (the
   * season then used a default, which an event with a shorter publishable maximum asks it to lower).
   */
  readonly ttl?: { readonly seconds: number; readonly defaulted: boolean };
}

/** What a hold must pass, each gate decided for this caller and request. */
export interface HoldGates {
  /** The caller's key kind. */
  readonly kind: CallerKind;
  /** The client address a publishable-key hold is counted against and kept on (docs/selling-rules.md); null for a secret key. */
  readonly client: string | null;
  /** The waiting room (docs/waiting-room.md): whether this hold may go through now. */
  readonly admission: "through" | "refused";
  /** The selection rules (docs/selling-rules.md), the client's cap included: none to check, or the checks of this hold. */
  readonly rules: { readonly kind: "none" } | { readonly kind: "checks"; readonly checks: RuleChecks };
  /** The pools the hold may take from (docs/channels.md). */
  readonly channels: ChannelGate;
  /** Wheelchair spaces and companion seats held back (docs/accessibility.md): nothing from this hold, or those the check names. */
  readonly holdBack: { readonly kind: "none" } | { readonly kind: "held-back"; heldBack(o: LayoutObject): boolean };
  /** The prices the hold locks (docs/prices.md): none for an event (or season) without pricing. */
  readonly price: PriceGate;
  /**
   * What a publishable key may ask of one request (docs/security.md): its ttlSeconds, GA quantity and extraData
   * within the limits, or the refusal (400 validation_failed naming the field). Always within for a
   * secret key.
   */
  readonly limits: { readonly kind: "within" } | { readonly kind: "refused"; readonly failure: Failure };
  /** How long the hold lasts (seconds): the request's ttlSeconds, or the default for this key and event. A season's holds take its one expiry instead. */
  readonly ttlSeconds: number;
  /**
   * The channel passes of a publishable-key hold (docs/security.md), by protected channel: what it takes from
   * that channel is held under the pass and counted against its maxSeats. None for a secret key.
   */
  readonly passes:
    | { readonly kind: "none" }
    | {
        readonly kind: "passes";
        readonly byChannel: ReadonlyMap<string, ChannelPass>;
        /** The pass a seat is taken under: the pass of its channel, or null (a seat of no protected channel). */
        seat(label: string): ChannelPass | null;
      };
  /** How each table may be taken (docs/tables.md): its seats one by one, only whole, or either. */
  readonly tables: TableGate;
}

/** The event's table booking as a hold meets it (docs/tables.md). */
export interface TableGate {
  readonly kind: "modes";
  /** The mode of a table, by its label. */
  mode(tableLabel: string): TableMode;
}

/**
 * The prices of a hold (docs/prices.md). `unpriced`: no pricing, so no price anywhere (the event
 * works as it did before prices). `priced`: every object is priced by `pricing` and its price is
 * locked with the hold; an object whose category has no price is refused (`not_priced`) unless
 * the caller may hold it unpriced (a secret key). `poolOf` names a seat's channel, whose price
 * replaces the category's amount.
 */
export type PriceGate =
  | { readonly kind: "unpriced" }
  | {
      readonly kind: "priced";
      readonly pricing: Pricing;
      readonly unpricedAllowed: boolean;
      poolOf(label: string): string | null;
    };

/**
 * The pools of a hold (docs/channels.md). `any`: every pool (a secret key's ignoreChannels, or an event
 * without channels asked for the open pool). `pools`: only those named, in the request's order,
 * with `null` for the open pool.
 */
export type ChannelGate =
  | { readonly kind: "any"; readonly defs: readonly ChannelDef[]; readonly locked: readonly string[] }
  | {
      readonly kind: "pools";
      readonly defs: readonly ChannelDef[];
      /** Protected channels the hold named but has no pass for (docs/security.md): not among its pools. */
      readonly locked: readonly string[];
      readonly pools: readonly (string | null)[];
      /** Whether a seat is in one of the pools. */
      seat(label: string): boolean;
    };

/**
 * What a hold asks of the selling rules, bound to one token and client. Built by
 * state/selling-state.ts (ruleChecks); the counts are read on first use, inside the decision.
 */
export interface RuleChecks {
  /** The violations of holding these seats in addition to what the token holds. */
  seats(labels: readonly string[]): RuleViolation[];
  /** The violations of a GA hold or resize. */
  ga(change: GaHoldChange): RuleViolation[];
  /** The context the checks use (computed once, on first use). */
  context(): RuleContext;
  /** The index and occupancy the checks use. */
  view(): { index: SellingIndex; occupancy: Occupancy };
  /**
   * Whether the client's cap is the only rule: then one seat more is checked by counting what the
   * client holds ({@link clientHeld}), and the common hold keeps its one-statement path.
   */
  readonly clientOnly: boolean;
  /** Seats plus places the client holds now, when it is counted (a publishable key); null otherwise. */
  clientHeld(): { held: number; max: number } | null;
}

/** The policy of a decision that holds nothing (book, release, extend, not for sale, the sweep). */
export const NO_HOLDS: DecisionPolicy = Object.freeze({ season: null });

const GATES = [
  "kind",
  "client",
  "admission",
  "rules",
  "channels",
  "holdBack",
  "tables",
  "limits",
  "ttlSeconds",
  "passes",
  "price",
] as const satisfies readonly (keyof HoldGates)[];

/**
 * The gates of a hold under this policy, or the refusal of a policy that cannot hold: no hold
 * gates at all, or one missing (closed by default: nothing is held, nothing changes).
 */
export function holdGates(policy: DecisionPolicy): HoldGates | Failure {
  const gates = policy.hold;
  if (gates === undefined) return fail("conflict", "This action cannot hold seats; nothing was held");
  const missing = GATES.filter((g) => gates[g] === undefined);
  if (missing.length > 0) return fail("conflict", `The hold's ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not decided; nothing was held`);
  return gates;
}

/** Whether `holdGates` refused. */
export function refused(gates: HoldGates | Failure): gates is Failure {
  return "ok" in gates;
}

/**
 * The gates of a hold that may go on, or the refusal that comes first: a policy that cannot hold,
 * then a request over a publishable key's limits (400), then the waiting room (403).
 */
export function openGates(policy: DecisionPolicy): HoldGates | Failure {
  const gates = holdGates(policy);
  if (refused(gates)) return gates;
  if (gates.limits.kind === "refused") return gates.limits.failure;
  if (gates.admission !== "through") return ADMISSION_REQUIRED;
  return gates;
}

/** The refusal of a publishable hold without a valid admission while the waiting room is open (docs/waiting-room.md). */
export const ADMISSION_REQUIRED: Failure = fail("admission_required", "This event has a waiting room: hold with the X-Admission header of an admitted ticket");

/**
 * What keeps this hold from a seat whatever its row says: outside the hold's pools (docs/channels.md), held
 * back for buyers who state an accessibility need (docs/accessibility.md), or, for a seat on its own, a table booked
 * only whole (docs/tables.md; `whole` for a seat taken with its table). Null when none does.
 */
export function seatGate(gates: HoldGates, obj: LayoutObject, whole = false): SeatGateReason | null {
  if (!whole && obj.tableLabel !== undefined && gates.tables.mode(obj.tableLabel) === "by_table") return TABLE_REASONS.bookWholeTable;
  if (gates.channels.kind === "pools" && !gates.channels.seat(obj.label)) return "not_in_channel";
  if (gates.holdBack.kind === "held-back" && gates.holdBack.heldBack(obj)) return ACCESSIBLE_ONLY;
  return null;
}

/** The reasons {@link seatGate} gives. */
export type SeatGateReason = "not_in_channel" | typeof ACCESSIBLE_ONLY | typeof TABLE_REASONS.bookWholeTable;

/** Whether a gate's refusal stands whatever the seat's row says (the seat is not this hold's to take at all). */
export function absoluteGate(reason: SeatGateReason | null): boolean {
  return reason === "not_in_channel" || reason === TABLE_REASONS.bookWholeTable;
}
