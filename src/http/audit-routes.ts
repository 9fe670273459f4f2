import type { AuditAction, AuditDetails } from "../domain/audit";
import type { AuditedRoute, AuditEntry, AuditInput } from "./audit-trail";

/**
 * Which requests are changes the audit trail records (docs/team.md), and what each record says:
 * one table per door, keyed by "METHOD /route/:path". Adding an audited action is one line here
 * (with its name in domain/audit.ts); a test walks every route of the app and fails on a change
 * that is in neither this table nor {@link NOT_AUDITED}. A describer picks the fields it records by
 * name, so nothing it was not told about (a secret, a whole layout) reaches a record.
 */

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** At most this many labels are listed in a record; the count says how many there were. */
const MAX_LISTED = 500;

/** Only the fields of `from` named in `keys` that were given. */
function pick(from: Record<string, unknown>, ...keys: string[]): AuditDetails {
  const out: AuditDetails = {};
  for (const k of keys) if (from[k] !== undefined) out[k] = from[k];
  return out;
}

/** The objects a seat action's answer lists: labels (and GA quantities), capped. */
function objectsOf(answer: Record<string, unknown>): AuditDetails {
  const objects = Array.isArray(answer.objects) ? answer.objects.map(obj) : [];
  const labels = objects.map((o) => str(o.objectLabel) ?? "");
  const quantities: Record<string, number> = {};
  for (const o of objects) if (typeof o.quantity === "number") quantities[str(o.objectLabel) ?? ""] = o.quantity;
  return {
    objectLabels: labels.slice(0, MAX_LISTED),
    objectCount: labels.length,
    ...(Object.keys(quantities).length > 0 ? { quantities } : {}),
  };
}

/** The host a webhook URL names: enough to see where deliveries go, without a path or query that may hold a token. */
function hostOf(url: unknown): string | undefined {
  try {
    return typeof url === "string" ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/** A record of one action on the thing a path parameter (or the answer) names. */
function on(
  action: AuditAction,
  type: string,
  key: (i: AuditInput) => string | undefined,
  details?: (i: AuditInput) => AuditDetails,
  workspaceLevel = false,
): AuditedRoute {
  return {
    answer: true,
    describe: (i) => {
      const entry: AuditEntry = { action, target: { type, key: key(i) ?? "" }, details: details?.(i) ?? {} };
      if (workspaceLevel) entry.environment = null;
      return entry;
    },
  };
}

const param = (name: string) => (i: AuditInput) => i.params[name];
const answered = (name: string) => (i: AuditInput) => str(i.answer[name]);

// Charts are workspace-wide: their records belong to no environment.
const chartCreated = on("chart.created", "chart", answered("chartKey"), (i) => pick(i.answer, "name", "draftVersion"), true);
const chartChanged: AuditedRoute = {
  answer: true,
  describe: ({ params, body, answer }) => {
    const target = { type: "chart", key: params.chartKey ?? "" };
    const entries: AuditEntry[] = [];
    if (body.name !== undefined) entries.push({ action: "chart.renamed", target, details: { name: answer.name }, environment: null });
    if (body.draftVersion !== undefined)
      entries.push({ action: "chart.draft_changed", target, details: { draftVersion: answer.draftVersion }, environment: null });
    return entries;
  },
};
const chartDeleted = on("chart.deleted", "chart", param("chartKey"), undefined, true);
const chartPublished = on(
  "chart.published",
  "chart",
  param("chartKey"),
  (i) => ({ force: i.body.force === true, publishedVersion: i.answer.publishedVersion }),
  true,
);
const chartUnpublished = on("chart.unpublished", "chart", param("chartKey"), undefined, true);

const eventCreated = on("event.created", "event", answered("eventKey"), (i) => pick(i.answer, "chartKey", "name", "startsAt"));
const eventUpdated = on("event.updated", "event", param("eventKey"), (i) => pick(i.body, "name", "startsAt"));
const eventDeleted = on("event.deleted", "event", param("eventKey"));
const eventReset = on("event.reset", "event", param("eventKey"), (i) => objectsOf(i.answer));
const eventMoved = on("event.chart_moved", "event", param("eventKey"), (i) => pick(i.answer, "chartKey", "previousChartKey"));
const rulesChanged = on("event.selection_rules_changed", "event", param("eventKey"), (i) => ({ selectionRules: i.body }));
const channelsChanged = on("event.channels_changed", "event", param("eventKey"), (i) => ({
  channels: (Array.isArray(i.body.channels) ? i.body.channels.map(obj) : []).map((ch) => ({
    key: ch.key,
    name: ch.name,
    seats: Array.isArray(ch.objectLabels) ? ch.objectLabels.length : 0,
    ...pick(ch, "areaPlaces", "protected"),
  })),
}));
const channelAssigned = on("event.channels_changed", "event", param("eventKey"), (i) => ({
  ...pick(i.body, "channelKey", "channelName", "areaPlaces", "protected"),
  seats: Array.isArray(i.body.objectLabels) ? i.body.objectLabels.slice(0, MAX_LISTED) : [],
}));
const tableBookingChanged = on("event.table_booking_changed", "event", param("eventKey"), (i) => ({ tableBooking: i.body }));
// A channel pass lets its holder take from a protected channel: who issued which, and for how long,
// is recorded; the pass itself, a bearer token, never is.
const passIssued = on("channel.pass_issued", "event", param("eventKey"), (i) => ({
  channelKey: i.params.channelKey ?? "",
  ...pick(i.body, "ttlSeconds", "maxSeats"),
  ...pick(i.answer, "expiresAt"),
}));
const accessibilityChanged = on("event.accessibility_changed", "event", param("eventKey"), (i) => ({ accessibility: i.body }));
/** Prices (docs/prices.md): the pricing as kept (the answer, in minor units from either door; it holds no secret), or null when removed. */
const pricesChanged = (type: "event" | "season", removed = false) =>
  on(type === "event" ? "event.prices_changed" : "season.prices_changed", type, param(type === "event" ? "eventKey" : "seasonKey"), (i) => ({
    pricing: removed ? null : i.answer,
  }));
const roomChanged = on("event.waiting_room_changed", "event", param("eventKey"), (i) => pick(i.body, "enabled", "opensAt", "admitPerMinute", "sessionMinutes"));

/** A seat action on an event (or, for a season, on the season): what changed and under which order. */
function seats(action: AuditAction, targetType: "event" | "season"): AuditedRoute {
  const key = targetType === "event" ? param("eventKey") : param("seasonKey");
  return on(action, targetType, key, (i) => ({
    ...objectsOf(i.answer),
    ...pick(i.body, "orderId", "categories", "areaPlaces", "partialSeasonKey"),
    ...(i.params.partialSeasonKey ? { partialSeasonKey: i.params.partialSeasonKey } : {}),
  }));
}

/** Settings of one event copied to others: the source, the targets and which settings. */
const settingsCopied = (from: (i: AuditInput) => string | undefined): AuditedRoute =>
  on("event.settings_copied", "event", from, (i) => ({ ...pick(i.body, "settings", "toEventKeys", "partialSeasonKey"), ...pick(i.answer, "toEventKeys") }));
const importedEvent = on("event.created", "event", answered("eventKey"), (i) => ({
  ...pick(i.answer, "chartKey", "name", "startsAt"),
  copiedFromSandbox: i.body.eventKey,
}));
const importedSeason = on("season.created", "season", answered("seasonKey"), (i) => ({
  ...pick(i.answer, "name", "chartKey", "eventKeys"),
  copiedFromSandbox: true,
}));
const seasonUpdated = on("season.changed", "season", param("seasonKey"), (i) => pick(i.body, "name", "timeZone"));

const seasonCreated = on("season.created", "season", answered("seasonKey"), (i) => pick(i.answer, "name", "chartKey", "eventKeys"));
const seasonEventsAdded = on("season.changed", "season", param("seasonKey"), (i) => ({ addedEventKeys: i.body.eventKeys }));
const partialSeasonAdded = on("season.changed", "season", param("seasonKey"), (i) => {
  const made = Array.isArray(i.answer.partialSeasons) ? obj(i.answer.partialSeasons.at(-1)) : {};
  return { partialSeason: pick(made, "partialSeasonKey", "eventKeys") };
});
const seasonDeleted = on("season.deleted", "season", param("seasonKey"));

const endpointCreated = on("webhook_endpoint.created", "webhook_endpoint", answered("id"), (i) => ({
  host: hostOf(i.answer.url),
  ...pick(i.answer, "events", "description", "enabled"),
}));
const endpointChanged = on("webhook_endpoint.changed", "webhook_endpoint", param("id"), (i) => ({
  ...(i.body.url !== undefined ? { host: hostOf(i.body.url) } : {}),
  ...pick(i.body, "events", "description", "enabled"),
}));
const endpointDeleted = on("webhook_endpoint.deleted", "webhook_endpoint", param("id"));
const secretRotated = on("webhook_endpoint.secret_rotated", "webhook_endpoint", param("id"));
const deliveryReplayed = on("webhook_delivery.replayed", "webhook_delivery", param("deliveryId"), (i) => ({
  endpointId: i.params.id,
  ...pick(i.answer, "eventId"),
}));

/** A secret key created or rotated: which one the handler's note says. */
const secretKeyIssued: AuditedRoute = {
  describe: ({ params, note }) => ({
    action: note?.rotated === true ? "secret_key.rotated" : "secret_key.created",
    target: { type: "secret_key", key: params.environment ?? "" },
    details: {},
  }),
};

/** A publishable key rotated: which environment's, and until when the previous one works. */
const publicKeyRotated: AuditedRoute = {
  answer: true,
  describe: ({ params, answer }) => ({
    action: "public_key.rotated",
    target: { type: "public_key", key: params.environment ?? "" },
    details: pick(answer, "previousKeyValidUntil"),
    environment: params.environment === "production" ? "production" : "sandbox",
  }),
};

const memberInvited = on(
  "member.invited",
  "member",
  (i) => str(i.answer.memberId) ?? str(obj(i.answer.member).memberId),
  (i) => pick(i.body, "email", "name", "role"),
  true,
);
const memberChanged: AuditedRoute = {
  describe: ({ params, body, note }) => {
    const target = { type: "member", key: params.memberId ?? "" };
    const entries: AuditEntry[] = [];
    if (body.role !== undefined && body.role !== note?.role)
      entries.push({ action: "member.role_changed", target, details: { from: note?.role, to: body.role, email: note?.email }, environment: null });
    if (body.name !== undefined && body.name !== note?.name)
      entries.push({ action: "member.renamed", target, details: { name: body.name, email: note?.email }, environment: null });
    return entries;
  },
};
const memberRemoved = on("member.removed", "member", param("memberId"), (i) => pick(i.note ?? {}, "email", "name", "role"), true);

/** /api/v1, by a secret key. Publishable keys record nothing: what they do is a buyer's. */
export const API_AUDITED: Readonly<Record<string, AuditedRoute>> = {
  "POST /api/v1/charts": chartCreated,
  "PATCH /api/v1/charts/:chartKey": chartChanged,
  "DELETE /api/v1/charts/:chartKey": chartDeleted,
  "POST /api/v1/charts/:chartKey/publish": chartPublished,
  "POST /api/v1/charts/:chartKey/unpublish": chartUnpublished,
  "POST /api/v1/events": eventCreated,
  "POST /api/v1/events/import-from-sandbox": importedEvent,
  "POST /api/v1/events/:eventKey/copy-settings": settingsCopied(param("eventKey")),
  "PATCH /api/v1/events/:eventKey": eventUpdated,
  "DELETE /api/v1/events/:eventKey": eventDeleted,
  "POST /api/v1/events/:eventKey/reset": eventReset,
  "POST /api/v1/events/:eventKey/actions/move-to-new-chart-copy": eventMoved,
  "PUT /api/v1/events/:eventKey/selection-rules": rulesChanged,
  "PUT /api/v1/events/:eventKey/table-booking": tableBookingChanged,
  "PUT /api/v1/events/:eventKey/channels": channelsChanged,
  "POST /api/v1/events/:eventKey/channels/:channelKey/passes": passIssued,
  "PUT /api/v1/events/:eventKey/accessibility": accessibilityChanged,
  "PUT /api/v1/events/:eventKey/waiting-room": roomChanged,
  "PUT /api/v1/events/:eventKey/pricing": pricesChanged("event"),
  "DELETE /api/v1/events/:eventKey/pricing": pricesChanged("event", true),
  "PUT /api/v1/seasons/:seasonKey/pricing": pricesChanged("season"),
  "DELETE /api/v1/seasons/:seasonKey/pricing": pricesChanged("season", true),
  "POST /api/v1/events/:eventKey/seats/book": seats("seats.booked", "event"),
  "POST /api/v1/events/:eventKey/seats/release": seats("seats.released", "event"),
  "POST /api/v1/events/:eventKey/seats/not-for-sale": seats("seats.not_for_sale", "event"),
  "POST /api/v1/events/:eventKey/seats/for-sale": seats("seats.for_sale", "event"),
  "POST /api/v1/seasons": seasonCreated,
  "POST /api/v1/seasons/import-from-sandbox": importedSeason,
  "PATCH /api/v1/seasons/:seasonKey": seasonUpdated,
  "DELETE /api/v1/seasons/:seasonKey": seasonDeleted,
  "POST /api/v1/seasons/:seasonKey/events": seasonEventsAdded,
  "POST /api/v1/seasons/:seasonKey/partial-seasons": partialSeasonAdded,
  "POST /api/v1/seasons/:seasonKey/seats/book": seats("seats.booked", "season"),
  "POST /api/v1/seasons/:seasonKey/seats/release": seats("seats.released", "season"),
  "POST /api/v1/seasons/:seasonKey/partial-seasons/:partialSeasonKey/seats/book": seats("seats.booked", "season"),
  "POST /api/v1/seasons/:seasonKey/partial-seasons/:partialSeasonKey/seats/release": seats("seats.released", "season"),
  "POST /api/v1/webhooks": endpointCreated,
  "PATCH /api/v1/webhooks/:id": endpointChanged,
  "DELETE /api/v1/webhooks/:id": endpointDeleted,
  "POST /api/v1/webhooks/:id/rotate-secret": secretRotated,
  "POST /api/v1/webhooks/:id/deliveries/:deliveryId/replay": deliveryReplayed,
};

/** /admin/v1, by the operator. */
export const ADMIN_AUDITED: Readonly<Record<string, AuditedRoute>> = {
  "POST /admin/v1/workspaces": on("workspace.created", "workspace", answered("workspaceKey"), (i) => pick(i.answer, "name"), true),
  "POST /admin/v1/workspaces/:workspaceKey/secret-keys/:environment": {
    describe: (i) => ({ ...(secretKeyIssued.describe(i) as AuditEntry), environment: i.params.environment === "production" ? "production" : "sandbox" }),
  },
  "POST /admin/v1/workspaces/:workspaceKey/members": memberInvited,
  "PATCH /admin/v1/workspaces/:workspaceKey/members/:memberId": memberChanged,
  "DELETE /admin/v1/workspaces/:workspaceKey/members/:memberId": memberRemoved,
  "POST /admin/v1/workspaces/:workspaceKey/public-keys/:environment/rotate": publicKeyRotated,
};

/** /dashboard/api, by the member signed in. */
export const DASHBOARD_AUDITED: Readonly<Record<string, AuditedRoute>> = {
  "POST /dashboard/api/charts": chartCreated,
  "PATCH /dashboard/api/charts/:chartKey": chartChanged,
  "DELETE /dashboard/api/charts/:chartKey": chartDeleted,
  "POST /dashboard/api/charts/:chartKey/publish": chartPublished,
  "POST /dashboard/api/charts/:chartKey/unpublish": chartUnpublished,
  "POST /dashboard/api/:environment/charts/:chartKey/publish": chartPublished,
  "POST /dashboard/api/:environment/charts/:chartKey/unpublish": chartUnpublished,
  "POST /dashboard/api/:environment/secret-key": secretKeyIssued,
  "POST /dashboard/api/:environment/public-key/rotate": publicKeyRotated,
  "POST /dashboard/api/:environment/events": eventCreated,
  "PATCH /dashboard/api/:environment/events/:eventKey": eventUpdated,
  "DELETE /dashboard/api/:environment/events/:eventKey": eventDeleted,
  "POST /dashboard/api/:environment/events/:eventKey/reset": eventReset,
  "PUT /dashboard/api/:environment/events/:eventKey/selection-rules": rulesChanged,
  "PUT /dashboard/api/:environment/events/:eventKey/table-booking": tableBookingChanged,
  "POST /dashboard/api/:environment/events/:eventKey/channels/assign": channelAssigned,
  "PUT /dashboard/api/:environment/events/:eventKey/accessibility": accessibilityChanged,
  "PUT /dashboard/api/:environment/events/:eventKey/waiting-room": roomChanged,
  "PUT /dashboard/api/:environment/events/:eventKey/pricing": pricesChanged("event"),
  "DELETE /dashboard/api/:environment/events/:eventKey/pricing": pricesChanged("event", true),
  "PUT /dashboard/api/:environment/seasons/:seasonKey/pricing": pricesChanged("season"),
  "DELETE /dashboard/api/:environment/seasons/:seasonKey/pricing": pricesChanged("season", true),
  "POST /dashboard/api/:environment/events/:eventKey/box-office/book": seats("seats.booked", "event"),
  "POST /dashboard/api/:environment/events/:eventKey/box-office/release": seats("seats.released", "event"),
  "POST /dashboard/api/:environment/events/:eventKey/box-office/not-for-sale": seats("seats.not_for_sale", "event"),
  "POST /dashboard/api/:environment/events/:eventKey/box-office/for-sale": seats("seats.for_sale", "event"),
  "POST /dashboard/api/:environment/seasons": seasonCreated,
  "PATCH /dashboard/api/:environment/seasons/:seasonKey": seasonUpdated,
  "POST /dashboard/api/:environment/seasons/:seasonKey/events": seasonEventsAdded,
  "POST /dashboard/api/:environment/seasons/:seasonKey/partial-seasons": partialSeasonAdded,
  "POST /dashboard/api/:environment/seasons/:seasonKey/apply-settings": settingsCopied((i) => str(i.body.fromEventKey)),
  "POST /dashboard/api/production/events/import-from-sandbox": importedEvent,
  "POST /dashboard/api/production/seasons/import-from-sandbox": importedSeason,
  "POST /dashboard/api/:environment/seasons/:seasonKey/sell": seats("seats.booked", "season"),
  "POST /dashboard/api/:environment/webhooks": endpointCreated,
  "PATCH /dashboard/api/:environment/webhooks/:id": endpointChanged,
  "DELETE /dashboard/api/:environment/webhooks/:id": endpointDeleted,
  "POST /dashboard/api/:environment/webhooks/:id/rotate-secret": secretRotated,
  "POST /dashboard/api/:environment/webhooks/:id/deliveries/:deliveryId/replay": deliveryReplayed,
  "POST /dashboard/api/members": memberInvited,
  "PATCH /dashboard/api/members/:memberId": memberChanged,
  "DELETE /dashboard/api/members/:memberId": memberRemoved,
  "DELETE /dashboard/api/sessions/:sessionId": on("session.revoked", "session", param("sessionId"), (i) => pick(i.answer, "memberId", "email"), true),
  "DELETE /dashboard/api/account/sessions": on("member.signed_out_everywhere", "member", answered("memberId"), (i) => pick(i.answer, "ended"), true),
};

/**
 * The routes that take a POST, PUT, PATCH or DELETE and record nothing, with why. The walk in the
 * tests holds every such route of the app to be here or audited.
 */
export const NOT_AUDITED: Readonly<Record<string, string>> = {
  "POST /api/v1/events/:eventKey/seats/hold": "a hold is a buyer's (or an integration's) reservation, not a change of inventory",
  "POST /api/v1/events/:eventKey/seats/hold-best-available": "a hold",
  "POST /api/v1/events/:eventKey/seats/extend": "a hold's expiry",
  "POST /api/v1/events/:eventKey/waiting-room/join": "a buyer joining the queue",
  "POST /api/v1/seasons/:seasonKey/seats/hold": "a hold",
  "POST /api/v1/seasons/:seasonKey/seats/extend": "a hold's expiry",
  "POST /api/v1/seasons/:seasonKey/partial-seasons/:partialSeasonKey/seats/hold": "a hold",
  "POST /api/v1/seasons/:seasonKey/partial-seasons/:partialSeasonKey/seats/extend": "a hold's expiry",
  "POST /api/v1/webhooks/:id/test": "a test delivery changes nothing",
  "POST /dashboard/api/:environment/webhooks/:id/test": "a test delivery changes nothing",
  "POST /admin/v1/workspaces/:workspaceKey/dashboard-links": "a sign-in link changes nothing until it is used",
  "POST /dashboard/sign-in": "signing in (the member's last sign-in is on the Team page)",
  "POST /dashboard/sign-out": "signing out ends the caller's own session",
  "POST /dashboard/language": "the member's own choice of the dashboard's language",
};
