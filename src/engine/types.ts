import type { Environment } from "../db/schema";
import type { FailedEntry } from "../http/errors";

/** What an event Durable Object knows about itself; set by `init` when the event is created. */
export interface EventMeta {
  workspaceId: string;
  environment: Environment;
  eventKey: string;
  eventId: string;
  chartId: string;
  chartKey: string;
  /** The chart's published version the current layout index came from; null when unpublished. */
  layoutVersion: number | null;
  createdAt: string;
}

/** Failure codes an engine call returns; the router maps each to an HTTP status in one place. */
export type EngineErrorCode = "event_not_found" | "seat_unavailable" | "ga_capacity_exceeded" | "validation_failed" | "sandbox_only" | "conflict";

/** A refused decision: nothing changed. */
export interface EngineFailure {
  ok: false;
  code: EngineErrorCode;
  message: string;
  failed?: FailedEntry[];
  errors?: Record<string, string[]>;
}

export type Outcome<T> = ({ ok: true } & T) | EngineFailure;

/** Shorthand for a failure value. */
export function fail(code: EngineErrorCode, message: string, extra: { failed?: FailedEntry[]; errors?: Record<string, string[]> } = {}): EngineFailure {
  return { ok: false, code, message, ...extra };
}

/** The caller, as far as the engine cares: secret keys see extraData and may release booked seats. */
export type CallerKind = "public" | "secret";

export interface HoldRequest {
  objectLabels: string[];
  holdToken: string;
  ttlSeconds: number;
  extraData?: Record<string, unknown> | null;
  objectType?: "generalAdmission";
  categoryKey?: string;
  quantity?: number;
}

export interface HoldObject {
  objectLabel: string;
  status: "held";
  extraData: Record<string, unknown> | null;
  quantity?: number;
}

/** The hold response of interface.md (also returned by extend). */
export interface HoldResult {
  chartKey: string;
  eventKey: string;
  holdToken: string;
  holdExpiresAt: string;
  objects: HoldObject[];
}

export interface BookRequest {
  objectLabels: string[];
  holdToken: string;
}

export interface BookedObject {
  objectLabel: string;
  status: "booked";
  bookedAt: string;
  extraData: Record<string, unknown> | null;
  quantity?: number;
}

export interface ReleaseRequest {
  objectLabels?: string[];
  holdToken?: string;
  caller: CallerKind;
}

export interface FreedObject {
  objectLabel: string;
  status: "free";
  quantity?: number;
}

export interface ExtendRequest {
  holdToken: string;
  ttlSeconds: number;
  objectLabels?: string[];
}

/** A status entry (interface.md "Event status entry"). */
export interface StatusEntry {
  objectLabel: string;
  objectType: "seat" | "generalAdmission";
  status: "free" | "held" | "booked" | "not_for_sale";
  categoryKey: string | null;
  holdExpiresAt?: string;
  mine?: boolean;
  extraData?: Record<string, unknown> | null;
  capacity?: number;
  held?: number;
  booked?: number;
  remaining?: number;
  mineQuantity?: number;
}

export interface StatusQuery {
  holdToken?: string;
  labels?: string[];
  caller: CallerKind;
}

/** A held or booked object as the publish check sees it. */
export interface ReservedObject {
  objectLabel: string;
  objectType: "seat" | "generalAdmission";
  categoryKey: string | null;
  held: number;
  booked: number;
}
