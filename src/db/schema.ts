import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTOR_TYPES } from "../domain/audit";
import { ROLES } from "../domain/roles";
import { ENVIRONMENTS } from "../domain/scope";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  workspaceKey: text("workspace_key").notNull().unique(),
  name: text("name").notNull(),
  /** Random per-workspace input of the publishable-key derivation; not a key by itself. */
  publicKeySalt: text("public_key_salt").notNull(),
  createdAt: text("created_at").notNull().default(now),
});

/**
 * API keys: only the SHA-256 hash of a key is stored. A publishable key is derived from
 * PUBLIC_KEY_SECRET and its row's random salt, so the operator API can show it again without D1
 * ever holding a plaintext key. Rotating a publishable key gives the environment a new row (a new
 * salt) and keeps the previous one until `expiresAt`, its grace period; the signing secret of
 * waiting-room admissions and channel passes is derived from the same salt, so it rotates with the
 * key (db/signing-secrets.ts).
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
    kind: text("kind", { enum: ["public", "secret"] }).notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: text("created_at").notNull().default(now),
    /** Publishable keys: the derivation's random input (not a key by itself). Null for secret keys. */
    salt: text("salt"),
    /** Epoch ms after which a rotated-out key no longer authenticates; null for the current key. */
    expiresAt: integer("expires_at"),
  },
  // One current key per kind and environment; rotated-out publishable keys wait beside it until they expire.
  (t) => [
    uniqueIndex("api_keys_one_current")
      .on(t.workspaceId, t.environment, t.kind)
      .where(sql`expires_at IS NULL`),
  ],
);

export const charts = sqliteTable(
  "charts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    chartKey: text("chart_key").notNull(),
    name: text("name").notNull(),
    draftVersion: integer("draft_version").notNull(),
    publishedVersion: integer("published_version"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    publishedAt: text("published_at"),
  },
  // charts_key: a chart key the workspace lacks is looked up across workspaces, to answer another
  // workspace's chart with 403 rather than 404 (docs/api.md#authentication-and-keys).
  (t) => [uniqueIndex("charts_workspace_key").on(t.workspaceId, t.chartKey), index("charts_key").on(t.chartKey)],
);

/**
 * Layout snapshots, one per (chart, version), split into parts because a 100,000-seat layout is
 * larger than D1's 2 MB value limit. Only the draft and the published version are kept.
 */
export const chartLayouts = sqliteTable(
  "chart_layouts",
  {
    chartId: text("chart_id")
      .notNull()
      .references(() => charts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    part: integer("part").notNull(),
    body: text("body").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chartId, t.version, t.part] })],
);

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
    eventKey: text("event_key").notNull(),
    chartId: text("chart_id")
      .notNull()
      .references(() => charts.id),
    createdAt: text("created_at").notNull(),
    /** docs/channels.md: the event's display name and start, both optional. */
    name: text("name"),
    startsAt: text("starts_at"),
    /** The venue's IANA time zone; null reads as UTC. */
    timeZone: text("time_zone"),
  },
  (t) => [
    uniqueIndex("events_workspace_env_key").on(t.workspaceId, t.environment, t.eventKey),
    index("events_chart").on(t.chartId),
    index("events_key").on(t.eventKey),
  ],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
    url: text("url").notNull(),
    /** JSON array of subscribed event types. */
    events: text("events").notNull(),
    description: text("description").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Signing secret: needed in clear to compute HMACs; shown to the user only once. */
    secret: text("secret").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("webhook_endpoints_scope").on(t.workspaceId, t.environment)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The exact envelope JSON that is signed and sent on every attempt. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** When the next retry is due while the delivery is pending after a failure (migration 0004). */
    nextAttemptAt: text("next_attempt_at"),
    /**
     * While pending: when the endpoint's scheduler drives the delivery again if no attempt has
     * happened by then (epoch ms), so a lost queue message delays a delivery but never loses it.
     */
    dueAt: integer("due_at"),
    /** Attempts in the current run (a replay starts a new run); bounds the retries. */
    runAttempts: integer("run_attempts").notNull().default(0),
    /**
     * The envelope's extraData, kept once in webhook_extra_data (docs/security.md): `payload` then has
     * `"extraData":null` and this names the text (its SHA-256). Null when the payload is whole (no
     * extraData, or a delivery stored before extraData was kept apart).
     */
    extraHash: text("extra_hash"),
  },
  (t) => [
    index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_once").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due").on(t.endpointId, t.status, t.dueAt),
    // The retention job deletes by age across every endpoint.
    index("webhook_deliveries_created").on(t.createdAt),
    // The retention job keeps the extraData texts some delivery still names.
    index("webhook_deliveries_extra").on(t.extraHash),
  ],
);

/**
 * The extraData of webhook deliveries, each text once (docs/security.md): a 200-seat hold with 1 KiB of
 * extraData sends 200 seat events to every endpoint, and their deliveries name one row here
 * instead of carrying 200 copies per endpoint. `usedAt` (epoch ms) moves each time a delivery names
 * the text; the retention job deletes texts no delivery names that were last used over a day ago.
 */
export const webhookExtraData = sqliteTable("webhook_extra_data", {
  /** SHA-256 (hex) of the text. */
  hash: text("hash").primaryKey(),
  body: text("body").notNull(),
  usedAt: integer("used_at").notNull(),
});

/**
 * Test sends and replays of the last minute, one row each (docs/security.md: at most 10 per endpoint
 * per minute together). A send is admitted by one INSERT … WHERE count < limit, so concurrent
 * sends never pass the limit together; rows older than the minute are deleted as new ones come.
 */
export const webhookManualSends = sqliteTable(
  "webhook_manual_sends",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** Epoch ms of the send. */
    at: integer("at").notNull(),
  },
  (t) => [index("webhook_manual_sends_endpoint").on(t.endpointId, t.at)],
);

/** One row per HTTP attempt of a delivery: the detail of the delivery log (migration 0004). */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** 1-based over the delivery's whole life, replays included. */
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("webhook_attempts_delivery").on(t.deliveryId, t.attempt)],
);

/**
 * One-time dashboard sign-in links (docs/dashboard.md): only the SHA-256 hash of a link's token is
 * stored. Opening the link deletes its row, so a link starts at most one session.
 */
export const dashboardLinks = sqliteTable(
  "dashboard_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /**
     * The member the link signs in (docs/team.md). Null only for a link made before members existed,
     * which the upgrade gave to the workspace's first owner; a removed member's links go with them.
     */
    memberId: text("member_id").references(() => members.id, { onDelete: "cascade" }),
    /** `sign_in` (the operator's, 15 minutes) or `invitation` (the Team page's, 7 days). */
    purpose: text("purpose", { enum: ["sign_in", "invitation"] })
      .notNull()
      .default("sign_in"),
    /** Epoch ms after which the link no longer signs anyone in. */
    expiresAt: integer("expires_at").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("dashboard_links_expiry").on(t.expiresAt)],
);

/**
 * Dashboard sessions: the cookie carries a random token, D1 keeps only its SHA-256 hash and the
 * expiry, so a copy of the table signs nobody in and signing out (deleting the row) ends the
 * session at once.
 */
export const dashboardSessions = sqliteTable(
  "dashboard_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Epoch ms at which the session ends, whatever the cookie says (12 hours after it started). */
    expiresAt: integer("expires_at").notNull(),
    createdAt: text("created_at").notNull(),
    /**
     * The session's public name (`ses_…`), by which the Team page lists and revokes it; the token
     * itself is never shown. Null only on a session older than members, given one by the upgrade.
     */
    sessionId: text("session_id").unique(),
    /** Whose session it is (docs/team.md): a member, whatever started it. Removing the member ends it. */
    memberId: text("member_id").references(() => members.id, { onDelete: "cascade" }),
    /** Epoch ms of the session's last request (kept to the minute): it ends after the idle timeout without one. */
    lastActiveAt: integer("last_active_at").notNull().default(0),
    /** The browser that opened it, as its User-Agent said (at most 255 characters), to tell sessions apart. */
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("dashboard_sessions_expiry").on(t.expiresAt), index("dashboard_sessions_member").on(t.memberId)],
);

/**
 * The people of a workspace (docs/team.md). `email` is stored lower-cased and is unique within the
 * workspace; every workspace has at least one owner, which the member operations keep true in
 * single conditional statements (no read-then-write race).
 */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at"),
    lastSignInAt: text("last_sign_in_at"),
    /** The language the member chose for the dashboard (docs/languages.md, "de"); null follows the browser's Accept-Language. */
    language: text("language"),
  },
  (t) => [uniqueIndex("members_workspace_email").on(t.workspaceId, t.email)],
);

/**
 * The audit trail (docs/team.md): append-only; nothing but the daily pruning of records older than
 * 400 days deletes a row. `id` sorts by time (domain/audit.ts), so pages are read newest first by it.
 * `details` is JSON without secrets.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null for a workspace-level record (charts, members), which both environments' trails show. */
    environment: text("environment", { enum: ENVIRONMENTS }),
    at: text("at").notNull(),
    actorType: text("actor_type", { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetKey: text("target_key").notNull(),
    details: text("details").notNull(),
  },
  (t) => [
    index("audit_log_workspace").on(t.workspaceId, t.id),
    index("audit_log_action").on(t.workspaceId, t.action, t.id),
    index("audit_log_target").on(t.workspaceId, t.targetKey, t.id),
    index("audit_log_at").on(t.at),
  ],
);

/**
 * Idempotency-Key claims and answers of the POSTs that are not seat actions (docs/api.md#idempotent-requests; seat
 * actions keep theirs in the event's object). A request claims its key by inserting the row first
 * (state `running`); the row's primary key lets only one of concurrent duplicates in. The handler's
 * answer is then stored on the row and replayed until `expiresAt`; a claim whose request died
 * (`lockedUntil` passed) may be taken over.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** Workspace, environment, key kind and the client's key, joined: the scope of a key. */
    scopeKey: text("scope_key").primaryKey(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    status: integer("status"),
    body: text("body"),
    /** Epoch ms until which a `running` claim belongs to the request that made it. */
    lockedUntil: integer("locked_until").notNull(),
    /** Epoch ms after which the key is free again (24 hours after the claim). */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("idempotency_keys_expiry").on(t.expiresAt)],
);

/**
 * Seasons (docs/seasons.md): a set of events on one chart sold together. The member event keys and the
 * partial seasons (named subsets) are JSON arrays: a season is read whole, and at most 500 events.
 */
export const seasons = sqliteTable(
  "seasons",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
    seasonKey: text("season_key").notNull(),
    name: text("name"),
    /** No foreign key: a chart whose events are all gone may be deleted; the season then reads as on a deleted chart. */
    chartId: text("chart_id").notNull(),
    /** JSON array of the member events' keys, in the order they were added. */
    eventKeys: text("event_keys").notNull(),
    /** JSON array of { partialSeasonKey, eventKeys, createdAt }. */
    partialSeasons: text("partial_seasons").notNull().default("[]"),
    createdAt: text("created_at").notNull(),
    /** The venue's IANA time zone, the default of the season's new events; null reads as UTC. */
    timeZone: text("time_zone"),
  },
  (t) => [uniqueIndex("seasons_workspace_env_key").on(t.workspaceId, t.environment, t.seasonKey), index("seasons_key").on(t.seasonKey)],
);

/**
 * A season's pricing (docs/prices.md): one JSON document per season, read with each season hold and
 * passed to every event's prepare. Deleted with its season.
 */
export const seasonPricing = sqliteTable("season_pricing", {
  seasonId: text("season_id")
    .primaryKey()
    .references(() => seasons.id, { onDelete: "cascade" }),
  pricing: text("pricing").notNull(),
  updatedAt: text("updated_at").notNull(),
});
