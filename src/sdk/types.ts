/**
 * Public types of the browser SDK: the configuration integrators pass to `SeatingChart` and the
 * objects its callbacks receive (contract §7), plus the API shapes the SDK reads.
 */

export type ObjectType = "seat" | "generalAdmission";

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
  /** An API error code (`seat_unavailable`, `ga_capacity_exceeded`, …) or an SDK one (`max_selected_objects`, `unavailable`, `network_error`). */
  code: string;
  message: string;
  /** HTTP status when the API answered. */
  status?: number;
  /** Per-label reasons from the API or the SDK (`max_total`, `max_per_category`, `held`, …). */
  failed?: { objectLabel: string; reason: string }[];
}

/** `maxSelectedObjects`: a total cap, or a total and/or caps per category key. GA places count one each. */
export type MaxSelectedObjects = number | { total?: number; perCategory?: Record<string, number> };

/** Options of `new Seating.SeatingChart(…)`. */
export interface SeatingChartConfig {
  /** id of the element the map is drawn into. */
  divId: string;
  /** A publishable key (`pk_live_…` or `pk_test_…`); never a secret key. */
  publicKey: string;
  /** The event key. */
  event: string;
  maxSelectedObjects?: MaxSelectedObjects;
  /** API origin; defaults to the origin the script was loaded from. */
  apiBaseUrl?: string;
  /** Hold lifetime per hold in seconds (server default 900). */
  ttlSeconds?: number;
  /** Reuse a hold token (at least 8 characters) instead of the per-tab one the SDK keeps. */
  holdToken?: string;
  /** Live updates over WebSocket (default true); false polls the status endpoint instead. */
  live?: boolean;
  onObjectSelected?: (object: SelectedObject) => void;
  onObjectDeselected?: (object: SelectedObject) => void;
  onHoldFailed?: (objects: SelectedObject[], error: HoldError) => void;
  onHoldTokenExpired?: () => void;
  /** Called once the map is drawn (the same moment `render()` resolves). */
  onChartRendered?: (chart: unknown) => void;
}

export interface ApiCategory {
  key: string;
  label: string;
  color: string;
}

/** One entry of GET /events/{key}/objects. x, y and rowLabel are optional drawing hints. */
export interface ApiObject {
  objectLabel: string;
  objectType: ObjectType;
  categoryKey: string;
  sectionKey?: string;
  sectionLabel?: string;
  rowLabel?: string;
  label?: string;
  capacity?: number;
  remaining?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** GA areas: `ellipse` draws the ellipse inscribed in x/y/width/height; a rectangle otherwise. */
  shape?: "rectangle" | "ellipse";
}

export interface ApiObjectsResponse {
  eventKey: string;
  categories: ApiCategory[];
  objects: ApiObject[];
  /** The layout's focal point (the stage), when it has one. */
  focalPoint?: { x: number; y: number };
}

export type SeatStatus = "free" | "held" | "booked" | "not_for_sale";

/** A status entry, from GET /status or the live socket. */
export interface StatusEntry {
  objectLabel: string;
  objectType?: ObjectType;
  status: SeatStatus;
  categoryKey?: string;
  holdExpiresAt?: string;
  mine?: boolean;
  capacity?: number;
  held?: number;
  booked?: number;
  remaining?: number;
  mineQuantity?: number;
}

export interface HoldResponse {
  holdToken?: string;
  holdExpiresAt: string;
  objects: { objectLabel: string; status: string }[];
}
