import type { Accessibility } from "../../domain/accessibility";
import type { Channel, ChannelSummary } from "../../domain/channels";
import type { EventMeta } from "../../domain/events";
import type { ChannelAccess, ChannelPass } from "../../domain/channel-passes";
import { fail, ok, type Outcome } from "../../domain/outcome";
import type { Reservation } from "../../domain/publish-impact";
import type { Pricing } from "../../domain/pricing";
import type { SalesReport } from "../../domain/sales-report";
import type { SalesTimeline } from "../../domain/sales-timeline";
import type { SelectionRules } from "../../domain/selling";
import type { CompactStatus, FullStatus, ObjectsResult, ReportsResult, StatusFormat, StatusQuery } from "../../domain/status";
import type { StatusChangesQuery, StatusChangesResult } from "../../domain/status-changes";
import type { WaitingRoomSummary } from "../../domain/waiting-room";
import type { AccessState } from "../state/accessibility";
import type { AdmissionGate } from "../state/admission-gate";
import type { ChannelState } from "../state/channels";
import type { LayoutIndex } from "../state/layout-index";
import type { PricingState } from "../state/prices";
import type { SellingState } from "../state/selling-state";
import { readChanges, salesTimeline } from "../state/status-history";
import { latestHistorySeq } from "../state/store";
import { NOT_FOUND } from "../state/transaction";
import { maskFor, type ChannelMask } from "./channel-mask";
import { statusVersion } from "./live-since";
import { compactObjectsBody, compactObjectsOf } from "./objects-compact-cache";
import { StatusCache } from "./status-cache";
import { compactOf } from "./status-bodies";
import { salesReportOf } from "./sales-report";
import { reservedObjects, statusEntries } from "./status-reads";
import { objectsOf } from "./object-entries";
import { reportOf } from "./reports";

/** The event as the reads see it: its metadata (null until made) and its current layout. */
export interface EventView {
  readonly meta: EventMeta | null;
  readonly currentLayoutKey: string | null;
  layout(): LayoutIndex;
}

/** A key and the label a person reads for it. */
interface KeyLabel {
  key: string;
  label: string;
}

/**
 * Every read of the event (docs/events.md#reads, docs/selling-rules.md, docs/status-history.md, docs/channels.md, docs/accessibility.md): status in its
 * forms, objects, reports, history, and the configuration as set. The public status view is kept
 * in memory and patched per commit (status-cache.ts); everything else is read when asked.
 */
export class EventReads {
  /** The public status view, kept in memory and patched with each commit's changed labels. */
  readonly statusCache: StatusCache;

  constructor(
    private readonly sql: SqlStorage,
    private readonly event: EventView,
    private readonly now: () => number,
    private readonly kept: { selling: SellingState; channels: ChannelState; access: AccessState; admission: AdmissionGate; pricing: PricingState },
  ) {
    this.statusCache = new StatusCache(() => event.currentLayoutKey);
  }

  /** Runs a read of an existing event: its metadata and layout, or event_not_found. */
  private read<T>(fn: (meta: EventMeta, layout: () => LayoutIndex) => T): Outcome<T> {
    const meta = this.event.meta;
    return meta ? ok(fn(meta, () => this.event.layout())) : NOT_FOUND;
  }

  /** The mask of a reader (docs/security.md): none for a secret key, else every protected channel its passes do not name. */
  private mask(meta: EventMeta, access: ChannelAccess): ChannelMask | null {
    return maskFor(this.sql, access, meta.eventId);
  }

  /** What a status query may see of the protected channels: all for a secret key, else its passes'. */
  private static access(q: StatusQuery): ChannelAccess {
    return q.caller === "secret" ? "all" : (q.passes ?? []);
  }

  status(q: StatusQuery): Outcome<FullStatus> {
    return this.read((meta, layout) => ({
      eventKey: meta.eventKey,
      seq: latestHistorySeq(this.sql),
      objects: statusEntries(this.sql, layout(), meta.layoutVersion !== null, this.now(), q, this.mask(meta, EventReads.access(q))),
    }));
  }

  /**
   * The unfiltered publishable-key status view as a ready UTF-8 JSON body (cached until the next
   * commit or hold expiry). When the caller already has the bytes named `knownTag` and they are
   * still current, only the tag comes back.
   */
  statusBody(format: StatusFormat, knownTag?: string): Outcome<{ tag: string; body?: Uint8Array<ArrayBuffer> }> {
    return this.read((meta, layout) => {
      const cached = this.statusCache.body(this.sql, layout(), meta.layoutVersion !== null, meta.eventKey, this.now(), format);
      return cached.tag === knownTag ? { tag: cached.tag } : { tag: cached.tag, body: cached.bytes };
    });
  }

  /**
   * The unfiltered public view as `holdToken` sees it (the SDK's read; null: no token) and, with
   * channel passes, with the protected channels they name shown (docs/security.md), with the version it
   * reflects, for the live socket's `since`.
   */
  statusForToken(
    format: StatusFormat,
    holdToken: string | null,
    passes: readonly ChannelPass[] = [],
  ): Outcome<{ body: Uint8Array<ArrayBuffer>; version: string; venue: boolean }> {
    return this.read((meta, layout) => {
      const index = layout();
      return {
        body: this.statusCache.forToken(
          this.sql,
          index,
          meta.layoutVersion !== null,
          meta.eventKey,
          this.now(),
          format,
          holdToken,
          passes.length === 0 ? "shared" : this.mask(meta, passes),
        ),
        version: statusVersion(meta.layoutVersion, latestHistorySeq(this.sql)),
        // Whether the map needs the SDK's venue part: told with the status, which answers before the objects.
        venue: index.hasTables || index.zones.length > 0 || index.floors.length > 0,
      };
    });
  }

  /** A compact status view for a filtered or secret read (uncached; extraData is not part of it). */
  statusCompact(q: StatusQuery): Outcome<CompactStatus> {
    return this.read((meta, layout) => {
      const mask = this.mask(meta, EventReads.access(q));
      const entries = statusEntries(this.sql, layout(), meta.layoutVersion !== null, this.now(), { ...q, caller: "public" }, mask);
      return compactOf(meta.eventKey, latestHistorySeq(this.sql), entries, q.holdToken !== undefined);
    });
  }

  /** The objects read; a reader without a protected channel's pass sees its seats in no channel (docs/security.md). */
  objects(labels: string[] | undefined, access: ChannelAccess): Outcome<ObjectsResult> {
    return this.read((meta, layout) => ({ eventKey: meta.eventKey, ...objectsOf(this.sql, layout(), this.now(), labels, this.mask(meta, access)) }));
  }

  /** GET /objects?format=compact: the compact body (objects-compact.ts), its seat part kept per layout, with the seats' channels. */
  objectsCompact(labels: string[] | undefined, access: ChannelAccess): Outcome<{ body: string }> {
    return this.read((meta, layout) => {
      const l = layout();
      const mask = this.mask(meta, access);
      const body =
        labels === undefined
          ? compactObjectsBody(this.sql, l, this.now(), meta.eventKey, mask)
          : compactObjectsOf(meta.eventKey, l.categories, objectsOf(this.sql, l, this.now(), labels, mask).objects, l.focalPoint, l.sectionLabels);
      return { body: this.withChannels(body, mask, labels) };
    });
  }

  /**
   * Adds the seats' channels to a compact objects body (docs/channels.md) as `channels`: seat labels per
   * channel key, without the channels hidden from the reader. Appended to the JSON object, so the
   * body's kept seat part is unchanged.
   */
  private withChannels(body: string, mask: ChannelMask | null, labels?: string[]): string {
    const defs = this.kept.channels.defs().filter((d) => !mask?.hidden.has(d.key));
    if (defs.length === 0) return body;
    const only = labels ? new Set(labels) : null;
    const byChannel: Record<string, string[]> = Object.fromEntries(defs.map((d) => [d.key, [] as string[]]));
    for (const [label, key] of this.kept.channels.seats()) if (only === null || only.has(label)) byChannel[key]?.push(label);
    const end = body.lastIndexOf("}");
    return `${body.slice(0, end)},"channels":${JSON.stringify(byChannel)}${body.slice(end)}`;
  }

  reports(): Outcome<ReportsResult> {
    return this.read((meta, layout) => ({ eventKey: meta.eventKey, ...reportOf(this.sql, layout(), this.now()) }));
  }

  /** The sales report (docs/prices.md): what is booked, at the prices locked with it. */
  salesReport(): Outcome<SalesReport> {
    return this.read((meta, layout) =>
      salesReportOf(this.sql, layout(), this.kept.channels.defs(), (label) => this.kept.channels.channelOf(label), meta.eventKey),
    );
  }

  /** The event's pricing (docs/prices.md), or null without one. */
  pricing(): Outcome<Pricing | null> {
    return this.read(() => this.kept.pricing.current());
  }

  /** A page of the event's status history (docs/status-history.md), from its indexes. */
  statusChanges(q: StatusChangesQuery): Outcome<StatusChangesResult> {
    return this.read(() => readChanges(this.sql, q));
  }

  /** Booked and held places over the event's history in up to `spans` equal spans (the dashboard's sales plot). */
  salesTimeline(spans: number): Outcome<SalesTimeline> {
    return this.read(() => salesTimeline(this.sql, spans));
  }

  /** Held and booked objects with quantities (publish-check). */
  reservations(): Outcome<{ eventKey: string; objects: Reservation[] }> {
    return this.read((meta, layout) => ({ eventKey: meta.eventKey, objects: reservedObjects(this.sql, layout(), this.now()) }));
  }

  /** The layout's GA areas with their capacities (the dashboard's channel editor). */
  gaAreas(): Outcome<{ label: string; capacity: number }[]> {
    return this.read((_, layout) => {
      const areas: { label: string; capacity: number }[] = [];
      for (const o of layout().objects.values()) if (o.objectType === "generalAdmission") areas.push({ label: o.label, capacity: o.capacity ?? 0 });
      return areas;
    });
  }

  /** The names a person reads beside the reports' keys: each category's and each section's label in the event's layout. */
  layoutNames(): Outcome<{ categories: KeyLabel[]; sections: KeyLabel[] }> {
    return this.read((_, layout) => {
      const l = layout();
      const sections = new Map<string, string>();
      for (const o of l.objects.values())
        if (o.sectionKey !== undefined && o.sectionLabel && !sections.has(o.sectionKey)) sections.set(o.sectionKey, o.sectionLabel);
      return { categories: l.categories.map((c) => ({ key: c.key, label: c.label })), sections: [...sections].map(([key, label]) => ({ key, label })) };
    });
  }

  /** The event's channels, seats listed (GET /channels); a publishable key sees a protected channel only with its pass (docs/security.md). */
  channelList(access: ChannelAccess): Outcome<{ channels: Channel[] }> {
    return this.read((meta) => ({ channels: this.kept.channels.read(this.kept.channels.hiddenFor(access, meta.eventId)) }));
  }

  /** What a channel pass is bound to (docs/security.md): the event's id, for a protected channel of the event. */
  passTarget(channelKey: string): Outcome<{ eventId: string }> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const def = this.kept.channels.defs().find((d) => d.key === channelKey);
    if (!def) return fail("not_found", `Channel ${channelKey} does not exist in event ${meta.eventKey}`);
    if (def.protected !== true)
      return fail("conflict", `Channel ${channelKey} is not protected: every buyer may take from it already. Set "protected": true on it first`);
    return ok({ eventId: meta.eventId });
  }

  /** The channels' keys and names (the event record). */
  channelSummary(): ChannelSummary[] {
    return this.event.meta ? this.kept.channels.summary() : [];
  }

  /** What the event record shows of the object, in one call: its selection rules, channels and waiting room. */
  recordParts(): { selectionRules: SelectionRules; channels: ChannelSummary[]; waitingRoom: WaitingRoomSummary | null } {
    if (!this.event.meta) return { selectionRules: {}, channels: [], waitingRoom: null };
    const gate = this.kept.admission.current;
    return {
      selectionRules: this.kept.selling.rules(),
      channels: this.kept.channels.summary(),
      waitingRoom: gate ? { enabled: gate.enabled, opensAt: new Date(gate.opensAt).toISOString() } : null,
    };
  }

  /** The event's selection rules ({} when none). */
  selectionRules(): Outcome<SelectionRules> {
    return this.read(() => this.kept.selling.rules());
  }

  /** The event's hold-back of accessible inventory (docs/accessibility.md). */
  accessibility(): Outcome<Accessibility> {
    return this.read(() => this.kept.access.config());
  }
}
