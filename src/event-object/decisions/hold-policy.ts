import type { ChannelPass } from "../../domain/channel-passes";
import type { EventMeta } from "../../domain/events";
import type { JsonObject } from "../../domain/json";
import { fail } from "../../domain/outcome";
import {
  defaultPublicHoldSeconds,
  heldSeatsPerClient,
  jsonBytes,
  MAX_PUBLIC_EXTRA_DATA_BYTES,
  MAX_PUBLIC_GA_QUANTITY,
  maxPublicHoldSeconds,
} from "../../domain/public-limits";
import { DEFAULT_TTL_SECONDS, type HoldCaller } from "../../domain/seats";
import type { SelectionRules } from "../../domain/selling";
import type { AccessState } from "../state/accessibility";
import type { AdmissionGate } from "../state/admission-gate";
import type { ChannelState } from "../state/channels";
import type { LayoutIndex } from "../state/layout-index";
import type { DecisionPolicy, HoldGates, PriceGate, SeasonContext } from "../state/policy";
import type { PricingState } from "../state/prices";
import { hasRules, ruleChecks, type SellingState } from "../state/selling-state";
import type { DecisionRunner } from "../state/transaction";
import type { TableBookingState } from "../state/table-booking";

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
  readonly tableBooking: TableBookingState;
  readonly pricing: PricingState;
}

/** What a hold request asks that bears on its gates (the bodies of hold, hold-best-available and a season hold). */
export interface HoldAsk {
  holdToken: string;
  ignoreSelectionRules?: boolean;
  channelKeys?: string[];
  ignoreChannels?: boolean;
  /** The buyer states an accessibility need (docs/accessibility.md): `accessible: true`, or best available's `accessible`. */
  statesNeed: boolean;
  /** The request's lifetime, GA quantity and extraData, which a publishable key may ask only so much of (docs/security.md). */
  ttlSeconds?: number;
  objectType?: "generalAdmission";
  quantity?: number;
  extraData?: JsonObject | null;
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
  const rules = withClientCap(config.selling.rules(), client);
  const maxHold = maxPublicHoldSeconds(rules);
  // A season's holds share the expiry made from the season's lifetime; an event's own take theirs.
  const ttlSeconds = season?.ttl?.seconds ?? ask.ttlSeconds ?? (secret ? DEFAULT_TTL_SECONDS : defaultPublicHoldSeconds(maxHold));
  // Protected channels (docs/security.md): a publishable key takes from one only with a pass for this event and channel.
  const protectedKeys = secret ? new Set<string>() : config.channels.protectedKeys();
  const byChannel = new Map<string, ChannelPass>();
  for (const p of caller.passes ?? [])
    if (p.eventId === meta.eventId && protectedKeys.has(p.channelKey) && !byChannel.has(p.channelKey)) byChannel.set(p.channelKey, p);
  const locked = new Set([...protectedKeys].filter((k) => !byChannel.has(k)));
  const gates: HoldGates = {
    kind: caller.kind,
    client,
    admission: config.admission.refuses(caller, now, meta.eventId) ? "refused" : "through",
    rules:
      !hasRules(rules) || (secret && ask.ignoreSelectionRules === true)
        ? { kind: "none" }
        : { kind: "checks", checks: ruleChecks(config.sql, config.selling, layout, now, rules, ask.holdToken, client ?? undefined) },
    channels: config.channels.gate(ask.channelKeys, secret && ask.ignoreChannels === true, locked),
    holdBack: !config.access.active() || ask.statesNeed || secret ? { kind: "none" } : { kind: "held-back", heldBack: (o) => config.access.heldBack(o) },
    tables: config.tableBooking.gate(),
    price: priceGate(config, season, secret),
    limits: secret ? { kind: "within" } : publicLimits(ask, ttlSeconds, maxHold, season?.ttl?.defaulted === true),
    ttlSeconds,
    passes:
      byChannel.size > 0
        ? {
            kind: "passes",
            byChannel,
            seat: (label) => {
              const channel = config.channels.channelOf(label);
              return channel === null ? null : (byChannel.get(channel) ?? null);
            },
          }
        : { kind: "none" },
  };
  return Object.freeze({ season, hold: Object.freeze(gates) });
}

/**
 * The prices a hold locks (docs/prices.md): a season's hold is priced by the season's pricing, any
 * other by the event's; without one, nothing is priced. A secret key may hold an unpriced category.
 */
function priceGate(config: HoldConfig, season: SeasonContext | null, secret: boolean): PriceGate {
  const pricing = season ? (season.pricing ?? null) : config.pricing.current();
  if (pricing === null) return { kind: "unpriced" };
  return { kind: "priced", pricing, unpricedAllowed: secret, poolOf: (label) => config.channels.channelOf(label) };
}

/**
 * The rules a publishable-key hold is checked against: the event's, with the per-client cap at its
 * default when the event sets none (docs/security.md: `{}` restores the default, never "no limit").
 * A hold without a client address (a secret key; a request without CF-Connecting-IP, which only a
 * test or a direct call makes) meets no per-client rule.
 */
function withClientCap(rules: SelectionRules, client: string | null): SelectionRules {
  return client === null ? rules : { ...rules, maxHeldSeatsPerClient: heldSeatsPerClient(rules) };
}

/**
 * A publishable-key request against its limits (docs/security.md): ttlSeconds at most the event's
 * maxPublicHoldSeconds, a GA quantity at most 50, extraData at most 1 KiB of JSON; any beyond is
 * 400 validation_failed naming each field. A season hold that sent no ttlSeconds was given the
 * general default: its refusal says what this event allows, so the season can hold again with it.
 */
function publicLimits(ask: HoldAsk, ttlSeconds: number, maxHold: number, ttlDefaulted: boolean): HoldGates["limits"] {
  const errors: Record<string, string[]> = {};
  if (ttlSeconds > maxHold) errors.ttlSeconds = [`must be at most ${maxHold} with a publishable key (the event's maxPublicHoldSeconds)`];
  if (ask.objectType === "generalAdmission" && (ask.quantity ?? 0) > MAX_PUBLIC_GA_QUANTITY)
    errors.quantity = [`must be at most ${MAX_PUBLIC_GA_QUANTITY} with a publishable key`];
  const extraBytes = jsonBytes(ask.extraData);
  if (extraBytes > MAX_PUBLIC_EXTRA_DATA_BYTES)
    errors.extraData = [`must be at most ${MAX_PUBLIC_EXTRA_DATA_BYTES} bytes of JSON with a publishable key (this is ${extraBytes})`];
  const fields = Object.keys(errors);
  if (fields.length === 0) return { kind: "within" };
  const retry = ttlDefaulted && fields.length === 1 && errors.ttlSeconds !== undefined ? { retryTtlSeconds: defaultPublicHoldSeconds(maxHold) } : {};
  return {
    kind: "refused",
    failure: fail("validation_failed", `The hold asks more than a publishable key may: ${fields.join(", ")}`, { errors, ...retry }),
  };
}

/** What the decisions work with: the kept configuration, and the object's way to run a decision. */
export interface DecisionParts extends HoldConfig {
  readonly run: DecisionRunner;
  /** The kept views (status, objects) no longer match the configuration: build them again. */
  viewsStale(): void;
  /** Asks the alarm to run at `due` (engine time) at the latest. */
  arm(due: number): void;
}
