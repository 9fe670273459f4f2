import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { checkChartPublish, findPublishedLayout, getChartRecord, getDraftLayout, listChartRecords } from "../charts/chart-operations";
import { SALES_SPANS } from "../domain/sales-timeline";
import type { Environment } from "../domain/scope";
import { getEventRecord, listEventRecords } from "../events/event-operations";
import { callEvent } from "../events/event-object-calls";
import { liveStats } from "../live-relays/crowd-operations";
import { ServiceError } from "../domain/errors";
import { can } from "../domain/roles";
import { ApiError, ERROR_STATUS } from "../http/errors";
import { getDeliveryDetail, getEndpoint, listDeliveryRecords, listEndpointRecords } from "../webhooks/endpoints";
import { getWorkspace, secretKeyIssuedAt } from "../workspaces/provision";
import { scopeOf, type DashEnv } from "./context";
import { requireSession } from "./guard";
import { chartPage, chartsPage } from "./pages/charts";
import { designerPage } from "./pages/designer";
import { errorPage } from "./pages/error";
import { eventPage } from "./pages/event";
import { readRoomIfAny, roomTicks as readRoomTicks } from "../waiting-room/room-operations";
import { eventsPage } from "./pages/events";
import { keysPage } from "./pages/keys";
import { seasonsPage } from "./pages/seasons";
import { seasonPage } from "./pages/season";
import type { EventRecord } from "../domain/events";
import { getSeasonRecord, listSeasonRecords } from "../seasons/season-operations";
import { isSection, type Section } from "./sections";
import { demand, requirePage } from "./access";
import { activityCsv } from "./activity-csv";
import { readSeasonPricing } from "../seasons/season-pricing";
import { accountPage } from "./pages/account";
import { activityPage, type ActivityFilters } from "./pages/activity";
import { teamPage } from "./pages/team";
import { liveSessions } from "./sessions";
import { auditQuerySchema, type AuditQuery } from "../domain/audit";
import { validated } from "../http/validation";
import { readAuditLog } from "../workspaces/audit-log";
import { listMemberRecords } from "../workspaces/members";
import { deliveryPage, webhookPage, webhooksPage } from "./pages/webhooks";
import { boxOfficePasses } from "../events/channel-passes";
import { words } from "./words";

/**
 * The dashboard's pages, under /dashboard/{production|sandbox}/…: each reads through the same
 * operations the API and the data routes use, and renders on the server.
 */
export const pages = new Hono<DashEnv>();

const ENV = "/:environment{production|sandbox}";

pages.use(`${ENV}/*`, requireSession("page"));

const environmentOf = (c: Context<DashEnv>) => c.req.param("environment") as Environment;

pages.get(`${ENV}/keys`, async (c) => {
  const environment = environmentOf(c);
  const session = c.var.session;
  const ws = await getWorkspace(c.env, session.workspaceKey);
  if (!ws) throw new ApiError("workspace_not_found", "This workspace no longer exists");
  // Not even read for a role that may not know whether a secret key exists.
  const issuedAt = can(session.role, "secret_key.status") ? await secretKeyIssuedAt(c.env, session.workspaceId, environment) : null;
  return c.html(keysPage(session, environment, { publicKeys: ws.publicKeys, secretKeyIssuedAt: issuedAt }));
});

pages.get(`${ENV}/charts`, async (c) => {
  const page = await listChartRecords(c.env, c.var.session.workspaceId, { limit: 100 });
  return c.html(chartsPage(c.var.session, environmentOf(c), page.items, page.hasMore));
});

pages.get(`${ENV}/charts/:chartKey`, async (c) => {
  const ws = c.var.session.workspaceId;
  const chartKey = c.req.param("chartKey");
  const chart = await getChartRecord(c.env, ws, chartKey);
  // While the draft is what is published, one layout serves both drawings and a publish changes nothing.
  const same = chart.publishedVersion === chart.draftVersion;
  const [draft, published, check] = await Promise.all([
    getDraftLayout(c.env, ws, chartKey),
    same ? null : findPublishedLayout(c.env, ws, chartKey),
    same ? { affected: [] } : checkChartPublish(c.env, ws, chartKey),
  ]);
  return c.html(chartPage(c.var.session, environmentOf(c), { chart, draft, published: same ? draft : published, affected: check.affected }));
});

pages.get(`${ENV}/events`, async (c) => {
  const environment = environmentOf(c);
  const scope = scopeOf(c.var.session, environment);
  const after = c.req.query("after");
  const [events, charts] = await Promise.all([
    listEventRecords(c.env, scope, { limit: 100, afterKey: after || undefined }),
    listChartRecords(c.env, scope.workspaceId, { limit: 100 }),
  ]);
  // Sold and held per event, read from each event's object side by side; an event whose object
  // cannot answer (its chart never published) shows a dash rather than failing the list.
  const counts = await Promise.all(
    events.items.map((e) =>
      callEvent(c.env, scope, e.eventKey, (event) => event.reports()).then(
        (r) => ({ booked: r.byStatus.booked, held: r.byStatus.held }),
        () => null,
      ),
    ),
  );
  const chartNames = new Map(charts.items.map((ch) => [ch.chartKey, ch.name]));
  return c.html(
    eventsPage(c.var.session, environment, {
      events: events.items.map((e, i) => ({ ...e, counts: counts[i] ?? null, chartName: chartNames.get(e.chartKey) ?? null })),
      nextAfter: events.hasMore ? (events.lastKey ?? null) : null,
      charts: charts.items,
    }),
  );
});

pages.get(`${ENV}/seasons`, async (c) => {
  const environment = environmentOf(c);
  const scope = scopeOf(c.var.session, environment);
  const after = c.req.query("after");
  const [seasons, charts] = await Promise.all([
    listSeasonRecords(c.env, scope, { limit: 100, afterKey: after || undefined }),
    listChartRecords(c.env, scope.workspaceId, { limit: 100 }),
  ]);
  return c.html(
    seasonsPage(c.var.session, environment, { seasons: seasons.items, nextAfter: seasons.hasMore ? (seasons.lastKey ?? null) : null, charts: charts.items }),
  );
});

pages.get(`${ENV}/seasons/:seasonKey`, async (c) => {
  const environment = environmentOf(c);
  const scope = scopeOf(c.var.session, environment);
  const [season, ws] = await Promise.all([getSeasonRecord(c.env, scope, c.req.param("seasonKey")), getWorkspace(c.env, c.var.session.workspaceKey)]);
  if (!ws) throw new ApiError("workspace_not_found", "This workspace no longer exists");
  // Each game's record (its name, start, zone and channels), a few at a time; one deleted meanwhile is left out.
  const games: EventRecord[] = [];
  for (let i = 0; i < season.eventKeys.length; i += 8) {
    const read = await Promise.all(season.eventKeys.slice(i, i + 8).map((k) => getEventRecord(c.env, scope, k).catch(() => null)));
    games.push(...read.filter((g): g is EventRecord => g !== null));
  }
  const [pricing, names] = await Promise.all([
    readSeasonPricing(c.env, scope, season.seasonKey),
    games[0] ? callEvent(c.env, scope, games[0].eventKey, (event) => event.layoutNames()).catch(() => null) : null,
  ]);
  const priceTargets = { categories: names?.categories ?? [], channels: [] };
  return c.html(seasonPage(c.var.session, environment, { season, games, publicKey: ws.publicKeys[environment], pricing, priceTargets }));
});

pages.get(`${ENV}/events/:eventKey`, async (c) => {
  const environment = environmentOf(c);
  const session = c.var.session;
  const scope = scopeOf(session, environment);
  const eventKey = c.req.param("eventKey");
  const event = await getEventRecord(c.env, scope, eventKey);
  const [ws, reports, sales, channels, areas, accessibility, room, roomTicks, chart, names, tableBooking, pricing, live] = await Promise.all([
    getWorkspace(c.env, session.workspaceKey),
    callEvent(c.env, scope, eventKey, (event) => event.reports()),
    callEvent(c.env, scope, eventKey, (event) => event.salesTimeline(SALES_SPANS)),
    callEvent(c.env, scope, eventKey, (event) => event.channelList("all")),
    callEvent(c.env, scope, eventKey, (event) => event.gaAreas()),
    callEvent(c.env, scope, eventKey, (event) => event.accessibility()),
    readRoomIfAny(c.env, scope, eventKey),
    readRoomTicks(c.env, scope, eventKey, Date.now() - 3_600_000),
    // The chart is named by its name; a chart gone meanwhile is named by its key.
    getChartRecord(c.env, session.workspaceId, event.chartKey).catch(() => null),
    callEvent(c.env, scope, eventKey, (event) => event.layoutNames()),
    callEvent(c.env, scope, eventKey, (event) => event.tableBooking()),
    callEvent(c.env, scope, eventKey, (event) => event.pricing()),
    // The live figures are a view of the crowd, not of the event: a page without them still works.
    liveStats(c.env, scope, eventKey).catch(() => null),
  ]);
  if (!ws) throw new ApiError("workspace_not_found", "This workspace no longer exists");
  const channelPasses = await boxOfficePasses(c.env, scope, eventKey, channels.channels);
  return c.html(
    eventPage(session, environment, {
      event,
      chartName: chart?.name ?? null,
      names: { categories: new Map(names.categories.map((n) => [n.key, n.label])), sections: new Map(names.sections.map((n) => [n.key, n.label])) },
      publicKey: ws.publicKeys[environment],
      reports,
      sales,
      channels: channels.channels,
      channelPasses,
      areas,
      accessibility,
      room,
      roomTicks,
      tableBooking,
      pricing,
      live,
    }),
  );
});

pages.get(`${ENV}/webhooks`, async (c) => {
  const environment = environmentOf(c);
  const endpoints = await listEndpointRecords(c.env, scopeOf(c.var.session, environment));
  return c.html(webhooksPage(c.var.session, environment, endpoints));
});

pages.get(`${ENV}/webhooks/:id`, async (c) => {
  const environment = environmentOf(c);
  const scope = scopeOf(c.var.session, environment);
  const id = c.req.param("id");
  const [endpoint, deliveries] = await Promise.all([getEndpoint(c.env, scope, id), listDeliveryRecords(c.env, scope, id, 50)]);
  return c.html(webhookPage(c.var.session, environment, endpoint, deliveries));
});

pages.get(`${ENV}/webhooks/:id/deliveries/:deliveryId`, async (c) => {
  const environment = environmentOf(c);
  const scope = scopeOf(c.var.session, environment);
  const id = c.req.param("id");
  const [endpoint, delivery] = await Promise.all([getEndpoint(c.env, scope, id), getDeliveryDetail(c.env, scope, id, c.req.param("deliveryId"))]);
  return c.html(deliveryPage(c.var.session, environment, endpoint, delivery));
});

/** The environment a person last worked in (the dashboard's cookie), for the frame of pages outside /{environment}/. */
function lastEnvironment(c: Context<DashEnv>): Environment {
  return getCookie(c, "dashboard_environment") === "production" ? "production" : "sandbox";
}

// The chart designer (docs/dashboard.md#the-chart-designer). Charts are workspace-wide, so its address names no environment.
pages.get("/charts/:chartKey/design", requireSession("page"), async (c) => {
  const environment = lastEnvironment(c);
  try {
    // The designer edits drafts: for roles that may (docs/team.md); the others read the chart's page.
    demand(c, "charts.edit");
    const chart = await getChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"));
    return c.html(designerPage(c.var.session, environment, chart));
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return c.html(errorPage(c.var.session, environment, "charts", errorTitle(err.code, ERROR_STATUS[err.code]), err.message), ERROR_STATUS[err.code]);
  }
});

pages.get(`${ENV}/team`, requirePage("members.manage"), async (c) => {
  const workspaceId = c.var.session.workspaceId;
  const [members, sessions] = await Promise.all([listMemberRecords(c.env, workspaceId), liveSessions(c.env, workspaceId)]);
  return c.html(teamPage(c.var.session, environmentOf(c), { members, sessions }));
});

/** The Activity page's filters from its query; a date alone means from the start of that day (UTC). */
function activityFilters(c: Context<DashEnv>): { filters: ActivityFilters; query: Omit<AuditQuery, "limit"> } {
  const action = c.req.query("action") || undefined;
  const targetKey = c.req.query("targetKey") || undefined;
  const since = c.req.query("since") || undefined;
  const parsed = validated(auditQuerySchema.omit({ limit: true }), {
    action,
    targetKey,
    since: since && /^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since,
    cursor: c.req.query("cursor") || undefined,
  });
  return { filters: { action, targetKey, since }, query: parsed };
}

pages.get(`${ENV}/activity`, async (c) => {
  const environment = environmentOf(c);
  const { filters, query } = activityFilters(c);
  const page = await readAuditLog(c.env, scopeOf(c.var.session, environment), { ...query, limit: 50 });
  return c.html(activityPage(c.var.session, environment, { ...page, filters }));
});

/** The CSV download holds at most this many records (the newest that match). */
const CSV_MAX_RECORDS = 10_000;

pages.get(`${ENV}/activity.csv`, async (c) => {
  const environment = environmentOf(c);
  const { query } = activityFilters(c);
  const records = [];
  let cursor = query.cursor;
  do {
    const page = await readAuditLog(c.env, scopeOf(c.var.session, environment), { ...query, cursor, limit: 1000 });
    records.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && records.length < CSV_MAX_RECORDS);
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="activity-${environment}-${new Date().toISOString().slice(0, 10)}.csv"`);
  return c.body(activityCsv(records.slice(0, CSV_MAX_RECORDS)), 200);
});

pages.get(`${ENV}/account`, async (c) => {
  const session = c.var.session;
  return c.html(accountPage(session, environmentOf(c), await liveSessions(c.env, session.workspaceId, session.memberId)));
});

pages.all(`${ENV}/*`, () => {
  throw new ApiError("not_found", words().t("error.noPage"));
});

/** An error page's heading, in the page's language (the message under it is the service's own). */
function errorTitle(code: string, status: number): string {
  const w = words();
  return w.t(code.endsWith("not_found") ? "error.notFound" : status === 403 ? "error.notAllowed" : "error.wrong");
}

const SECTION_OF: Record<string, Section> = {
  chart: "charts",
  event: "events",
  season: "seasons",
  webhook: "webhooks",
  delivery: "webhooks",
  workspace: "keys",
  member: "team",
  session: "team",
};

/** Errors on a page are answered as a page in the dashboard's frame, with the error's status. */
pages.onError((err, c) => {
  if (!(err instanceof ServiceError) || !c.var.session) throw err;
  const status = ERROR_STATUS[err.code];
  const thing = err.code.replace(/_not_found$/, "");
  const segment = c.req.path.split("/")[3];
  const section = SECTION_OF[thing] ?? (isSection(segment) ? segment : "events");
  return c.html(errorPage(c.var.session, environmentOf(c), section, errorTitle(err.code, status), err.message), status);
});
