import type { EventMeta } from "../../domain/events";
import type { HoldCaller } from "../../domain/seats";
import type { AccessState } from "../state/accessibility";
import type { AdmissionGate } from "../state/admission-gate";
import type { ChannelState } from "../state/channels";
import type { LayoutIndex } from "../state/layout-index";
import type { DecisionPolicy, HoldGates, PriceGate, SeasonContext } from "../state/policy";
import type { PricingState } from "../state/prices";
import { hasRules, ruleChecks, type SellingState } from "../state/selling-state";
import type { DecisionRunner } from "../state/transaction";

/**
 * The one place a hold's policy is made (state/policy.ts): seat holds, GA holds, best available
 * and the holds of a season in each of its events all come here, so each gate applies to all of
 * them by construction. Built per request from what the object keeps in memory (the rules, the
 * channels, the hold-back, the waiting room's switch), so it costs the hold no storage read; the
 * selection rules' counts are read inside the decision, on first use.
 */

/** The event's configuration as the object keeps it. */
export interface HoldConfig {
  readonly sql: SqlStorage;
  readonly selling: SellingState;
  readonly channels: ChannelState;
  readonly access: AccessState;
  readonly admission: AdmissionGate;
  readonly pricing: PricingState;
}

/** What a hold request asks that bears on its gates (the bodies of hold, hold-best-available and a season hold). */
export interface HoldAsk {
  holdToken: string;
  ignoreSelectionRules?: boolean;
  channelKeys?: string[];
  ignoreChannels?: boolean;
  /** The buyer states an accessibility need (contract §14): `accessible: true`, or best available's `accessible`. */
  statesNeed: boolean;
}

/**
 * The policy of one hold: for this caller (key kind, client address, verified admissions), this
 * request, this event's configuration at `now`, and, for a season's hold, the season. Each box-office
 * override (ignoreSelectionRules, ignoreChannels) counts only for a secret key: the routes refuse a
 * publishable key that sends one, and here it would change nothing.
 */
export function holdPolicy(
  config: HoldConfig,
  meta: EventMeta,
  layout: LayoutIndex,
  now: number,
  caller: HoldCaller,
  ask: HoldAsk,
  season: SeasonContext | null = null,
): DecisionPolicy {
  const secret = caller.kind === "secret";
  const client = secret ? null : (caller.client ?? null);
  const rules = config.selling.rules();
  const gates: HoldGates = {
    kind: caller.kind,
    client,
    admission: config.admission.refuses(caller, now, meta.eventId) ? "refused" : "through",
    rules:
      !hasRules(rules) || (secret && ask.ignoreSelectionRules === true)
        ? { kind: "none" }
        : { kind: "checks", checks: ruleChecks(config.sql, config.selling, layout, now, rules, ask.holdToken, client ?? undefined) },
    channels: config.channels.gate(ask.channelKeys, secret && ask.ignoreChannels === true),
    holdBack: !config.access.active() || ask.statesNeed || secret ? { kind: "none" } : { kind: "held-back", heldBack: (o) => config.access.heldBack(o) },
    price: priceGate(config, season, secret),
  };
  return Object.freeze({ season, hold: Object.freeze(gates) });
}

/**
 * The prices a hold locks (contract §20): a season's hold is priced by the season's pricing, any
 * other by the event's; without one, nothing is priced. A secret key may hold an unpriced category.
 */
function priceGate(config: HoldConfig, season: SeasonContext | null, secret: boolean): PriceGate {
  const pricing = season ? (season.pricing ?? null) : config.pricing.current();
  if (pricing === null) return { kind: "unpriced" };
  return { kind: "priced", pricing, unpricedAllowed: secret, poolOf: (label) => config.channels.channelOf(label) };
}

/** What the decisions work with: the kept configuration, and the object's way to run a decision. */
export interface DecisionParts extends HoldConfig {
  readonly run: DecisionRunner;
  /** The kept views (status, objects) no longer match the configuration: build them again. */
  viewsStale(): void;
  /** Asks the alarm to run at `due` (engine time) at the latest. */
  arm(due: number): void;
}
