/**
 * Public types of the browser SDK: the configuration integrators pass to `SeatingChart` and the
 * objects its callbacks receive (docs/sdk.md). The API's bodies are the service's own contract
 * types (src/domain), imported as types only: the bundle carries none of their validation code.
 */
import type { FreedResult, HoldResult } from "../domain/seats";
import type { HoldBestAvailableResult, SelectionRules } from "../domain/selling";
import type { MessageId } from "./catalogs/en";
import type {
  CategoryEntry,
  GaStatusEntry,
  LiveMessage,
  ObjectEntry,
  ObjectsResult,
  SeatStatusEntry,
  Status,
  StatusEntry as ApiStatusEntry,
} from "../domain/status";

export type { CompactObjects, CompactStatus } from "../domain/status";
export type { MessageId } from "./catalogs/en";
export type { FreedResult, HoldBestAvailableResult, HoldResult, LiveMessage, SelectionRules };

export type ObjectType = ObjectEntry["objectType"];
export type SeatStatus = Status;
export type ApiCategory = CategoryEntry;
/** One entry of GET /events/{key}/objects. */
export type ApiObject = ObjectEntry;
export type SeatObject = Extract<ObjectEntry, { objectType: "seat" }>;
export type AreaObject = Extract<ObjectEntry, { objectType: "generalAdmission" }>;
export type ApiObjectsResponse = ObjectsResult;

/**
 * What the map knows of one object's status: an API status entry, of which the compact status
 * form and the chart's own updates carry only some fields.
 */
export type StatusEntry = Pick<ApiStatusEntry, "objectLabel" | "status"> &
  Partial<Pick<ApiStatusEntry, "objectType">> &
  Partial<Pick<SeatStatusEntry, "holdExpiresAt" | "mine">> &
  Partial<Pick<GaStatusEntry, "capacity" | "held" | "booked" | "remaining" | "remainingByChannel" | "mineQuantity">>;

/** What `onObjectSelected` / `onObjectDeselected` receive. */
export interface SelectedObject {
  objectLabel: string;
  objectType: ObjectType;
  categoryKey: string;
  /** GA areas only: how many places this chart holds there. */
  quantity?: number;
}

/** The second argument of `onHoldFailed`. */
export interface HoldError {
  /**
   * An API error code (`seat_unavailable`, `ga_capacity_exceeded`, `selection_rule_violated`,
   * `no_best_available`, …) or an SDK one (`max_selected_objects`, `network_error`). A hold the
   * event's selection rules refuse is `selection_rule_violated` whether the map or the server
   * refused it.
   */
  code: string;
  message: string;
  /** HTTP status when the API answered. */
  status?: number;
  /** Per-label reasons from the API or the SDK (`max_total`, `max_seats_per_token`, `orphan_seat`, `held`, …). */
  failed?: { objectLabel: string; reason: string }[];
}

/** `maxSelectedObjects`: a total cap, or a total and/or caps per category key. GA places count one each. */
export type MaxSelectedObjects = number | { total?: number; perCategory?: Record<string, number> };

/** `chart.holdBestAvailable(…)`: what to ask for (docs/selling-rules.md). */
export interface BestAvailableRequest {
  /** How many seats, 1 to 50 (with `accessible`: their sum, which may be left out). */
  quantity?: number;
  /** Wheelchair spaces and companion seats per space (0..3), all in one run of one row (docs/accessibility.md). */
  accessible?: { wheelchair: number; companions?: number };
  /** Only seats of these category keys. */
  categories?: string[];
  /** Only seats of these section keys. */
  sections?: string[];
  /** Only adjacent seats of one row: no split answer. */
  together?: boolean;
}

/** What `chart.holdBestAvailable(…)` resolves to. */
export interface BestAvailableResult {
  /** The seats now held and selected, in the server's order. */
  objects: SelectedObject[];
  /** True when they are adjacent seats of one row. */
  nextToEachOther: boolean;
}

/** What the seat tooltip shows beyond the map's own data. */
export interface TooltipOptions {
  /**
   * A price per category key: a number (formatted in `currency`) or the text to show ("€45"). Only
   * for an event without prices of its own: the prices the server keeps (docs/prices.md) are shown
   * whenever the event has them.
   */
  prices?: Record<string, number | string>;
  /** ISO 4217 code for numeric prices (default EUR). */
  currency?: string;
}

/** Options of `new Seating.SeatingChart(…)`. */
export interface SeatingChartConfig {
  /** id of the element the map is drawn into. */
  divId: string;
  /** A publishable key (`pk_live_…` or `pk_test_…`); a secret key (`sk_…`) makes the constructor throw before any request. */
  publicKey: string;
  /** The event key (or give `season`). */
  event?: string;
  /**
   * A season key instead of an event (docs/seasons.md): the map shows a seat free only if it is free
   * in every event of the season, and holds it in all of them at once. Updates by polling.
   */
  season?: string;
  maxSelectedObjects?: MaxSelectedObjects;
  /** API origin; defaults to the origin the script was loaded from. */
  apiBaseUrl?: string;
  /** Hold lifetime per hold in seconds (server default 900). */
  ttlSeconds?: number;
  /** Reuse a hold token (at least 8 characters) instead of the per-tab one the SDK keeps. */
  holdToken?: string;
  /**
   * The pools this chart sells from (docs/channels.md): channel keys and/or "NO_CHANNEL" (default
   * ["NO_CHANNEL"], the open pool). Seats outside them are drawn unavailable; holds and best
   * available send these keys.
   */
  channelKeys?: string[];
  /**
   * Passes to protected channels (docs/security.md), issued by the operator's server with a secret key
   * (POST …/channels/{channelKey}/passes) for this buyer: sent with every request as X-Channel-Pass
   * and with the live socket. A protected channel's free seats are drawn as available, and may be
   * held, only with its pass; name the channel in `channelKeys` too to sell from it.
   */
  channelPasses?: string[];
  /** Live updates over WebSocket (default true); false polls the status endpoint instead. */
  live?: boolean;
  /**
   * "map" (the default) draws the seat map; "list" shows the same event as a list of sections,
   * rows and seat buttons (docs/accessibility.md), for screen readers, switches and keyboards. Every map
   * has a "Choose from a list" button that switches too.
   */
  mode?: "map" | "list";
  /**
   * The buyer has stated an accessibility need (docs/accessibility.md): holds send `accessible: true`, so
   * wheelchair spaces and companion seats an event holds back can be held. The list mode's
   * wheelchair filter states it too while it is on.
   */
  accessible?: boolean;
  /** The details of a seat on hover and focus (default on), its price included; false turns them off. */
  tooltip?: boolean | TooltipOptions;
  /** The hold's remaining time over the map while anything is held (default true). */
  holdCountdown?: boolean;
  /** Refusals told on the map itself, in a live region (default true); false leaves them to onHoldFailed. */
  notices?: boolean;
  /**
   * The language the chart speaks (docs/languages.md): a BCP 47 tag such as "de", "de-AT" or "ar".
   * Default: the page's `<html lang>`, else "en". Catalogs: en, de, fr, es, it, nl, pt, pl, ja, ar
   * ("de-AT" speaks German and formats numbers and times the Austrian way); any other language
   * speaks English, with one console warning. "ar" lays the chart out right to left.
   */
  language?: string;
  /**
   * Your own words for single messages, by message id (docs/sdk.md lists them all), in the chart's
   * language: `{ "map.showList": "Pick from a list" }`. Placeholders such as `{label}` and plural
   * forms work as in the catalogs.
   */
  messages?: Partial<Record<MessageId, string>>;
  onObjectSelected?: (object: SelectedObject) => void;
  onObjectDeselected?: (object: SelectedObject) => void;
  /** A hold was refused (by the map's own checks or by the server); `objects` is empty for a best-available request. */
  onHoldFailed?: (objects: SelectedObject[], error: HoldError) => void;
  onHoldTokenExpired?: () => void;
  /**
   * The event's waiting room (docs/waiting-room.md): called when this buyer's place changes and once when
   * admitted (`{ position: 0, admitted: true }`), just before the map is drawn.
   */
  onQueueChanged?: (state: { position: number | null; admitted: boolean }) => void;
  /** Called once the map is drawn (the same moment `render()` resolves). */
  onChartRendered?: (chart: unknown) => void;
}
