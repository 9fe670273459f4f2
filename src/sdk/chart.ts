/**
 * `SeatingChart`: the embeddable seat map of contract §7. It draws the event's published layout,
 * holds and releases objects with the public key and its own hold token, keeps the map live, and
 * tells the host page through callbacks. Booking is left to the host's server (secret key).
 */
import { ApiClient, ApiRequestError } from "./api";
import { buildChrome, fillLegend, type Chrome } from "./chrome";
import { askQuantity } from "./dialog";
import { computeGeometry } from "../geometry/object-placement";
import { LargeMap } from "./large-map";
import { checkLimit, describeViolation, roomFor, type Holding } from "./limits";
import { checkBestAvailable, checkCounts, orphanLeftBy, roomUnderRules, seatPlaces, type RuleFailure, type SeatPlaces } from "./selection-rules-precheck";
import { LiveFeed } from "./live-updates";
import { LARGE_MAP_OBJECTS, type MapModel, type MapView } from "./map-view";
import { resolveApiBase } from "./origin";
import { injectStyles } from "./styles";
import { SmallMap } from "./small-map";
import type { ObjectView } from "./svg";
import { sessionToken } from "./token";
import type {
  ApiCategory,
  ApiObject,
  AreaObject,
  BestAvailableRequest,
  BestAvailableResult,
  HoldError,
  SeatingChartConfig,
  SeatObject,
  SelectedObject,
  SelectionRules,
  StatusEntry,
} from "./types";
import { SDK_VERSION } from "./version";

interface Held extends Holding {
  objectType: ApiObject["objectType"];
  /** Epoch ms of this hold's expiry, when known. */
  expiresAt?: number;
}

/** A seat map bound to one event and one hold token. */
export class SeatingChart {
  /** The SDK version, e.g. "5.10.0". */
  static readonly version = SDK_VERSION;

  private readonly config: SeatingChartConfig;
  private readonly api: ApiClient;
  private readonly token: string;
  private readonly objects = new Map<string, ApiObject>();
  private readonly categoryMap = new Map<string, ApiCategory>();
  /** The layout's rows in physical order (for the orphan rule) and, once needed, each seat's place in them. */
  private rows: SeatObject[][] = [];
  private places: SeatPlaces | null = null;
  private rules: SelectionRules = {};
  /** Last known non-free entries from the server (a GA area also while partly held). */
  private server = new Map<string, StatusEntry>();
  private readonly selection = new Map<string, Held>();
  /** Labels with a hold or release in flight: live updates must not flip them meanwhile. */
  private readonly pending = new Set<string>();
  private map: MapView | null = null;
  private chrome: Chrome | null = null;
  private live: LiveFeed | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | null = null;
  private rendering: Promise<this> | null = null;
  private destroyed = false;

  constructor(config: SeatingChartConfig) {
    if (!config || typeof config.divId !== "string" || typeof config.publicKey !== "string" || typeof config.event !== "string") {
      throw new TypeError("SeatingChart needs divId, publicKey and event");
    }
    this.config = config;
    const base = resolveApiBase(config.apiBaseUrl);
    this.api = new ApiClient(base, config.publicKey, config.event);
    this.token = config.holdToken && config.holdToken.length >= 8 ? config.holdToken : sessionToken(base, config.event);
  }

  /** The token every hold of this chart uses: send it to your server, which books with a secret key. */
  get holdToken(): string {
    return this.token;
  }

  /** Labels this chart holds now. */
  get selectedObjects(): string[] {
    return [...this.selection.keys()];
  }

  /**
   * The event's selection rules (contract §8) as read when the map was drawn, and again after the
   * server refused a hold by a rule. The map applies them before asking; the server enforces them.
   */
  get selectionRules(): SelectionRules {
    return structuredClone(this.rules);
  }

  /** The event's categories (key, label, colour) once the map is drawn, for a page's own controls. */
  get categories(): ApiCategory[] {
    return [...this.categoryMap.values()].map((c) => ({ ...c }));
  }

  /** Live-update transport now in use: "socket", "polling", "connecting" or "stopped". */
  get liveMode(): string {
    return this.live?.mode ?? "stopped";
  }

  /** Draws the map; resolves once it is drawn (and rejects, showing the reason, when it cannot be). */
  render(): Promise<this> {
    this.rendering ??= this.draw();
    return this.rendering;
  }

  /**
   * Holds the best available seats (contract §8) under this chart's token and selects them. Resolves
   * with the seats held; a refusal (by `maxSelectedObjects`, the selection rules, or the server, such
   * as `no_best_available`) reaches `onHoldFailed` with an empty object list and rejects with an
   * error whose `detail` is the same HoldError.
   */
  async holdBestAvailable(request: BestAvailableRequest): Promise<BestAvailableResult> {
    if (this.rendering) await this.rendering;
    const { quantity, categories, sections, together } = request ?? {};
    const refuse = (detail: HoldError): never => {
      this.config.onHoldFailed?.([], detail);
      this.announce(detail.message);
      throw new ApiRequestError(detail);
    };
    if (this.destroyed) refuse({ code: "chart_destroyed", message: "The seat map was destroyed" });
    // A category cap is checked only when the request names one category: otherwise the seats'
    // categories are not known until the server picks them.
    const only = categories?.length === 1 ? categories[0]! : "\u0000any";
    const limit = checkLimit(this.config.maxSelectedObjects, this.selection.values(), { objectLabel: "", categoryKey: only, quantity });
    if (limit) refuse({ code: "max_selected_objects", message: describeViolation(limit), failed: [] });
    const rule = checkBestAvailable(this.rules, this.selection.values(), quantity, categories);
    if (rule) refuse({ code: "selection_rule_violated", message: rule.message, failed: [] });
    let res;
    try {
      res = await this.api.holdBestAvailable({ holdToken: this.token, quantity, categories, sections, together, ttlSeconds: this.config.ttlSeconds });
    } catch (err) {
      return refuse(this.refused(err));
    }
    const expiresAt = Date.parse(res.holdExpiresAt);
    const held: SelectedObject[] = [];
    for (const { objectLabel } of res.objects) {
      this.selection.set(objectLabel, {
        objectLabel,
        objectType: "seat",
        categoryKey: this.objects.get(objectLabel)?.categoryKey ?? "",
        quantity: 1,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
      });
      held.push(this.describe(objectLabel));
      this.paint(objectLabel);
    }
    this.scheduleExpiry();
    if (!this.destroyed) {
      for (const o of held) this.config.onObjectSelected?.(o);
      this.announce(`${held.length === 1 ? "Seat" : "Seats"} ${held.map((o) => o.objectLabel).join(", ")} selected`);
    }
    return { objects: held, nextToEachOther: res.nextToEachOther };
  }

  /** Releases everything this chart holds. */
  async clearSelection(): Promise<void> {
    const held = [...this.selection.values()];
    if (held.length === 0) return;
    held.forEach((h) => this.pending.add(h.objectLabel));
    try {
      await this.api.release({ holdToken: this.token });
      for (const h of held) {
        this.selection.delete(h.objectLabel);
        this.forgetOwnHold(h);
        this.config.onObjectDeselected?.(this.describe(h.objectLabel, h.quantity));
      }
    } finally {
      held.forEach((h) => this.pending.delete(h.objectLabel));
      held.forEach((h) => this.paint(h.objectLabel));
      this.scheduleExpiry();
    }
  }

  /** Removes the map and stops live updates. Holds are kept: the host may still book them. */
  destroy(): void {
    this.destroyed = true;
    this.live?.stop();
    this.map?.destroy();
    this.map = null;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.chrome?.root.remove();
    this.chrome = null;
  }

  private async draw(): Promise<this> {
    const container = document.getElementById(this.config.divId);
    if (!container) throw new Error(`SeatingChart: no element with id "${this.config.divId}"`);
    injectStyles(document);
    const chrome = buildChrome(container);
    this.chrome = chrome;
    chrome.message.textContent = "Loading seat map…";
    let objectsBody, status: StatusEntry[], version: string | null, seq: number | null;
    try {
      let read;
      // The rules only sharpen what the map says before asking; the server enforces them anyway, so
      // a map that cannot read them still draws.
      [objectsBody, read, this.rules] = await Promise.all([
        this.api.objects(),
        this.api.status(this.token, { expiries: true }),
        this.api.selectionRules().catch(() => ({})),
      ]);
      ({ entries: status, version, seq } = read);
    } catch (err) {
      const msg = err instanceof ApiRequestError ? `${err.detail.message} (${err.detail.code})` : String(err);
      chrome.message.textContent = `The seat map could not be loaded: ${msg}`;
      throw err;
    }
    if (this.destroyed) return this;
    // A big map is built in a few tasks rather than one, so a stadium never blocks input for long;
    // a small one in one go (each yield can cost a frame).
    const big = (objectsBody.objects?.length ?? 0) > LARGE_MAP_OBJECTS;
    if (big) await nextTask();
    if (this.destroyed) return this;
    for (const c of objectsBody.categories ?? []) this.categoryMap.set(c.key, c);
    for (const o of objectsBody.objects ?? []) this.objects.set(o.objectLabel, o);
    this.rows = objectsBody.rows;
    fillLegend(chrome.legend, objectsBody.categories ?? []);
    // The status goes into the model before anything is drawn, so each object is painted once.
    const restored = this.takeSnapshot(status, true, true);
    if (big) await nextTask();
    if (this.destroyed) return this;
    if (this.objects.size === 0) {
      chrome.message.textContent = "This event has no published seat map yet.";
    } else {
      chrome.message.remove();
      const geometry = computeGeometry([...this.objects.values()], this.rows, objectsBody.focalPoint);
      if (big) await nextTask();
      if (this.destroyed) return this;
      const model: MapModel = { eventKey: this.config.event, objects: this.objects, categories: this.categoryMap, viewOf: (label) => this.view(label) };
      // Contract §7: up to 10,000 objects, one element each at every zoom; above, a canvas with
      // elements for what is on screen and big enough to click.
      let map: MapView;
      if (big) {
        const grid = LargeMap.gridOf(geometry, model);
        await nextTask();
        if (this.destroyed) return this;
        map = new LargeMap(chrome.stage, geometry, model, grid, [...this.server.keys(), ...this.selection.keys()]);
      } else map = new SmallMap(chrome.stage, geometry, model);
      this.map = map;
      chrome.zoomIn.onclick = () => this.map?.zoomBy(1.4);
      chrome.zoomOut.onclick = () => this.map?.zoomBy(1 / 1.4);
      chrome.zoomReset.onclick = () => this.map?.reset();
      map.root.addEventListener("click", (e) => this.onActivate(e));
      map.root.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " " || e.key === "Spacebar") {
          e.preventDefault();
          this.onActivate(e);
        }
      });
    }
    this.live = new LiveFeed(
      this.api.liveUrl,
      () => this.api.status(this.token),
      {
        onSnapshot: (entries, fromPoll) => this.takeSnapshot(entries, fromPoll, false),
        onChanges: (entries) => this.takeChanges(entries),
      },
      { socket: this.config.live !== false },
      version,
      seq,
    );
    this.live.start();
    for (const h of restored) this.config.onObjectSelected?.(this.describe(h.objectLabel, h.quantity));
    this.config.onChartRendered?.(this);
    return this;
  }

  private onActivate(e: Event): void {
    const target = (e.target as Element | null)?.closest?.("[data-object-label]");
    const label = target?.getAttribute("data-object-label");
    if (label) void this.toggle(label);
  }

  private describe(label: string, quantity?: number): SelectedObject {
    const o = this.objects.get(label);
    const d: SelectedObject = { objectLabel: label, objectType: o?.objectType ?? "seat", categoryKey: o?.categoryKey ?? "" };
    if (d.objectType === "generalAdmission" && quantity !== undefined) d.quantity = quantity;
    return d;
  }

  private fail(label: string, error: HoldError, quantity?: number): void {
    this.config.onHoldFailed?.([this.describe(label, quantity)], error);
    this.announce(`${label}: ${error.message}`);
  }

  private async toggle(label: string): Promise<void> {
    const obj = this.objects.get(label);
    if (!obj || this.pending.has(label) || this.destroyed) return;
    if (obj.objectType === "generalAdmission") return this.toggleArea(obj);
    if (this.selection.has(label)) return this.release(label);
    const st = this.server.get(label)?.status ?? "free";
    if (st !== "free")
      return this.fail(label, { code: "seat_unavailable", message: `${label} is not available`, failed: [{ objectLabel: label, reason: st }] });
    await this.hold(obj, 1);
  }

  private async toggleArea(obj: AreaObject): Promise<void> {
    const label = obj.objectLabel;
    const current = this.selection.get(label)?.quantity ?? 0;
    const capacity = this.server.get(label)?.capacity ?? obj.capacity;
    const remaining = this.server.get(label)?.remaining ?? obj.remaining ?? capacity;
    const room = roomFor(this.config.maxSelectedObjects, this.selection.values(), label, obj.categoryKey);
    const ruleRoom = roomUnderRules(this.rules, this.selection.values(), label, obj.categoryKey);
    if (current === 0 && remaining <= 0)
      return this.fail(label, {
        code: "ga_capacity_exceeded",
        message: `${obj.label} is sold out`,
        failed: [{ objectLabel: label, reason: "sold_out" }],
      });
    if (current === 0 && room < 1) return this.limitFail(obj, 1);
    if (current === 0 && ruleRoom < 1)
      return this.ruleFail(label, checkCounts(this.rules, this.selection.values(), { objectLabel: label, categoryKey: obj.categoryKey, quantity: 1 }), 1);
    const max = Math.max(current, Math.min(remaining + current, room, ruleRoom));
    if (!this.chrome) return;
    const q = await askQuantity(this.chrome.root, { areaName: obj.label, current, max });
    if (q === null || q === current || this.destroyed) return;
    if (q === 0) return this.release(label);
    await this.hold(obj, q);
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

  /** The noOrphanSeats rule for holding the seats `labels`, judged on the map's current picture. */
  private orphanRule(labels: string[]): RuleFailure | null {
    if (!this.rules.noOrphanSeats) return null;
    this.places ??= seatPlaces(this.rows);
    const seat = orphanLeftBy(this.places, labels, (l) => this.isFree(l));
    return seat === null ? null : { reason: "orphan_seat", objectLabel: seat, message: `That would leave seat ${seat} on its own` };
  }

  /** Free as far as the map knows: not ours, no hold or release of ours in flight, and free on the server. */
  private isFree(label: string): boolean {
    return !this.selection.has(label) && !this.pending.has(label) && (this.server.get(label)?.status ?? "free") === "free";
  }

  /** The HoldError of a failed call; a rule refusal also re-reads the rules, which may have changed since the map was drawn. */
  private refused(err: unknown): HoldError {
    const detail: HoldError = err instanceof ApiRequestError ? err.detail : { code: "network_error", message: String(err) };
    if (detail.code === "selection_rule_violated") {
      this.api.selectionRules().then(
        (rules) => (this.rules = rules),
        () => undefined,
      );
    }
    return detail;
  }

  private limitFail(obj: ApiObject, quantity: number): void {
    const v = checkLimit(this.config.maxSelectedObjects, this.selection.values(), { objectLabel: obj.objectLabel, categoryKey: obj.categoryKey, quantity }) ?? {
      reason: "max_total" as const,
      limit: 0,
    };
    this.fail(
      obj.objectLabel,
      { code: "max_selected_objects", message: describeViolation(v), failed: [{ objectLabel: obj.objectLabel, reason: v.reason }] },
      obj.objectType === "generalAdmission" ? quantity : undefined,
    );
  }

  private async hold(obj: ApiObject, quantity: number): Promise<void> {
    const label = obj.objectLabel;
    const ga = obj.objectType === "generalAdmission";
    const next = { objectLabel: label, categoryKey: obj.categoryKey, quantity };
    if (checkLimit(this.config.maxSelectedObjects, this.selection.values(), next)) return this.limitFail(obj, quantity);
    const broken = checkCounts(this.rules, this.selection.values(), next) ?? (ga ? null : this.orphanRule([label]));
    if (broken) return this.ruleFail(label, broken, ga ? quantity : undefined);
    this.pending.add(label);
    try {
      const res = await this.api.hold({
        objectLabels: [label],
        holdToken: this.token,
        ttlSeconds: this.config.ttlSeconds,
        ...(ga ? { objectType: "generalAdmission" as const, quantity } : {}),
      });
      if (this.destroyed) return;
      const before = this.selection.get(label)?.quantity ?? 0;
      const expiresAt = Date.parse(res.holdExpiresAt);
      this.selection.set(label, {
        objectLabel: label,
        objectType: obj.objectType,
        categoryKey: obj.categoryKey,
        quantity,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
      });
      if (ga) this.adjustRemaining(label, before - quantity);
      this.scheduleExpiry();
      this.config.onObjectSelected?.(this.describe(label, quantity));
      this.announce(ga ? `${quantity} held in ${obj.label ?? label}` : `Seat ${label} selected`);
    } catch (err) {
      const detail = this.refused(err);
      const reason = detail.failed?.find((f) => f.objectLabel === label)?.reason;
      // The server knows better than our last update: show the seat as taken right away.
      if (!ga && (reason === "held" || reason === "booked" || reason === "not_for_sale")) this.server.set(label, { objectLabel: label, status: reason });
      this.fail(label, detail, ga ? quantity : undefined);
    } finally {
      this.pending.delete(label);
      this.paint(label);
    }
  }

  private async release(label: string): Promise<void> {
    const held = this.selection.get(label);
    if (!held) return;
    this.pending.add(label);
    try {
      await this.api.release({ objectLabels: [label], holdToken: this.token });
      if (this.destroyed) return;
      this.selection.delete(label);
      this.forgetOwnHold(held);
      this.scheduleExpiry();
      this.config.onObjectDeselected?.(this.describe(label, held.quantity));
      this.announce(`${label} released`);
    } catch (err) {
      // The hold stays; the buyer can try again. Nothing to report through onHoldFailed.
      console.warn("SeatingChart: release failed", err);
    } finally {
      this.pending.delete(label);
      this.paint(label);
    }
  }

  /** Our hold is gone: drop its trace from the server picture until the next update says otherwise. */
  private forgetOwnHold(h: Held): void {
    if (h.objectType === "generalAdmission") this.adjustRemaining(h.objectLabel, h.quantity);
    else this.server.delete(h.objectLabel);
  }

  private adjustRemaining(label: string, delta: number): void {
    const obj = this.objects.get(label);
    const area = obj?.objectType === "generalAdmission" ? obj : undefined;
    const e = this.server.get(label);
    const capacity = e?.capacity ?? area?.capacity ?? 0;
    const remaining = Math.max(0, Math.min(capacity, (e?.remaining ?? area?.remaining ?? capacity) + delta));
    this.server.set(label, {
      ...(e ?? { objectLabel: label, objectType: "generalAdmission" as const }),
      status: remaining > 0 ? "free" : (e?.status ?? "held"),
      capacity,
      remaining,
    });
  }

  private view(label: string): ObjectView {
    const obj = this.objects.get(label);
    const e = this.server.get(label);
    const mine = this.selection.get(label);
    if (obj?.objectType === "generalAdmission") {
      const capacity = e?.capacity ?? obj.capacity ?? 0;
      const remaining = e?.remaining ?? obj.remaining ?? capacity;
      return { status: mine ? "selected" : (e?.status ?? "free"), capacity, remaining, quantity: mine?.quantity };
    }
    return { status: mine ? "selected" : (e?.status ?? "free") };
  }

  private paint(label: string): void {
    this.map?.update(label);
  }

  /**
   * A full picture from the socket or a poll. Returns holds of ours found in it when `restore` is
   * set (first render: a reload in the same tab gets its selection back).
   */
  private takeSnapshot(entries: StatusEntry[], fromPoll: boolean, restore: boolean): Held[] {
    const before = this.server;
    this.server = new Map(entries.map((e) => [e.objectLabel, e]));
    for (const label of this.pending) {
      const old = before.get(label);
      if (old) this.server.set(label, old);
      else this.server.delete(label);
    }
    const restored: Held[] = [];
    if (restore) {
      for (const e of entries) {
        const obj = this.objects.get(e.objectLabel);
        const quantity = e.objectType === "generalAdmission" ? (e.mineQuantity ?? 0) : e.mine ? 1 : 0;
        if (!obj || quantity === 0) continue;
        const expiresAt = e.holdExpiresAt ? Date.parse(e.holdExpiresAt) : NaN;
        const h: Held = {
          objectLabel: e.objectLabel,
          objectType: obj.objectType,
          categoryKey: obj.categoryKey,
          quantity,
          expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined,
        };
        this.selection.set(e.objectLabel, h);
        restored.push(h);
      }
      this.scheduleExpiry();
    }
    for (const h of [...this.selection.values()]) {
      const e = this.server.get(h.objectLabel);
      const ga = h.objectType === "generalAdmission";
      const stillOurs = fromPoll ? (ga ? (e?.mineQuantity ?? 0) > 0 : e?.mine === true && e.status === "held") : ga ? !!e : e?.status === "held";
      if (!stillOurs && !this.pending.has(h.objectLabel)) this.lose(h, e?.status === "booked");
    }
    const labels = new Set([...before.keys(), ...this.server.keys()]);
    for (const label of labels) this.paint(label);
    return restored;
  }

  /** Incremental entries from the socket. */
  private takeChanges(entries: StatusEntry[]): void {
    for (const e of entries) {
      const label = e.objectLabel;
      if (this.pending.has(label)) continue;
      const ga = e.objectType === "generalAdmission" || this.objects.get(label)?.objectType === "generalAdmission";
      const vacant = ga ? e.remaining !== undefined && e.capacity !== undefined && e.remaining >= e.capacity : e.status === "free";
      if (vacant && !ga) this.server.delete(label);
      else this.server.set(label, e);
      const h = this.selection.get(label);
      if (h && (ga ? vacant : e.status !== "held")) this.lose(h, e.status === "booked");
      this.paint(label);
    }
  }

  /** A hold of ours ended elsewhere: booked by the host, released by a secret key, or expired. */
  private lose(h: Held, booked: boolean): void {
    if (!booked && h.expiresAt !== undefined && h.expiresAt <= Date.now() + 2000) {
      this.expire();
      return;
    }
    this.selection.delete(h.objectLabel);
    this.scheduleExpiry();
    if (!booked) this.config.onObjectDeselected?.(this.describe(h.objectLabel, h.quantity));
    this.paint(h.objectLabel);
  }

  private scheduleExpiry(): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    let earliest = Infinity;
    for (const h of this.selection.values()) if (h.expiresAt !== undefined && h.expiresAt < earliest) earliest = h.expiresAt;
    if (earliest === Infinity || this.destroyed) return;
    this.expiryTimer = setTimeout(() => this.expire(), Math.min(Math.max(0, earliest - Date.now()), 2 ** 31 - 1));
  }

  /**
   * The earliest hold ran out: the token's session is over. Everything still held under it is
   * released too, so the map and the server agree, and the host hears onHoldTokenExpired once.
   */
  private expire(): void {
    const held = [...this.selection.values()];
    this.selection.clear();
    this.scheduleExpiry();
    if (held.length === 0) return;
    for (const h of held) this.forgetOwnHold(h);
    void this.api.release({ holdToken: this.token }).catch(() => {
      // Best effort: whatever is left expires on the server by itself.
    });
    held.forEach((h) => this.paint(h.objectLabel));
    this.announce("Your held seats have expired");
    this.config.onHoldTokenExpired?.();
  }

  private announce(text: string): void {
    if (this.chrome) this.chrome.live.textContent = text;
  }
}

/** Resolves in a new task (a message, not a clamped timer), letting input and painting in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
