import { DurableObject } from "cloudflare:workers";
import type { Accessibility } from "../domain/accessibility";
import type { ChannelAccess, ChannelPass } from "../domain/channel-passes";
import type { Channel, ChannelsBody } from "../domain/channels";
import type { EventMeta } from "../domain/events";
import type { IdempotencyClaim, Replayed } from "../domain/idempotency";
import type { FeedCheck, RelayAttachment, RelayMessage } from "../domain/live-relays";
import type { Layout } from "../domain/layout";
import { ok, type Outcome } from "../domain/outcome";
import type { SeasonStep } from "../domain/seasons";
import type { BookRequest, ExtendRequest, HoldCaller, HoldRequest, ReleaseRequest, ResetResult, SaleRequest } from "../domain/seats";
import type { HoldBestAvailableRequest, SelectionRules } from "../domain/selling";
import type { TableBooking } from "../domain/tables";
import type { StatusFormat, StatusQuery } from "../domain/status";
import type { StatusChangesQuery } from "../domain/status-changes";
import type { AdmissionGateConfig } from "../domain/waiting-room";
import type { WebhookQueueBody } from "../domain/webhook-messages";
import type { EventObjectEnv } from "./bindings";
import type { Pricing } from "../domain/pricing";
import * as config from "./decisions/configuration";
import { setPricing } from "./decisions/pricing-decisions";
import type { DecisionParts } from "./decisions/hold-policy";
import * as sale from "./decisions/sale-decisions";
import { setTableBooking } from "./decisions/table-booking";
import type { SeasonBookings } from "./decisions/season-bookings";
import * as season from "./decisions/season-decisions";
import * as seats from "./decisions/seat-decisions";
import { runAlarm } from "./housekeeping/housekeeping";
import type { EventLayout } from "./layout/event-layout";
import { closeQuietly } from "./live/live-broadcast";
import { publicCopies, type CopyRequest } from "./live/public-copies";
import type { StageRequest } from "./layout/staging";
import { objectParts, type ObjectParts } from "./object-parts";
import { ackRows } from "./outbox/outbox";
import type { OutboxSender } from "./outbox/outbox-sender";
import type { EventReads } from "./reads/event-reads";
import { systemClock, type Clock } from "./state/clock";
import { NOT_FOUND, ofEvent } from "./state/transaction";

/**
 * One instance per (workspace, environment, event): the only place seat state changes. This class
 * is the RPC surface the Worker calls (through callEvent, events/event-object-calls.ts) and names
 * each method's collaborator (made in object-parts.ts): decisions/ (every seat decision, a hold
 * under the policy holdPolicy() builds), reads/, live/ (the live feed), housekeeping/ (the alarm),
 * layout/ (publishes, chart moves, convergence on D1) and outbox/; state/ holds what they share.
 * Each decision answers an Outcome value and throws only for a bug (src/README.md "Failures").
 */
export class EventObject extends DurableObject<EventObjectEnv> {
  /** Time as decisions see it; the test build of the object swaps in a clock it can move. */
  protected clock: Clock = systemClock;
  private readonly o: ObjectParts;
  private readonly parts: DecisionParts;
  private readonly reads: EventReads;
  private readonly event: EventLayout;

  constructor(ctx: DurableObjectState, env: EventObjectEnv) {
    super(ctx, env);
    // Read through this object, so that the test build's clock (set after this constructor) is the one used.
    const clock: Clock = { now: () => this.clock.now(), toWall: (ms) => this.clock.toWall(ms) };
    this.o = objectParts(ctx, env, clock, { queue: () => this.webhookQueue(), destroy: () => this.destroy() });
    [this.parts, this.reads, this.event] = [this.o.decisions, this.o.reads, this.o.event];
    void ctx.blockConcurrencyWhile(() => this.o.load());
  }

  /** Where outbox events go; the test build replaces it to hold messages back. */
  protected webhookQueue(): Queue<WebhookQueueBody> {
    return this.env.WEBHOOKS;
  }

  /** The outbox's sender (the test build flushes it on demand). */
  protected get outbox(): OutboxSender {
    return this.o.outbox;
  }

  /** Sets the event up (right after its D1 row is written), wiping what an earlier event of the key left. */
  async init(meta: EventMeta, layout: Layout | null): Promise<{ ok: true }> {
    await this.destroy();
    this.event.init(meta, layout);
    this.reads.statusCache.invalidate();
    this.o.live.stale();
    return { ok: true };
  }

  /** Deletes every trace of the event (DELETE /events/{key}); later calls answer event_not_found. */
  async destroy(): Promise<{ ok: true }> {
    // Relays close their viewers' sockets; the hub's copy is read again (and finds no event).
    this.o.live.close();
    this.o.live.stale();
    await this.o.alarm.clear();
    await this.ctx.storage.deleteAll();
    this.o.ensureSchemas();
    this.o.clear();
    return { ok: true };
  }

  async info(): Promise<EventMeta | null> {
    return this.event.meta;
  }

  async hold(req: HoldRequest, caller: HoldCaller, idem?: IdempotencyClaim) {
    return seats.hold(this.parts, req, caller, idem);
  }
  async holdBestAvailable(req: HoldBestAvailableRequest, caller: HoldCaller, idem?: IdempotencyClaim) {
    return seats.holdBestAvailable(this.parts, req, caller, idem);
  }
  async book(req: BookRequest, idem?: IdempotencyClaim) {
    return seats.bookSeats(this.parts, req, idem);
  }
  async release(req: ReleaseRequest, idem?: IdempotencyClaim) {
    return seats.releaseSeats(this.parts, req, idem);
  }
  async extend(req: ExtendRequest, idem?: IdempotencyClaim) {
    return seats.extendHolds(this.parts, req, idem);
  }
  async notForSale(req: SaleRequest | string[], idem?: IdempotencyClaim) {
    return sale.notForSale(this.parts, req, idem);
  }
  async forSale(req: SaleRequest | string[], idem?: IdempotencyClaim) {
    return sale.forSale(this.parts, req, idem);
  }

  /** Frees every object of a sandbox event; every kept view and socket starts again from storage. */
  async reset(idem?: IdempotencyClaim): Promise<Replayed<Outcome<ResetResult>>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const answer = sale.reset(this.parts, meta, idem);
    this.reads.statusCache.invalidate();
    this.parts.selling.invalidate();
    this.o.live.resend();
    return answer;
  }
  async setSelectionRules(rules: SelectionRules): Promise<Outcome<SelectionRules>> {
    return ofEvent(this.event.meta, () => config.setSelectionRules(this.parts, this.ctx.storage, rules));
  }
  async setAccessibility(body: Accessibility): Promise<Outcome<Accessibility>> {
    return ofEvent(this.event.meta, (meta) => config.setAccessibility(this.parts, meta, body));
  }
  async setChannels(body: ChannelsBody): Promise<Outcome<{ channels: Channel[] }>> {
    return ofEvent(this.event.meta, () => config.setChannels(this.parts, this.ctx.storage, this.event.layout(), body));
  }
  async setAdmissionGate(gate: AdmissionGateConfig): Promise<Outcome<{ eventId: string }>> {
    return ofEvent(this.event.meta, (meta) => config.setAdmissionGate(this.parts, meta, gate));
  }
  async setTableBooking(body: TableBooking): Promise<Outcome<TableBooking>> {
    return ofEvent(this.event.meta, () => setTableBooking(this.parts, this.ctx.storage, this.event.layout(), () => this.clock.now(), body));
  }
  async tableBooking(): Promise<Outcome<TableBooking>> {
    return ofEvent(this.event.meta, () => ok(this.parts.tableBooking.current()));
  }
  async setPricing(pricing: Pricing | null): Promise<Outcome<Pricing | null>> {
    return ofEvent(this.event.meta, () => setPricing(this.parts, this.event.layout(), pricing));
  }
  async status(q: StatusQuery) {
    return this.reads.status(q);
  }
  async statusBody(format: StatusFormat, knownTag?: string) {
    return this.reads.statusBody(format, knownTag);
  }
  async statusForToken(format: StatusFormat, holdToken: string | null, passes?: ChannelPass[]) {
    return this.reads.statusForToken(format, holdToken, passes);
  }
  async statusCompact(q: StatusQuery) {
    return this.reads.statusCompact(q);
  }
  async objects(labels: string[] | undefined, access: ChannelAccess) {
    return this.reads.objects(labels, access);
  }
  async objectsCompact(labels: string[] | undefined, access: ChannelAccess) {
    return this.reads.objectsCompact(labels, access);
  }
  async reports() {
    return this.reads.reports();
  }
  async salesReport() {
    return this.reads.salesReport();
  }
  async pricing() {
    return this.reads.pricing();
  }
  async statusChanges(q: StatusChangesQuery) {
    return this.reads.statusChanges(q);
  }
  async salesTimeline(spans: number) {
    return this.reads.salesTimeline(spans);
  }
  async reservations() {
    return this.reads.reservations();
  }
  async gaAreas() {
    return this.reads.gaAreas();
  }
  async layoutNames() {
    return this.reads.layoutNames();
  }
  async channelList(access: ChannelAccess) {
    return this.reads.channelList(access);
  }
  async channelPassTarget(channelKey: string) {
    return this.reads.passTarget(channelKey);
  }
  async channelSummary() {
    return this.reads.channelSummary();
  }
  async recordParts() {
    return this.reads.recordParts();
  }
  async selectionRules() {
    return this.reads.selectionRules();
  }
  async accessibility() {
    return this.reads.accessibility();
  }
  async seasonPrepare(step: SeasonStep, caller: HoldCaller) {
    return season.seasonPrepare(this.parts, step, caller);
  }
  async seasonCommit(actionId: string) {
    return season.seasonCommit(this.parts, actionId);
  }
  async seasonAbort(actionId: string) {
    return season.seasonAbort(this.parts, actionId);
  }
  async seasonUse(seasonKey: string): Promise<Outcome<{ inUse: boolean }>> {
    return ofEvent(this.event.meta, () => ok(season.seasonUse(this.parts, seasonKey, this.clock.now())));
  }
  async seasonBooked(seasonKey: string): Promise<Outcome<SeasonBookings>> {
    return ofEvent(this.event.meta, () => ok(season.seasonBooked(this.parts, seasonKey)));
  }
  async seasonBookInit(seasonKey: string, booked: SeasonBookings) {
    return season.seasonBookInit(this.parts, seasonKey, booked);
  }

  /** Phase 1 of a publish; refused with `failed` when reservations conflict and not forced. */
  async stagePublish(req: StageRequest): Promise<Outcome<{ staged: true }>> {
    const staged = await this.event.stagePublish(req);
    this.reads.statusCache.invalidate();
    return staged;
  }
  async commitPublish(stageId: string): Promise<Outcome<{ layoutVersion: number | null }>> {
    return this.event.commitPublish(stageId);
  }
  async abortPublish(stageId: string): Promise<{ ok: true }> {
    this.event.abortPublish(stageId);
    return { ok: true };
  }
  async reconcile(): Promise<Outcome<{ layoutVersion: number | null }>> {
    return this.event.reconcile();
  }
  async moveToChart(chartId: string, chartKey: string, layoutVersion: number | null) {
    return this.event.moveToChart(chartId, chartKey, layoutVersion);
  }

  /** The consumer stored these outbox rows' deliveries; a confirmation for an earlier event of the key is ignored. */
  async ackOutbox(eventId: string, seqs: number[]): Promise<{ acked: number }> {
    return { acked: this.event.meta?.eventId === eventId ? ackRows(this.ctx.storage.sql, seqs) : 0 };
  }

  override async alarm(): Promise<void> {
    this.o.alarm.fired();
    const meta = this.event.meta;
    if (meta) await runAlarm(this.o.housekeeping, meta);
  }
  /** A relay asks to be fed: the whole public view now, then every message (docs/live-crowd.md). */
  async attachRelay(index: number): Promise<Outcome<RelayAttachment>> {
    return this.o.live.attach(index);
  }
  async detachRelay(index: number): Promise<{ ok: true }> {
    return this.o.live.detach(index);
  }
  async checkRelay(index: number): Promise<FeedCheck> {
    return this.o.live.check(index);
  }
  async liveSince(seq: number): Promise<Outcome<RelayMessage>> {
    return this.o.live.since(seq);
  }
  /** The publishable reads the hub answers its crowd from (at most 10 calls a second). */
  async publicCopies(requests: CopyRequest[]) {
    return publicCopies(this.reads, this.ctx.storage.sql, this.clock, this.o.live.hub, requests);
  }
  /** The feed's figures: relays fed by this object, and its messages per second over the last 10 s. */
  async liveStats() {
    return this.o.live.stats();
  }
  /** WebSocket upgrades of viewers with a channel pass or a secret key (the crowd's are on relays). */
  override async fetch(request: Request): Promise<Response> {
    return this.o.live.accept(request);
  }
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send(JSON.stringify({ type: "pong" })); // keeps intermediaries from closing an idle socket
  }
  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(ws, code, reason);
  }

  /** The clock jumped (the test build moves it): the hub's copy may show holds that have expired since. */
  protected clockMoved(): void {
    this.o.live.stale();
  }
}
