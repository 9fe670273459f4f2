/**
 * How this chart's holds end without the buyer asking: the server shows one booked by the host,
 * released by a secret key or expired, or the earliest hold runs out on this chart's own clock,
 * which ends the hold token's session. Holds the one expiry timer.
 */
import type { ApiClient } from "./api";
import type { Held, LostHold, MapState } from "./map-state";
import type { PriceBook } from "./prices";
import type { SeatingChartConfig } from "./types";
import type { Words } from "./words";

/** What the hold modules need of the chart they serve. */
export interface HoldContext {
  readonly config: SeatingChartConfig;
  readonly api: ApiClient;
  /** The token every hold of this chart uses. */
  readonly token: string;
  readonly state: MapState;
  /** The chart's language (English until its catalog is loaded). */
  readonly words: Words;
  /** Redraws one object after its view changed (nothing before the map is drawn). */
  paint(label: string): void;
  /** Tells screen-reader users what happened (the map's polite live region). */
  announce(text: string): void;
  /** Tells the buyer why a choice was refused, on the map where they look (an alert), or clears it (null). */
  notify(text: string | null): void;
  /** The element a quantity dialog opens in, null until the map is drawn. */
  dialogHost(): HTMLElement | null;
  isDestroyed(): boolean;
  /** Whether the buyer has stated an accessibility need (docs/accessibility.md): holds then send `accessible: true`. */
  statesNeed?(): boolean;
  /** The event's prices (docs/prices.md): the ticket types a hold sends and the prices it locked; absent without pricing. */
  prices?(): PriceBook | null;
}

/** A hold whose expiry is this close is taken as expired when the server drops it (clocks differ). */
const EXPIRY_SLACK_MS = 2000;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class HoldExpiry {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly chart: HoldContext) {}

  /** Arms the timer for the earliest expiry among the holds (or disarms it when there is none). */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const earliest = this.chart.state.earliestExpiry();
    if (earliest === Infinity || this.chart.isDestroyed()) return;
    this.timer = setTimeout(() => this.expire(), Math.min(Math.max(0, earliest - Date.now()), MAX_TIMER_MS));
  }

  /** Stops the timer for good (the chart is destroyed). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A hold of ours ended elsewhere: booked by the host, released by a secret key, or expired. */
  lose({ held, booked }: LostHold): void {
    const { state, config } = this.chart;
    // An earlier loss in the same picture may have ended the whole session already.
    if (state.selection.get(held.objectLabel) !== held) return;
    if (!booked && held.expiresAt !== undefined && held.expiresAt <= Date.now() + EXPIRY_SLACK_MS) {
      this.expire();
      return;
    }
    state.selection.delete(held.objectLabel);
    this.schedule();
    if (!booked) config.onObjectDeselected?.(state.describe(held.objectLabel, held.quantity));
    this.chart.paint(held.objectLabel);
  }

  /**
   * The earliest hold ran out: the token's session is over. Everything still held under it is
   * released too, so the map and the server agree, and the host hears onHoldTokenExpired once.
   */
  expire(): void {
    const { state, api, token } = this.chart;
    const held: Held[] = [...state.selection.values()];
    state.selection.clear();
    this.schedule();
    if (held.length === 0) return;
    for (const h of held) state.forgetOwnHold(h);
    void api.release({ holdToken: token }).catch(() => {
      // Best effort: whatever is left expires on the server by itself.
    });
    held.forEach((h) => this.chart.paint(h.objectLabel));
    this.chart.announce(this.chart.words.t("announce.expired"));
    this.chart.notify(this.chart.words.t("notice.expired"));
    this.chart.config.onHoldTokenExpired?.();
  }
}
