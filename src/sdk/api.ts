import type { z } from "@hono/zod-openapi";
import type { holdRequestSchema, releaseRequestSchema } from "../domain/seats";
import type { holdBestAvailableRequestSchema } from "../domain/selling";
import type { EventRecord } from "../domain/events";
import type { Pricing } from "../domain/pricing";
import type { JoinResult, TicketStatus, WaitingRoomSummary } from "../domain/waiting-room";
import { decodeObjects, needsVenue } from "./objects-compact";
import type { VenuePart } from "./venue-part";

/** What the objects read needs of the venue part: its reader of the compact form. */
export type VenueReading = Pick<VenuePart, "venueReader">;
import type {
  ApiObjectsResponse,
  CompactObjects,
  CompactStatus,
  FreedResult,
  HoldBestAvailableResult,
  HoldError,
  HoldResult,
  SeatObject,
  SelectionRules,
  StatusEntry,
} from "./types";

/** An API answer other than 2xx, or a network failure (status 0), carried as the SDK's HoldError. */
export class ApiRequestError extends Error {
  readonly detail: HoldError;

  constructor(detail: HoldError) {
    super(detail.message);
    this.name = "ApiRequestError";
    this.detail = detail;
  }
}

/** What the objects read gives the map: the full form's body, plus the layout's rows in physical order. */
export interface ObjectsRead extends ApiObjectsResponse {
  rows: SeatObject[][];
  /** Seat labels per channel key (docs/channels.md); absent when the event has no channels. */
  channels?: Record<string, string[]>;
  /** What read the layout's tables, booths, floors and zones (the SDK's venue part, parts.ts); absent when it has none. */
  venue?: VenueReading;
}

/**
 * The few public-key calls the seat map makes. Every request carries X-Api-Key; the API routes
 * answer CORS, so the page may live on any origin.
 */
export class ApiClient {
  /** The waiting room's admission (docs/waiting-room.md), sent as X-Admission with every request once admitted. */
  admission: string | null = null;
  /**
   * Channel passes (docs/security.md), sent as X-Channel-Pass with every request and in the live
   * socket's `pass`: the protected channels they open are drawn and held like any other pool.
   */
  passes: readonly string[] = [];
  /**
   * Loads what reads tables, booths, floors and zones from the compact form: the SDK's venue part
   * (parts.ts), which the chart sets; the dashboard's box office gives the reader alone. Without it
   * a layout's tables and booths are left out of the objects read.
   */
  loadVenue: (() => Promise<VenueReading>) | null = null;

  constructor(
    protected readonly baseUrl: string,
    protected readonly publicKey: string,
    protected readonly eventKey: string,
  ) {}

  /** The event's URL prefix, e.g. https://host/api/v1/events/gala-2026 */
  get eventUrl(): string {
    return `${this.baseUrl}/api/v1/events/${encodeURIComponent(this.eventKey)}`;
  }

  /** The WebSocket URL of the live feed: same origin, ws(s) scheme, key in the query (browsers cannot set headers on a socket). */
  get liveUrl(): string {
    const url = new URL(`${this.eventUrl}/live`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("key", this.publicKey);
    if (this.passes.length > 0) url.searchParams.set("pass", this.passes.join(","));
    return url.toString();
  }

  /**
   * Every object of the event, fetched in the compact form (about 1% of the full form's bytes on a
   * stadium). A layout with tables, booths, floors or zones (docs/tables.md) loads the SDK's venue
   * part as soon as its objects arrive, while the map's other reads are still under way; a part
   * that cannot be loaded fails the read, and the chart tells the buyer why.
   */
  async objects(): Promise<ObjectsRead> {
    const body = (await this.request<CompactObjects>("GET", "/objects?format=compact")).body;
    const venue = needsVenue(body) && this.loadVenue ? await this.loadVenue() : undefined;
    const rows: SeatObject[][] = [];
    const objects = decodeObjects(body, rows, venue);
    const out: ObjectsRead = { eventKey: body.eventKey, categories: body.categories ?? [], objects, rows };
    if (venue) out.venue = venue;
    if (body.focalPoint) out.focalPoint = body.focalPoint;
    if (body.channels) out.channels = body.channels;
    if (body.zones) out.zones = body.zones;
    if (body.floors) out.floors = body.floors;
    if (body.sectionLabels) out.sectionLabels = body.sectionLabels;
    return out;
  }

  /**
   * Everything a map is drawn from, read in parallel: the objects, the status as `holdToken` sees
   * it (with its own holds' expiries) and the selection rules. The rules only sharpen what the map
   * says before asking, and the server enforces them anyway, so a map that cannot read them still
   * draws (with none).
   */
  async mapRead(holdToken: string): Promise<{ objects: ObjectsRead; status: StatusRead; rules: SelectionRules; pricing: Pricing | null }> {
    const [objects, status, rules, pricing] = await Promise.all([
      this.objects(),
      this.status(holdToken, { expiries: true }),
      this.selectionRules().catch((): SelectionRules => ({})),
      // Prices only add words to the map, and the server prices every hold anyway: a map that cannot read them still draws.
      this.pricing().catch(() => null),
    ]);
    return { objects, status, rules, pricing };
  }

  /** The event's prices (docs/prices.md), null when it sells without. */
  async pricing(): Promise<Pricing | null> {
    return (await this.request<Pricing | null>("GET", "/pricing")).body ?? null;
  }

  /** The event's selection rules (docs/selling-rules.md), which the map applies before asking the server. */
  async selectionRules(): Promise<SelectionRules> {
    return (await this.request<SelectionRules>("GET", "/selection-rules")).body ?? {};
  }

  /**
   * The status as `holdToken` sees it, read in the compact form, and the version it reflects (for
   * the live socket's `since`). With `expiries`, this token's own holds are read again in the full
   * form for their expiry times, which the compact form leaves out (only when it holds anything).
   */
  async status(holdToken: string, { expiries = false } = {}): Promise<StatusRead> {
    const token = encodeURIComponent(holdToken);
    const { body, headers } = await this.request<CompactStatus>("GET", `/status?holdToken=${token}&format=compact`);
    // The server says the layout needs the venue part: its load starts now, not after the objects arrive.
    if (headers.get("map-parts") === "venue") this.loadVenue?.().catch(() => {});
    const entries = entriesOf(body);
    const mine = entries.filter((e) => e.mine || (e.mineQuantity ?? 0) > 0).map((e) => e.objectLabel);
    if (expiries && mine.length > 0) {
      const when = new Map<string, string>();
      for (let i = 0; i < mine.length; i += 200) {
        const labels = mine
          .slice(i, i + 200)
          .map(encodeURIComponent)
          .join(",");
        const full = (await this.request<{ objects: StatusEntry[] }>("GET", `/status?holdToken=${token}&labels=${labels}`)).body;
        for (const e of full.objects ?? []) if (e.holdExpiresAt) when.set(e.objectLabel, e.holdExpiresAt);
      }
      for (const e of entries) if (when.has(e.objectLabel)) e.holdExpiresAt = when.get(e.objectLabel);
    }
    return { entries, version: headers.get("status-version"), seq: typeof body.seq === "number" ? body.seq : null };
  }

  async hold(body: z.input<typeof holdRequestSchema>): Promise<HoldResult> {
    return (await this.request<HoldResult>("POST", "/seats/hold", body)).body;
  }

  async holdBestAvailable(body: z.input<typeof holdBestAvailableRequestSchema>): Promise<HoldBestAvailableResult> {
    return (await this.request<HoldBestAvailableResult>("POST", "/seats/hold-best-available", body)).body;
  }

  async release(body: z.input<typeof releaseRequestSchema>): Promise<FreedResult> {
    return (await this.request<FreedResult>("POST", "/seats/release", body)).body;
  }

  /**
   * The event's waiting room as its record tells it (docs/waiting-room.md), null when it has none: the map
   * joins the queue only when the room is enabled, so an event without one costs no failed request.
   */
  async waitingRoom(): Promise<WaitingRoomSummary | null> {
    return (await this.request<Pick<EventRecord, "waitingRoom">>("GET", "")).body.waitingRoom ?? null;
  }

  /** Joins the event's waiting room (404 when it has none). */
  async joinWaitingRoom(): Promise<JoinResult> {
    return (await this.request<JoinResult>("POST", "/waiting-room/join")).body;
  }

  /** A waiting-room ticket's place, and its admission once admitted. */
  async waitingRoomTicket(ticket: string): Promise<TicketStatus> {
    return (await this.request<TicketStatus>("GET", `/waiting-room/tickets/${encodeURIComponent(ticket)}`)).body;
  }

  /** One request to `base` + `path` (the event's URL unless told otherwise). */
  protected async request<T>(method: string, path: string, body?: unknown, base = this.eventUrl): Promise<{ body: T; headers: Headers }> {
    const headers: Record<string, string> = { "X-Api-Key": this.publicKey };
    if (this.admission !== null) headers["X-Admission"] = this.admission;
    if (this.passes.length > 0) headers["X-Channel-Pass"] = this.passes.join(",");
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new ApiRequestError({ code: "network_error", message: err instanceof Error ? err.message : "Network error", status: 0 });
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer (a proxy's HTML page, say) is reported below with the HTTP status.
    }
    if (!res.ok) {
      const env = (parsed ?? {}) as { code?: string; message?: string; failed?: HoldError["failed"] };
      throw new ApiRequestError({
        code: env.code ?? `http_${res.status}`,
        message: env.message ?? `HTTP ${res.status}`,
        status: res.status,
        failed: env.failed,
      });
    }
    return { body: parsed as T, headers: res.headers };
  }
}

/** A status read: entries as the full form would list them (minus expiries unless asked) and its version. */
export interface StatusRead {
  entries: StatusEntry[];
  /** The Status-Version header: open the live socket with since=<this> to skip its snapshot. */
  version: string | null;
  /** The latest status change the read includes (the body's `seq`): live messages up to it are already drawn. */
  seq: number | null;
}

/** Status entries from the compact form: seats with `mine` where the token holds them, GA areas with their counts. */
export function entriesOf(body: Partial<CompactStatus>): StatusEntry[] {
  const mine = new Set(body.mine ?? []);
  const out: StatusEntry[] = [];
  for (const status of ["held", "booked", "not_for_sale"] as const) {
    for (const objectLabel of body.statuses?.[status] ?? []) {
      const e: StatusEntry = { objectLabel, objectType: "seat", status };
      if (mine.has(objectLabel)) e.mine = true;
      out.push(e);
    }
  }
  for (const g of body.ga ?? []) out.push({ ...g, objectType: "generalAdmission" });
  return out;
}
