import type { z } from "@hono/zod-openapi";
import type { holdRequestSchema, releaseRequestSchema } from "../domain/seats";
import type { SeasonActionResult } from "../domain/seasons";
import type { Pricing } from "../domain/pricing";
import { ApiClient, ApiRequestError, type ObjectsRead, type StatusRead } from "./api";
import type { FreedResult, HoldBestAvailableResult, HoldResult, SelectionRules, StatusEntry } from "./types";

/** Which status wins when a seat differs between the season's events: the most taken. */
const RANK: Record<string, number> = { free: 0, not_for_sale: 1, held: 2, booked: 3 };

/**
 * The seat map's calls for a season (`new SeatingChart({ season })`, docs/seasons.md): the map is
 * drawn from the first event's objects; a seat is free only if it is free in every event of the
 * season, and the token's own only if it holds it in every event; holds and releases go through
 * the season routes, atomic across the events. The season's events are read once, from its record.
 */
export class SeasonApiClient extends ApiClient {
  private eventKeys: string[] = [];
  private loading: Promise<string[]> | null = null;

  constructor(
    baseUrl: string,
    publicKey: string,
    private readonly seasonKey: string,
  ) {
    super(baseUrl, publicKey, seasonKey);
  }

  private get seasonUrl(): string {
    return `${this.baseUrl}/api/v1/seasons/${encodeURIComponent(this.seasonKey)}`;
  }

  /** The first event of the season: its layout is the season's (one chart). */
  override get eventUrl(): string {
    return `${this.baseUrl}/api/v1/events/${encodeURIComponent(this.eventKeys[0] ?? this.seasonKey)}`;
  }

  /** The season's events, read once. */
  async events(): Promise<string[]> {
    this.loading ??= this.request<{ eventKeys: string[] }>("GET", "", undefined, this.seasonUrl).then((r) => (this.eventKeys = r.body.eventKeys));
    return this.loading;
  }

  override async objects(): Promise<ObjectsRead> {
    await this.events();
    return super.objects();
  }

  /** The season's prices (docs/prices.md): what its holds lock, once for all its events. */
  override async pricing(): Promise<Pricing | null> {
    return (await this.request<Pricing | null>("GET", "/pricing", undefined, this.seasonUrl)).body ?? null;
  }

  override async selectionRules(): Promise<SelectionRules> {
    await this.events();
    return super.selectionRules();
  }

  /** Every event's status as the token sees it, merged: taken anywhere is taken; mine only if mine everywhere. */
  override async status(holdToken: string, opts: { expiries?: boolean } = {}): Promise<StatusRead> {
    const keys = await this.events();
    const reads = await Promise.all(
      keys.map((k) => {
        const event = new ApiClient(this.baseUrl, this.publicKey, k);
        event.passes = this.passes;
        return event.status(holdToken, opts);
      }),
    );
    const merged = new Map<string, StatusEntry>();
    const mine = new Map<string, number>();
    for (const read of reads) {
      for (const e of read.entries) {
        const prev = merged.get(e.objectLabel);
        if (e.objectType !== "seat") {
          if (!prev) merged.set(e.objectLabel, e);
          continue;
        }
        if (e.mine) mine.set(e.objectLabel, (mine.get(e.objectLabel) ?? 0) + 1);
        if (!prev || (RANK[e.status] ?? 0) > (RANK[prev.status] ?? 0)) merged.set(e.objectLabel, { ...e });
      }
    }
    for (const [label, e] of merged) {
      if (e.objectType !== "seat") continue;
      if (mine.get(label) === keys.length) e.mine = true;
      else delete e.mine;
    }
    return { entries: [...merged.values()], version: null, seq: null };
  }

  override async hold(body: z.input<typeof holdRequestSchema>): Promise<HoldResult> {
    const r = (await this.request<SeasonActionResult>("POST", "/seats/hold", body, this.seasonUrl)).body;
    return {
      chartKey: "",
      eventKey: this.seasonKey,
      holdToken: r.holdToken ?? body.holdToken,
      holdExpiresAt: r.holdExpiresAt ?? new Date().toISOString(),
      objects: r.objects.map((o) => ({
        objectLabel: o.objectLabel,
        status: "held" as const,
        extraData: o.extraData ?? null,
        ...(o.price ? { price: o.price } : {}),
      })),
      ...(r.total ? { total: r.total } : {}),
    };
  }

  override async release(body: z.input<typeof releaseRequestSchema>): Promise<FreedResult> {
    const r = (await this.request<SeasonActionResult>("POST", "/seats/release", body, this.seasonUrl)).body;
    return { eventKey: this.seasonKey, objects: r.objects.map((o) => ({ objectLabel: o.objectLabel, status: "free" as const })) };
  }

  /** A season's map is not queued: its holds go through the season's routes, not one event's room. */
  override async waitingRoom(): Promise<null> {
    return null;
  }

  override async holdBestAvailable(): Promise<HoldBestAvailableResult> {
    throw new ApiRequestError({ code: "validation_failed", message: "Best available is not offered on a season", status: 400 });
  }
}
