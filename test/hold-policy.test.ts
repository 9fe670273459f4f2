import { describe, expect, it } from "vitest";
import { holdGa } from "../src/event-object/decisions/ga";
import { holdSeats } from "../src/event-object/decisions/holds";
import { buildIndex } from "../src/event-object/state/layout-index";
import { holdGates, NO_HOLDS, type DecisionPolicy, type HoldGates } from "../src/event-object/state/policy";
import { seatRow } from "../src/event-object/state/store";
import { Tx } from "../src/event-object/state/transaction";
import type { EventMeta } from "../src/domain/events";
import type { HoldCaller } from "../src/domain/seats";
import { holdPolicy, type HoldAsk } from "../src/event-object/decisions/hold-policy";
import { AccessState } from "../src/event-object/state/accessibility";
import { PricingState } from "../src/event-object/state/prices";
import { AdmissionGate } from "../src/event-object/state/admission-gate";
import { ChannelState } from "../src/event-object/state/channels";
import { TableBookingState } from "../src/event-object/state/table-booking";
import { SellingState } from "../src/event-object/state/selling-state";
import { inObject, newEvent, smallLayout, token } from "./support/fixtures";

/**
 * A decision's policy is closed by default (event-object/state/policy.ts): a decision without hold
 * gates holds nothing, and a hold policy missing any gate refuses, whatever the request; the gates
 * holdPolicy() builds open exactly what the caller may take.
 */

const meta: EventMeta = {
  workspaceId: "ws",
  environment: "sandbox",
  eventKey: "policy",
  eventId: "ev_policy",
  chartId: "ch",
  chartKey: "chart",
  layoutVersion: 1,
  createdAt: new Date(0).toISOString(),
};

const open: HoldGates = {
  kind: "secret",
  client: null,
  admission: "through",
  rules: { kind: "none" },
  channels: { kind: "any", defs: [], locked: [] },
  holdBack: { kind: "none" },
  tables: { kind: "modes", mode: () => "by_seat" },
  price: { kind: "unpriced" },
  limits: { kind: "within" },
  ttlSeconds: 900,
  passes: { kind: "none" },
};

/** `open` with one gate left out. */
function without(gate: keyof HoldGates): DecisionPolicy {
  const gates: Partial<HoldGates> = { ...open };
  delete gates[gate];
  return { season: null, hold: gates as HoldGates };
}

describe("a policy is closed by default", () => {
  it("a decision without hold gates, or with any gate missing, holds nothing and writes nothing", async () => {
    const f = await newEvent();
    await inObject(f, (_, state) => {
      const sql = state.storage.sql;
      const layout = buildIndex(smallLayout());
      const policies: [string, DecisionPolicy][] = [
        ["no hold gates", NO_HOLDS],
        ...(["kind", "client", "admission", "rules", "channels", "holdBack", "tables", "limits", "ttlSeconds", "passes"] as const).map(
          (g): [string, DecisionPolicy] => [g, without(g)],
        ),
      ];
      for (const [name, policy] of policies) {
        const tx = new Tx(sql, Date.now(), meta, layout, null, policy);
        const seat = state.storage.transactionSync(() => holdSeats(tx, { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 60 }));
        expect(seat, name).toMatchObject({ ok: false, code: "conflict" });
        const area = state.storage.transactionSync(() =>
          holdGa(tx, { objectLabels: ["Floor"], holdToken: token(), ttlSeconds: 60, objectType: "generalAdmission", quantity: 1 }),
        );
        expect(area, name).toMatchObject({ ok: false, code: "conflict" });
        expect(tx.changed.size, name).toBe(0);
        expect(seatRow(sql, "A-1-1"), name).toBeNull();
      }
      // With every gate there, the same hold goes through.
      expect(holdGates({ season: null, hold: open })).toBe(open);
    });
  });

  it("a refused admission refuses every kind of hold before anything else", async () => {
    const f = await newEvent();
    await inObject(f, (_, state) => {
      const tx = new Tx(state.storage.sql, Date.now(), meta, buildIndex(smallLayout()), null, { season: null, hold: { ...open, admission: "refused" } });
      expect(state.storage.transactionSync(() => holdSeats(tx, { objectLabels: ["nope"], holdToken: token(), ttlSeconds: 60 }))).toMatchObject({
        code: "admission_required",
      });
      expect(
        state.storage.transactionSync(() =>
          holdGa(tx, { objectLabels: ["Floor"], holdToken: token(), ttlSeconds: 60, objectType: "generalAdmission", quantity: 999 }),
        ),
      ).toMatchObject({ code: "admission_required" });
    });
  });
});

describe("holdPolicy() decides each gate for its caller", () => {
  it("opens what a secret key may take, closes what a publishable key may not, and is frozen", async () => {
    const f = await newEvent();
    await inObject(f, (_, state) => {
      const sql = state.storage.sql;
      const config = {
        sql,
        selling: new SellingState(sql),
        channels: new ChannelState(sql),
        access: new AccessState(sql),
        admission: new AdmissionGate(sql),
        tableBooking: new TableBookingState(sql),
        pricing: new PricingState(sql),
      };
      config.admission.load();
      const layout = buildIndex(smallLayout());
      const now = Date.now();
      const ask = { holdToken: token(), statesNeed: false };
      const of = (caller: HoldCaller, more: Partial<HoldAsk> = {}) => holdPolicy(config, meta, layout, now, caller, { ...ask, ...more });

      const buyer = of({ kind: "public", client: "192.0.2.1" });
      expect(Object.isFrozen(buyer) && Object.isFrozen(buyer.hold)).toBe(true);
      // The per-client cap applies by default (docs/security.md): the only rule of an event without any.
      expect(buyer.hold).toMatchObject({ kind: "public", client: "192.0.2.1", admission: "through", rules: { kind: "checks" }, holdBack: { kind: "none" } });
      expect(buyer.hold?.rules.kind === "checks" && buyer.hold.rules.checks.clientOnly).toBe(true);
      expect(buyer.hold).toMatchObject({ limits: { kind: "within" }, ttlSeconds: 900 });
      expect(of({ kind: "public" }).hold?.rules.kind).toBe("none");
      expect(buyer.hold?.channels.kind).toBe("any");

      state.storage.transactionSync(() => {
        config.selling.setRules({ maxSeatsPerToken: 2 });
        config.channels.replace({ channels: [{ key: "vip", name: "VIP", objectLabels: ["A-1-1"] }] }, layout);
      });
      config.admission.set({ enabled: true, opensAt: now - 1000 });
      const tx = new Tx(sql, now, meta, layout, null);
      state.storage.transactionSync(() => config.access.replace(tx, { holdBack: true, releaseWhen: "event_sold_out" }));

      const gated = of({ kind: "public", client: "192.0.2.1" }, { ignoreChannels: true, ignoreSelectionRules: true });
      expect(gated.hold).toMatchObject({ admission: "refused", rules: { kind: "checks" }, holdBack: { kind: "held-back" } });
      expect(gated.hold?.channels).toMatchObject({ kind: "pools", pools: [null] });
      expect(of({ kind: "public", client: "192.0.2.1", admittedTo: [meta.eventId] }, { statesNeed: true }).hold).toMatchObject({
        admission: "through",
        holdBack: { kind: "none" },
      });
      expect(of({ kind: "public", admittedTo: ["another-event"] }).hold?.admission).toBe("refused");
      const box = of({ kind: "secret" }, { ignoreChannels: true, ignoreSelectionRules: true });
      expect(box.hold).toMatchObject({
        kind: "secret",
        client: null,
        admission: "through",
        rules: { kind: "none" },
        channels: { kind: "any" },
        holdBack: { kind: "none" },
      });
      const season = { seasonKey: "home", expiresAt: now + 60_000 };
      expect(holdPolicy(config, meta, layout, now, { kind: "secret" }, ask, season).season).toBe(season);

      // Prices: none without pricing; the event's pricing for its holds, the season's for a season's.
      expect(buyer.hold?.price).toEqual({ kind: "unpriced" });
      const pricing = { currency: "EUR", categories: { A: { amount: 1000 } } };
      state.storage.transactionSync(() => config.pricing.set(pricing));
      expect(of({ kind: "public", client: "192.0.2.1" }).hold?.price).toMatchObject({ kind: "priced", pricing, unpricedAllowed: false });
      expect(of({ kind: "secret" }).hold?.price).toMatchObject({ kind: "priced", unpricedAllowed: true });
      expect(holdPolicy(config, meta, layout, now, { kind: "secret" }, ask, season).hold?.price).toEqual({ kind: "unpriced" });
      const seasonPricing = { currency: "EUR", categories: { A: { amount: 9000 } } };
      expect(holdPolicy(config, meta, layout, now, { kind: "secret" }, ask, { ...season, pricing: seasonPricing }).hold?.price).toMatchObject({
        kind: "priced",
        pricing: seasonPricing,
      });
    });
  });
});
