/**
 * What the buyer asks of the map: hold or release an object, hold the best available seats, give
 * everything back. Each request is checked on the map first (maxSelectedObjects, the event's
 * selection rules) so a refusal is heard at once, then asked of the server, which stays the
 * authority; the outcome goes into the map's state, onto the map and to the host's callbacks.
 */
import { ApiRequestError } from "./api";
import { askQuantity } from "./dialog";
import { expiryOf, type Held } from "./map-state";
import type { HoldContext, HoldExpiry } from "./hold-expiry";
import { buyerMessage, type Refusal } from "./buyer-messages";
import { checkLimit, describeViolation, roomFor } from "./limits";
import { checkBestAvailable, checkCounts, orphanLeftBy, roomUnderRules, type RuleFailure } from "./selection-rules-precheck";
import type { ApiObject, AreaObject, BestAvailableRequest, BestAvailableResult, HoldError, SelectedObject } from "./types";
import type { Price } from "../domain/pricing";

/** The category of a best-available request that names none or several: no category cap applies. */
const ANY_CATEGORY = "\u0000any";

export class HoldRequests {
  constructor(
    private readonly chart: HoldContext,
    private readonly expiry: HoldExpiry,
  ) {}

  /** A click, Enter or Space on an object: hold it, release it, or (a GA area) ask how many. */
  async toggle(label: string): Promise<void> {
    const { state } = this.chart;
    const obj = state.objects.get(label);
    if (!obj || state.pending.has(label) || this.chart.isDestroyed()) return;
    if (obj.objectType === "generalAdmission") return this.toggleArea(obj);
    if (state.selection.has(label)) return this.release(label);
    // Another channel's seat (docs/channels.md): disabled on the map, never asked for.
    if (state.outside.has(label)) return;
    const st = state.statusOf(label);
    if (st !== "free")
      return this.fail(label, { code: "seat_unavailable", message: `${label} is not available`, failed: [{ objectLabel: label, reason: st }] }, undefined, {
        known: true,
      });
    await this.hold(obj, 1);
  }

  /**
   * Holds the best available seats (docs/selling-rules.md) and selects them; see SeatingChart.holdBestAvailable.
   * A refusal reaches onHoldFailed with no objects and rejects with the same HoldError as `detail`.
   */
  async holdBestAvailable(request: BestAvailableRequest): Promise<BestAvailableResult> {
    const { state, config, api } = this.chart;
    const { categories, sections, together, accessible } = request ?? {};
    // With `accessible` (docs/accessibility.md) the seats are the spaces plus their companions.
    const quantity = accessible ? accessible.wheelchair * (1 + (accessible.companions ?? 0)) : (request?.quantity ?? 0);
    const refuse = (detail: HoldError, refusal: Partial<Refusal> = {}): never => {
      config.onHoldFailed?.([], detail);
      const rule = this.ruleLimit(refusal.reason ?? detail.failed?.[0]?.reason, categories?.length === 1 ? categories[0] : undefined);
      this.chart.notify(buyerMessage(detail, { what: "", seats: true, quantity, ...rule, ...refusal }, this.chart.words));
      throw new ApiRequestError(detail);
    };
    if (this.chart.isDestroyed()) refuse({ code: "chart_destroyed", message: "The seat map was destroyed" });
    // A category cap is checked only when the request names one category: otherwise the seats'
    // categories are not known until the server picks them.
    const only = categories?.length === 1 ? categories[0]! : ANY_CATEGORY;
    const limit = checkLimit(config.maxSelectedObjects, state.selection.values(), { objectLabel: "", categoryKey: only, quantity });
    if (limit)
      refuse(
        { code: "max_selected_objects", message: describeViolation(limit), failed: [] },
        { reason: limit.reason, limit: limit.limit, categoryName: this.categoryName(only) },
      );
    const rule = checkBestAvailable(state.rules, state.selection.values(), quantity, categories);
    if (rule) refuse({ code: "selection_rule_violated", message: rule.message, failed: [] }, { reason: rule.reason });
    let res;
    try {
      const types = this.chart.prices?.()?.chosen;
      res = await api.holdBestAvailable({
        holdToken: this.chart.token,
        quantity,
        categories,
        sections,
        together,
        ttlSeconds: config.ttlSeconds,
        ...(config.channelKeys ? { channelKeys: config.channelKeys } : {}),
        ...(accessible ? { accessible } : {}),
        // The ticket type chosen for the one category asked for (docs/prices.md), for every seat.
        ...(types && categories?.length === 1 && types.has(categories[0]!) ? { ticketTypes: { [types.get(categories[0]!)!]: quantity } } : {}),
      });
    } catch (err) {
      return refuse(this.refused(err));
    }
    this.lockPrices(res.objects);
    const expiresAt = expiryOf(res.holdExpiresAt);
    const held: SelectedObject[] = [];
    for (const { objectLabel } of res.objects) {
      state.selection.set(objectLabel, {
        objectLabel,
        objectType: "seat",
        categoryKey: state.objects.get(objectLabel)?.categoryKey ?? "",
        quantity: 1,
        expiresAt,
      });
      held.push(state.describe(objectLabel));
      this.chart.paint(objectLabel);
    }
    this.expiry.schedule();
    if (!this.chart.isDestroyed()) {
      for (const o of held) config.onObjectSelected?.(o);
      this.chart.notify(null);
      this.chart.announce(this.chart.words.t("announce.seatsSelected", { count: held.length, labels: this.chart.words.list(held.map((o) => o.objectLabel)) }));
    }
    return { objects: held, nextToEachOther: res.nextToEachOther };
  }

  /** Releases everything this chart holds. */
  async releaseAll(): Promise<void> {
    const { state, config } = this.chart;
    const held = [...state.selection.values()];
    if (held.length === 0) return;
    held.forEach((h) => state.pending.add(h.objectLabel));
    try {
      await this.chart.api.release({ holdToken: this.chart.token });
      for (const h of held) {
        state.selection.delete(h.objectLabel);
        state.forgetOwnHold(h);
        config.onObjectDeselected?.(state.describe(h.objectLabel, h.quantity));
      }
    } finally {
      held.forEach((h) => state.pending.delete(h.objectLabel));
      held.forEach((h) => this.chart.paint(h.objectLabel));
      this.expiry.schedule();
    }
  }

  /**
   * The most places of a GA area this chart may hold in all (its own included): what its channels
   * have free, within maxSelectedObjects and the selection rules. The list mode's quantity control
   * offers up to this.
   */
  areaMax(label: string): number {
    const { state, config } = this.chart;
    const obj = state.objects.get(label);
    if (obj?.objectType !== "generalAdmission") return 0;
    const current = state.selection.get(label)?.quantity ?? 0;
    const remaining = state.view(label).remaining ?? 0;
    const room = roomFor(config.maxSelectedObjects, state.selection.values(), label, obj.categoryKey);
    const ruleRoom = roomUnderRules(state.rules, state.selection.values(), label, obj.categoryKey);
    return Math.max(current, Math.min(remaining + current, room, ruleRoom));
  }

  /**
   * Holds `quantity` places of a GA area in all (0 releases them), as the list mode's quantity
   * control asks: the same checks, requests and callbacks as the map's dialog.
   */
  async holdArea(label: string, quantity: number): Promise<void> {
    const { state } = this.chart;
    const obj = state.objects.get(label);
    if (obj?.objectType !== "generalAdmission" || state.pending.has(label) || this.chart.isDestroyed()) return;
    const current = state.selection.get(label)?.quantity ?? 0;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity === current) return;
    if (quantity === 0) return this.release(label);
    if (current === 0 && !this.areaOpen(obj)) return;
    await this.hold(obj, quantity);
  }

  /** Whether a first place of the area may be asked for; tells the buyer why not. */
  private areaOpen(obj: AreaObject): boolean {
    const { state, config } = this.chart;
    const label = obj.objectLabel;
    if ((state.view(label).remaining ?? 0) <= 0) {
      this.fail(label, { code: "ga_capacity_exceeded", message: `${obj.label} is sold out`, failed: [{ objectLabel: label, reason: "sold_out" }] });
      return false;
    }
    if (roomFor(config.maxSelectedObjects, state.selection.values(), label, obj.categoryKey) < 1) {
      this.limitFail(obj, 1);
      return false;
    }
    if (roomUnderRules(state.rules, state.selection.values(), label, obj.categoryKey) < 1) {
      this.ruleFail(label, checkCounts(state.rules, state.selection.values(), { objectLabel: label, categoryKey: obj.categoryKey, quantity: 1 }), 1);
      return false;
    }
    return true;
  }

  private async toggleArea(obj: AreaObject): Promise<void> {
    const label = obj.objectLabel;
    const current = this.chart.state.selection.get(label)?.quantity ?? 0;
    if (current === 0 && !this.areaOpen(obj)) return;
    const host = this.chart.dialogHost();
    if (!host) return;
    const q = await askQuantity(host, { areaName: obj.label, current, max: this.areaMax(label) }, this.chart.words);
    if (q === null || this.chart.isDestroyed()) return;
    await this.holdArea(label, q);
  }

  private async hold(obj: ApiObject, quantity: number): Promise<void> {
    const { state, config } = this.chart;
    const label = obj.objectLabel;
    const ga = obj.objectType === "generalAdmission";
    const next = { objectLabel: label, categoryKey: obj.categoryKey, quantity };
    if (checkLimit(config.maxSelectedObjects, state.selection.values(), next)) return this.limitFail(obj, quantity);
    const broken = checkCounts(state.rules, state.selection.values(), next) ?? (ga ? null : this.orphanRule([label]));
    if (broken) return this.ruleFail(label, broken, ga ? quantity : undefined);
    state.pending.add(label);
    try {
      const ticketTypes = this.chart.prices?.()?.ticketTypesFor(obj, quantity);
      const res = await this.chart.api.hold({
        objectLabels: [label],
        holdToken: this.chart.token,
        ttlSeconds: config.ttlSeconds,
        ...(config.channelKeys ? { channelKeys: config.channelKeys } : {}),
        ...(ga ? { objectType: "generalAdmission" as const, quantity } : {}),
        ...(!ga && this.chart.statesNeed?.() ? { accessible: true } : {}),
        ...(ticketTypes ? { ticketTypes } : {}),
      });
      if (this.chart.isDestroyed()) return;
      this.lockPrices(res.objects);
      const before = state.selection.get(label)?.quantity ?? 0;
      const held: Held = { objectLabel: label, objectType: obj.objectType, categoryKey: obj.categoryKey, quantity, expiresAt: expiryOf(res.holdExpiresAt) };
      state.selection.set(label, held);
      if (ga) state.adjustRemaining(label, before - quantity);
      this.expiry.schedule();
      config.onObjectSelected?.(state.describe(label, quantity));
      this.chart.notify(null);
      const { words } = this.chart;
      this.chart.announce(ga ? words.t("announce.areaHeld", { quantity, area: obj.label ?? label }) : words.t("announce.seatSelected", { label }));
    } catch (err) {
      const detail = this.refused(err);
      const reason = detail.failed?.find((f) => f.objectLabel === label)?.reason;
      // The server knows better than our last update: show the seat as taken right away.
      if (!ga && (reason === "held" || reason === "booked" || reason === "not_for_sale")) state.markTaken(label, reason);
      this.fail(label, detail, ga ? quantity : undefined);
    } finally {
      state.pending.delete(label);
      this.chart.paint(label);
    }
  }

  private async release(label: string): Promise<void> {
    const { state, config } = this.chart;
    const held = state.selection.get(label);
    if (!held) return;
    state.pending.add(label);
    try {
      await this.chart.api.release({ objectLabels: [label], holdToken: this.chart.token });
      if (this.chart.isDestroyed()) return;
      state.selection.delete(label);
      state.forgetOwnHold(held);
      this.expiry.schedule();
      config.onObjectDeselected?.(state.describe(label, held.quantity));
      this.chart.announce(this.chart.words.t("announce.released", { label }));
    } catch (err) {
      // The hold stays; the buyer can try again. Nothing to report through onHoldFailed.
      console.warn("SeatingChart: release failed", err);
    } finally {
      state.pending.delete(label);
      this.chart.paint(label);
    }
  }

  /** Keeps the price each hold locked (docs/prices.md): what the selection's total adds up. */
  private lockPrices(objects: readonly { objectLabel: string; price?: Price }[]): void {
    const book = this.chart.prices?.();
    if (!book) return;
    for (const o of objects) {
      if (o.price) book.locked.set(o.objectLabel, o.price);
      else book.locked.delete(o.objectLabel);
    }
  }

  /** The noOrphanSeats rule for holding the seats `labels`, judged on the map's current picture. */
  private orphanRule(labels: string[]): RuleFailure | null {
    const { state } = this.chart;
    if (!state.rules.noOrphanSeats) return null;
    const seat = orphanLeftBy(state.seatPlaces, labels, (l) => state.isFree(l));
    return seat === null ? null : { reason: "orphan_seat", objectLabel: seat, message: `That would leave seat ${seat} on its own` };
  }

  /** The HoldError of a failed call; a rule refusal also re-reads the rules, which may have changed since the map was drawn. */
  private refused(err: unknown): HoldError {
    const detail: HoldError = err instanceof ApiRequestError ? err.detail : { code: "network_error", message: String(err) };
    if (detail.code === "selection_rule_violated") {
      this.chart.api.selectionRules().then(
        (rules) => (this.chart.state.rules = rules),
        () => undefined,
      );
    }
    return detail;
  }

  private fail(label: string, error: HoldError, quantity?: number, refusal: Partial<Refusal> = {}): void {
    this.chart.config.onHoldFailed?.([this.chart.state.describe(label, quantity)], error);
    const rule = this.ruleLimit(error.failed?.[0]?.reason, this.chart.state.objects.get(label)?.categoryKey);
    this.chart.notify(buyerMessage(error, { what: this.nameOf(label), ...rule, ...refusal }, this.chart.words));
  }

  /** "Seat B-5-5", or a GA area's own name. */
  private nameOf(label: string): string {
    const obj = this.chart.state.objects.get(label);
    return obj?.objectType === "generalAdmission" ? obj.label : this.chart.words.t("seat.label", { label });
  }

  /** The event's limit behind a rule's refusal (the map's or the server's), for the buyer's sentence. */
  private ruleLimit(reason: string | undefined, categoryKey: string | undefined): Partial<Refusal> {
    const { rules } = this.chart.state;
    const category = categoryKey === undefined ? undefined : this.categoryName(categoryKey);
    if (reason === "max_seats_per_token") return { limit: rules.maxSeatsPerToken };
    if (reason === "client_hold_limit") return { limit: rules.maxHeldSeatsPerClient };
    if (reason === "max_seats_per_category" && categoryKey !== undefined) return { limit: rules.maxSeatsPerCategory?.[categoryKey], categoryName: category };
    return {};
  }

  private categoryName(key: string): string | undefined {
    return this.chart.state.categories.get(key)?.label;
  }

  /**
   * A hold of `label` the event's selection rules refuse, reported as the server would
   * (`selection_rule_violated`, the stranded seat's label for the orphan rule).
   */
  private ruleFail(label: string, failure: RuleFailure | null, quantity?: number): void {
    if (!failure) return;
    this.fail(
      label,
      { code: "selection_rule_violated", message: failure.message, failed: [{ objectLabel: failure.objectLabel, reason: failure.reason }] },
      quantity,
    );
  }

  private limitFail(obj: ApiObject, quantity: number): void {
    const { state, config } = this.chart;
    const v = checkLimit(config.maxSelectedObjects, state.selection.values(), { objectLabel: obj.objectLabel, categoryKey: obj.categoryKey, quantity }) ?? {
      reason: "max_total" as const,
      limit: 0,
    };
    this.fail(
      obj.objectLabel,
      { code: "max_selected_objects", message: describeViolation(v), failed: [{ objectLabel: obj.objectLabel, reason: v.reason }] },
      obj.objectType === "generalAdmission" ? quantity : undefined,
      { limit: v.limit, categoryName: this.categoryName(obj.categoryKey) },
    );
  }
}
