/**
 * The audit trail (docs/team.md): each change named in docs/team.md is recorded once with who made it (a
 * secret key over /api/v1, a member in the dashboard, the operator), what and on what; buyers'
 * holds, reads, refusals and idempotent replays record nothing; GET /api/v1/audit-log pages newest
 * first with its filters, for a secret key of the environment, with the workspace-level records;
 * no record holds a secret; the route table covers every change of the app.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { routeKey } from "../src/http/audit-trail";
import { ADMIN_AUDITED, API_AUDITED, DASHBOARD_AUDITED, NOT_AUDITED } from "../src/http/audit-routes";
import { hashKey } from "../src/keys/keys";
import { dash, signedIn } from "./support/dashboard";
import {
  ADMIN,
  api,
  call,
  expectError,
  expectOk,
  newChart,
  newEvent,
  newReceiver,
  newWorkspace,
  smallLayout,
  token,
  type CallResult,
  type TestKeys,
} from "./support/fixtures";
import { addMember, auditRecords, signedInAs } from "./support/team";

type Rec = Awaited<ReturnType<typeof auditRecords>>[number];

/** The secret key's id as the trail names it (never the key). */
async function keyId(key: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM api_keys WHERE key_hash = ?")
    .bind(await hashKey(key))
    .first<{ id: string }>();
  return row!.id;
}

/** The one record of an action on a target, failing when there is not exactly one. */
function one(records: Rec[], action: string, targetKey?: string): Rec {
  const found = records.filter((r) => r.action === action && (targetKey === undefined || r.target.key === targetKey));
  expect(found, `${action} ${targetKey ?? ""} in ${records.map((r) => r.action).join(", ")}`).toHaveLength(1);
  return found[0]!;
}

/** Every record of the workspace in an environment (newest first), paged through. */
async function all(keys: TestKeys, environment: "production" | "sandbox" = "sandbox", query = ""): Promise<Rec[]> {
  const out: Rec[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await call("GET", `/api/v1/audit-log${q}`, { key: environment === "sandbox" ? keys.skTest : keys.skLive });
    expectOk(res);
    out.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

describe("what a secret key changes over /api/v1", () => {
  it("charts: created, renamed, draft changed, published (with force), unpublished, deleted; workspace-level", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys, { publish: false });
    expectOk(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skTest, body: { name: "Renamed hall", draftVersion: smallLayout(4) } }));
    expectOk(await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skTest, body: { force: true } }));
    expectOk(await call("POST", `/api/v1/charts/${chartKey}/unpublish`, { key: keys.skTest }));
    expectOk(await call("DELETE", `/api/v1/charts/${chartKey}`, { key: keys.skTest }));
    const records = await all(keys);
    const actor = { type: "secret_key", id: await keyId(keys.skTest), name: "Sandbox secret key" };
    expect(one(records, "chart.created", chartKey)).toMatchObject({
      environment: null,
      actor,
      target: { type: "chart", key: chartKey },
      details: { name: "Test chart" },
    });
    expect(one(records, "chart.renamed", chartKey).details).toEqual({ name: "Renamed hall" });
    expect(one(records, "chart.draft_changed", chartKey).details).toEqual({ draftVersion: 2 });
    expect(one(records, "chart.published", chartKey).details).toEqual({ force: true, publishedVersion: 2 });
    one(records, "chart.unpublished", chartKey);
    one(records, "chart.deleted", chartKey);
    // Charts are shared: the production key reads the same records.
    expect((await all(keys, "production")).filter((r) => r.target.key === chartKey)).toHaveLength(6);
    // Newest first.
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort().reverse());
  });

  it("events and their settings, and seats booked, released, off and on sale with labels and order id", async () => {
    const f = await newEvent();
    const e = `/api/v1/events/${f.eventKey}`;
    expectOk(await call("PATCH", e, { key: f.sk, body: { name: "Gala" } }));
    expectOk(await call("PUT", `${e}/selection-rules`, { key: f.sk, body: { maxSeatsPerToken: 4 } }));
    expectOk(await call("PUT", `${e}/channels`, { key: f.sk, body: { channels: [{ key: "vip", name: "VIP", objectLabels: ["A-1-9", "A-1-10"] }] } }));
    expectOk(await call("PUT", `${e}/accessibility`, { key: f.sk, body: { holdBack: false, releaseWhen: "event_sold_out" } }));
    expectOk(
      await call("PUT", `${e}/waiting-room`, { key: f.sk, body: { enabled: false, opensAt: "2030-01-01T00:00:00Z", admitPerMinute: 50, sessionMinutes: 10 } }),
    );
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    expectOk(await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, orderId: "order-77" }));
    expectOk(await api.release(f, { orderId: "order-77" }));
    expectOk(await api.notForSale(f, { objectLabels: ["A-1-3"] }));
    expectOk(await api.forSale(f, { objectLabels: ["A-1-3"] }));
    expectOk(await api.reset(f));
    const moved = await call("POST", `${e}/actions/move-to-new-chart-copy`, { key: f.sk });
    expectOk(moved);
    expectOk(await call("DELETE", e, { key: f.sk }));
    const records = await all(f.keys);
    const actor = { type: "secret_key", id: await keyId(f.sk), name: "Sandbox secret key" };
    const on = { environment: "sandbox", actor, target: { type: "event", key: f.eventKey } };
    expect(one(records, "event.created", f.eventKey)).toMatchObject({ ...on, details: { chartKey: f.chartKey } });
    expect(one(records, "event.updated", f.eventKey)).toMatchObject({ ...on, details: { name: "Gala" } });
    expect(one(records, "event.selection_rules_changed").details).toEqual({ selectionRules: { maxSeatsPerToken: 4 } });
    expect(one(records, "event.channels_changed").details).toEqual({ channels: [{ key: "vip", name: "VIP", seats: 2 }] });
    expect(one(records, "event.accessibility_changed").details).toEqual({ accessibility: { holdBack: false, releaseWhen: "event_sold_out" } });
    expect(one(records, "event.waiting_room_changed").details).toEqual({
      enabled: false,
      opensAt: "2030-01-01T00:00:00Z",
      admitPerMinute: 50,
      sessionMinutes: 10,
    });
    expect(one(records, "seats.booked")).toMatchObject({ ...on, details: { objectLabels: ["A-1-1", "A-1-2"], objectCount: 2, orderId: "order-77" } });
    expect(one(records, "seats.released")).toMatchObject({ ...on, details: { objectLabels: ["A-1-1", "A-1-2"], orderId: "order-77" } });
    expect(one(records, "seats.not_for_sale").details).toMatchObject({ objectLabels: ["A-1-3"] });
    expect(one(records, "seats.for_sale").details).toMatchObject({ objectLabels: ["A-1-3"] });
    one(records, "event.reset", f.eventKey);
    expect(one(records, "event.chart_moved").details).toEqual({ chartKey: moved.body.chartKey, previousChartKey: f.chartKey });
    one(records, "event.deleted", f.eventKey);
    // The buyer's hold is not a change the trail records.
    expect(records.filter((r) => r.actor.type !== "secret_key")).toEqual([]);
  });

  it("seasons: created, changed, sold for and released, deleted", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const seasonKey = `season-${Date.now().toString(36)}`;
    expectOk(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { seasonKey, chartKey, eventKeys: [`${seasonKey}-1`, `${seasonKey}-2`] } }), 201);
    expectOk(await call("POST", `/api/v1/seasons/${seasonKey}/events`, { key: keys.skTest, body: { eventKeys: [`${seasonKey}-3`] } }));
    expectOk(
      await call("POST", `/api/v1/seasons/${seasonKey}/partial-seasons`, {
        key: keys.skTest,
        body: { partialSeasonKey: "half", eventKeys: [`${seasonKey}-1`] },
      }),
      201,
    );
    const t = token();
    const s = (action: string, body: unknown) => call("POST", `/api/v1/seasons/${seasonKey}/seats/${action}`, { key: keys.skTest, body });
    expectOk(await s("hold", { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await s("book", { objectLabels: ["A-1-1"], holdToken: t, orderId: "season-order" }));
    expectOk(await s("release", { orderId: "season-order" }));
    expectOk(await call("DELETE", `/api/v1/seasons/${seasonKey}`, { key: keys.skTest }));
    const records = (await all(keys)).filter((r) => r.target.type === "season");
    expect(records.map((r) => r.action).reverse()).toEqual([
      "season.created",
      "season.changed",
      "season.changed",
      "seats.booked",
      "seats.released",
      "season.deleted",
    ]);
    expect(one(records, "season.created").details).toMatchObject({ chartKey, eventKeys: [`${seasonKey}-1`, `${seasonKey}-2`] });
    expect(one(records, "seats.booked").details).toMatchObject({ objectLabels: ["A-1-1"], orderId: "season-order" });
  });

  it("webhook endpoints: created, changed, secret rotated, a delivery replayed, deleted; never the secret or the URL's path", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const created = await call("POST", "/api/v1/webhooks", { key: keys.skTest, body: { url: `${r.url}?token=abc123`, events: ["webhook.test"] } });
    expectOk(created, 201);
    const id = created.body.id;
    expectOk(await call("PATCH", `/api/v1/webhooks/${id}`, { key: keys.skTest, body: { enabled: false, description: "Box office system" } }));
    expectOk(await call("PATCH", `/api/v1/webhooks/${id}`, { key: keys.skTest, body: { enabled: true } }));
    const rotated = await call("POST", `/api/v1/webhooks/${id}/rotate-secret`, { key: keys.skTest });
    const test = await call("POST", `/api/v1/webhooks/${id}/test`, { key: keys.skTest });
    expectOk(test, 202);
    expectOk(await call("POST", `/api/v1/webhooks/${id}/deliveries/${test.body.deliveryId}/replay`, { key: keys.skTest }), 202);
    expectOk(await call("DELETE", `/api/v1/webhooks/${id}`, { key: keys.skTest }));
    const records = await all(keys);
    expect(one(records, "webhook_endpoint.created", id).details).toEqual({
      host: new URL(r.url).host,
      events: ["webhook.test"],
      description: "",
      enabled: true,
    });
    expect(records.filter((x) => x.action === "webhook_endpoint.changed").map((x) => x.details)).toEqual([
      { enabled: true },
      { enabled: false, description: "Box office system" },
    ]);
    one(records, "webhook_endpoint.secret_rotated", id);
    expect(one(records, "webhook_delivery.replayed", test.body.deliveryId).details).toMatchObject({ endpointId: id });
    one(records, "webhook_endpoint.deleted", id);
    // A test send changes nothing.
    expect(records.filter((x) => x.action.includes("test"))).toEqual([]);
    const text = JSON.stringify(records);
    for (const secret of [created.body.secret, rotated.body.secret, "abc123", new URL(r.url).pathname]) expect(text).not.toContain(secret);
  });
});

describe("what is not recorded", () => {
  it("holds (a buyer's and a secret key's), extends, reads, refusals and idempotent replays", async () => {
    const f = await newEvent();
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t }, f.sk));
    expectOk(await api.extend(f, { holdToken: t, ttlSeconds: 600 }));
    expectOk(await api.release(f, { holdToken: t }, f.pk));
    expectOk(await api.status(f));
    expectError(await api.book(f, { objectLabels: ["A-1-5"], holdToken: token(), orderId: "nope" }), 409);
    expectError(await call("PATCH", `/api/v1/events/${f.eventKey}`, { key: f.pk, body: { name: "No" } }), 403);
    const t2 = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-6"], holdToken: t2 }));
    const book = () =>
      call("POST", `/api/v1/events/${f.eventKey}/seats/book`, {
        key: f.sk,
        headers: { "Idempotency-Key": t2 },
        body: { objectLabels: ["A-1-6"], holdToken: t2 },
      });
    expectOk(await book());
    const replay = await book();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const records = await all(f.keys);
    expect(records.map((r) => r.action).sort()).toEqual(["chart.created", "chart.published", "event.created", "seats.booked"]);
  });
});

describe("what members and the operator change", () => {
  it("the dashboard: keys, the box office with its order id, members and sessions, each by the member", async () => {
    const f = await newEvent();
    const owner = await signedIn(f.keys);
    const admin = await signedInAs(f.keys, "admin");
    const box = await signedInAs(f.keys, "box_office");
    const ownerId = (await dash(owner.cookie, "GET", "/dashboard/api/account")).body.memberId as string;
    expectOk(await dash(admin.cookie, "POST", "/dashboard/api/production/secret-key"), 201);
    const rotated = await dash(admin.cookie, "POST", "/dashboard/api/production/secret-key");
    expectOk(rotated, 201);
    expectOk(
      await dash(box.cookie, "POST", `/dashboard/api/sandbox/events/${f.eventKey}/box-office/book`, {
        objectLabels: ["A-1-4", "Floor"],
        orderId: "bo-1",
        quantity: 2,
      }),
    );
    const invited = await dash(admin.cookie, "POST", "/dashboard/api/members", { email: "new@venue.example", name: "New", role: "viewer" });
    expectOk(invited, 201);
    const newId = String(invited.body.memberId);
    expectOk(await dash(admin.cookie, "PATCH", `/dashboard/api/members/${newId}`, { role: "designer" }));
    const boxSession = ((await dash(admin.cookie, "GET", "/dashboard/api/sessions")).body.items as Array<{ sessionId: string; memberId: string }>).find(
      (s) => s.memberId === box.memberId,
    )!;
    expectOk(await dash(admin.cookie, "DELETE", `/dashboard/api/sessions/${boxSession.sessionId}`));
    expectOk(await dash(admin.cookie, "DELETE", `/dashboard/api/members/${newId}`));
    expectOk(await dash(owner.cookie, "DELETE", "/dashboard/api/account/sessions"));
    const records = await all(f.keys);
    const by = (m: { memberId: string; name: string }) => ({ type: "member", id: m.memberId, name: m.name });
    const prod = await all({ ...f.keys, skLive: String(rotated.body.secretKey) }, "production");
    // The workspace's production key existed already: both are rotations (a first key is "created", see the operator's).
    const rotations = prod.filter((r) => r.action === "secret_key.rotated");
    expect(rotations).toHaveLength(2);
    for (const r of rotations)
      expect(r).toMatchObject({ environment: "production", actor: by(admin), target: { type: "secret_key", key: "production" }, details: {} });
    // The sandbox does not see production's keys.
    expect(records.filter((r) => r.action.startsWith("secret_key."))).toEqual([]);
    expect(one(records, "seats.booked")).toMatchObject({
      environment: "sandbox",
      actor: by(box),
      details: { objectLabels: ["A-1-4", "Floor"], quantities: { Floor: 2 }, orderId: "bo-1" },
    });
    expect(one(records, "member.invited", newId)).toMatchObject({
      environment: null,
      actor: by(admin),
      details: { email: "new@venue.example", name: "New", role: "viewer" },
    });
    expect(one(records, "member.role_changed", newId).details).toEqual({ from: "viewer", to: "designer", email: "new@venue.example" });
    expect(one(records, "session.revoked", boxSession.sessionId).details).toMatchObject({ memberId: box.memberId });
    expect(one(records, "member.removed", newId).details).toEqual({ email: "new@venue.example", name: "New", role: "designer" });
    expect(one(records, "member.signed_out_everywhere", ownerId)).toMatchObject({
      actor: { type: "member", id: ownerId, name: "Owner" },
      details: { ended: 1 },
    });
    // No secret: the keys shown once, the invitation link.
    const text = JSON.stringify([...records, ...prod]);
    expect(text).not.toMatch(/sk_(live|test)_/);
    expect(text).not.toContain(String(invited.body.invitationUrl).split("token=")[1]);
  });

  it("the operator: a workspace, its secret keys, members added, changed and removed", async () => {
    const ws = await call("POST", "/admin/v1/workspaces", { headers: ADMIN, body: { name: "Operated venue" } });
    expectOk(ws, 201);
    const key = ws.body.workspaceKey;
    const first = await call("POST", `/admin/v1/workspaces/${key}/secret-keys/sandbox`, { headers: ADMIN });
    const second = await call("POST", `/admin/v1/workspaces/${key}/secret-keys/sandbox`, { headers: ADMIN });
    const m = await call("POST", `/admin/v1/workspaces/${key}/members`, { headers: ADMIN, body: { email: "op@venue.example", name: "Op", role: "admin" } });
    expectOk(await call("PATCH", `/admin/v1/workspaces/${key}/members/${m.body.memberId}`, { headers: ADMIN, body: { name: "Opal", role: "admin" } }));
    expectOk(await call("DELETE", `/admin/v1/workspaces/${key}/members/${m.body.memberId}`, { headers: ADMIN }));
    const records = await auditRecords({ skTest: second.body.secretKey } as TestKeys);
    const operator = { type: "operator", id: "operator", name: "Operator" };
    expect(records.every((r) => JSON.stringify(r.actor) === JSON.stringify(operator))).toBe(true);
    expect(records.map((r) => r.action).reverse()).toEqual([
      "workspace.created",
      "secret_key.created",
      "secret_key.rotated",
      "member.invited",
      "member.renamed",
      "member.removed",
    ]);
    expect(one(records, "member.renamed").details).toEqual({ name: "Opal", email: "op@venue.example" });
    const text = JSON.stringify(records);
    for (const s of [first.body.secretKey, second.body.secretKey]) expect(text).not.toContain(s);
  });
});

describe("GET /api/v1/audit-log", () => {
  async function busyWorkspace() {
    const keys = await newWorkspace();
    const charts = [];
    for (let i = 0; i < 5; i++) charts.push(await newChart(keys, { publish: i % 2 === 0 }));
    return { keys, charts };
  }

  it("pages newest first with a cursor, every record once", async () => {
    const { keys } = await busyWorkspace();
    const every = await all(keys);
    expect(every).toHaveLength(8);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: CallResult<{ items: Rec[]; nextCursor: string | null }> = await call(
        "GET",
        `/api/v1/audit-log?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { key: keys.skTest },
      );
      expectOk(res);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.items.map((r) => r.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(every.map((r) => r.id));
    const first = await call("GET", "/api/v1/audit-log", { key: keys.skTest });
    expect(first.body.items).toHaveLength(8);
    expect(first.body.nextCursor).toBeNull();
  });

  it("filters by action (one, or every action of a thing), target key and since", async () => {
    const { keys, charts } = await busyWorkspace();
    expect((await auditRecords(keys, "sandbox", "?action=chart.published")).map((r) => r.target.key)).toEqual([charts[4], charts[2], charts[0]]);
    expect(await auditRecords(keys, "sandbox", "?action=chart.*")).toHaveLength(8);
    expect(await auditRecords(keys, "sandbox", "?action=event.*")).toHaveLength(0);
    expect((await auditRecords(keys, "sandbox", `?targetKey=${charts[2]}`)).map((r) => r.action)).toEqual(["chart.published", "chart.created"]);
    const middle = (await all(keys))[3]!;
    const since = await auditRecords(keys, "sandbox", `?since=${encodeURIComponent(middle.at)}`);
    expect(since.every((r) => r.at >= middle.at)).toBe(true);
    expect(since.map((r) => r.id)).toContain(middle.id);
    expect(await auditRecords(keys, "sandbox", "?since=2999-01-01T00:00:00%2B01:00")).toEqual([]);
    expect(await auditRecords(keys, "sandbox", `?action=chart.created&targetKey=${charts[1]}`)).toHaveLength(1);
  });

  it("refuses bad queries (400), publishable keys (403) and no key (401); nothing deletes or changes a record", async () => {
    const { keys } = await busyWorkspace();
    for (const q of [
      "?limit=0",
      "?limit=101",
      "?limit=x",
      "?cursor=nope",
      "?cursor=a1.zz",
      "?action=DROP",
      "?action=chart",
      "?since=yesterday",
      "?targetKey=",
    ]) {
      expectError(await call("GET", `/api/v1/audit-log${q}`, { key: keys.skTest }), 400, "validation_failed");
    }
    expectError(await call("GET", "/api/v1/audit-log", { key: keys.pkTest }), 403, "public_key_not_allowed");
    expectError(await call("GET", "/api/v1/audit-log"), 401, "unauthorized");
    const before = await all(keys);
    for (const method of ["DELETE", "PATCH", "PUT", "POST"]) {
      const res = await call(method, "/api/v1/audit-log", { key: keys.skTest, body: {} });
      expect(res.status).toBe(404);
      const rec = await call(method, `/api/v1/audit-log/${before[0]!.id}`, { key: keys.skTest, body: {} });
      expect(rec.status).toBe(404);
    }
    expect(await all(keys)).toEqual(before);
  });

  it("shows one environment's records and the workspace-level ones; never another workspace's", async () => {
    const f = await newEvent({ environment: "production" });
    const other = await newEvent();
    const sandbox = await all(f.keys, "sandbox");
    const production = await all(f.keys, "production");
    expect(sandbox.map((r) => r.action).sort()).toEqual(["chart.created", "chart.published"]);
    expect(production.map((r) => r.action).sort()).toEqual(["chart.created", "chart.published", "event.created"]);
    expect(JSON.stringify(production)).not.toContain(other.eventKey);
  });
});

describe("keeping the records", () => {
  it("the daily housekeeping deletes records older than 400 days and keeps the rest", async () => {
    const keys = await newWorkspace();
    await newChart(keys, { publish: false });
    const old = new Date(Date.now() - 401 * 86_400_000);
    const justIn = new Date(Date.now() - 399 * 86_400_000);
    const insert = (id: string, at: Date) =>
      env.DB.prepare(
        "INSERT INTO audit_log (id, workspace_id, environment, at, actor_type, actor_id, action, target_type, target_key, details) VALUES (?, ?, NULL, ?, 'operator', 'operator', 'chart.created', 'chart', ?, '{}')",
      )
        .bind(id, keys.workspaceId, at.toISOString(), id)
        .run();
    await insert(`aud_${old.getTime().toString(36).padStart(9, "0")}oldoldoldold`, old);
    await insert(`aud_${justIn.getTime().toString(36).padStart(9, "0")}keptkeptkept`, justIn);
    expect(await all(keys)).toHaveLength(3);
    const worker = (await import("../src/index")).default;
    const { createExecutionContext, createScheduledController, waitOnExecutionContext } = await import("cloudflare:test");
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "23 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await all(keys);
    expect(left.map((r) => r.target.key)).not.toContain(expect.stringContaining("oldold"));
    expect(left).toHaveLength(2);
  });
});

describe("the route table", () => {
  it("every change of the app is audited or listed as not audited, and every entry names a route", () => {
    const changes = new Set(
      createApp()
        .routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method))
        .map((r) => routeKey(r.method, r.path)),
    );
    const tables = { ...API_AUDITED, ...ADMIN_AUDITED, ...DASHBOARD_AUDITED };
    expect([...changes].filter((k) => !(k in tables) && !(k in NOT_AUDITED))).toEqual([]);
    expect(Object.keys(tables).filter((k) => !changes.has(k))).toEqual([]);
    expect(Object.keys(NOT_AUDITED).filter((k) => !changes.has(k))).toEqual([]);
  });
});

describe("audit.recorded webhooks", () => {
  it("reach only the endpoints that listed the type, with the record", async () => {
    const keys = await newWorkspace();
    const listed = newReceiver();
    const unlisted = newReceiver();
    const ep = await call("POST", "/api/v1/webhooks", { key: keys.skTest, body: { url: listed.url, events: ["audit.recorded"] } });
    expectOk(ep, 201);
    expectOk(
      await call("POST", "/api/v1/webhooks", { key: keys.skTest, body: { url: unlisted.url, events: ["seat.held", "seat.booked", "webhook.test"] } }),
      201,
    );
    const chartKey = await newChart(keys, { publish: false });
    const received = await listed.waitFor(2);
    const bodies = received.map((r) => JSON.parse(r.body));
    const chart = bodies.find((b) => b.data.object.action === "chart.created");
    expect(chart).toMatchObject({
      type: "audit.recorded",
      livemode: false,
      data: { object: { target: { type: "chart", key: chartKey }, actor: { type: "secret_key" } } },
    });
    const [stored] = await auditRecords(keys, "sandbox", `?targetKey=${chartKey}`);
    expect(chart.data.object).toEqual(stored);
    await new Promise((r) => setTimeout(r, 500));
    expect(await unlisted.requests()).toEqual([]);
  });
});

describe("a record survives its request's write failing", () => {
  it("the queue's copy stores it (once) and fans it out", async () => {
    const keys = await newWorkspace();
    const { writeAuditRecords, recordsOf } = await import("../src/http/audit-trail");
    const [record] = recordsOf({ workspaceId: keys.workspaceId, environment: "sandbox", actor: { type: "operator", id: "operator" } }, [
      { action: "event.reset", target: { type: "event", key: "lost-and-found" } },
    ]);
    const failingDb = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
      batch: () => Promise.reject(new Error("D1 is unavailable")),
    };
    await writeAuditRecords({ ...env, DB: failingDb } as unknown as Env, keys.workspaceId, [record!], () => undefined);
    await expect
      .poll(async () => (await auditRecords(keys, "sandbox", "?targetKey=lost-and-found")).map((r) => r.id), { timeout: 10_000 })
      .toEqual([record!.id]);
    const { runQueue } = await import("./support/fixtures");
    await runQueue("seat-webhooks", [{ body: { kind: "audit", workspaceId: keys.workspaceId, records: [record] } }]);
    expect(await auditRecords(keys, "sandbox", "?targetKey=lost-and-found")).toHaveLength(1);
  });
});

describe("no secret in any record", () => {
  it("after every change that shows a secret once, the stored rows hold none of them", async () => {
    const keys = await newWorkspace();
    const secrets: string[] = [keys.skLive, keys.skTest];
    const viaOperator = await call("POST", `/admin/v1/workspaces/${keys.workspaceKey}/secret-keys/production`, { headers: ADMIN });
    secrets.push(viaOperator.body.secretKey);
    const { cookie } = await signedIn(keys);
    const viaDashboard = await dash(cookie, "POST", "/dashboard/api/sandbox/secret-key");
    secrets.push(String(viaDashboard.body.secretKey));
    const sk = String(viaDashboard.body.secretKey);
    const r = newReceiver();
    const ep = await call("POST", "/api/v1/webhooks", { key: sk, body: { url: r.url, events: ["seat.held"] } });
    secrets.push(ep.body.secret, (await call("POST", `/api/v1/webhooks/${ep.body.id}/rotate-secret`, { key: sk })).body.secret);
    const dashEp = await dash(cookie, "POST", "/dashboard/api/sandbox/webhooks", { url: r.url, events: ["seat.held"] });
    secrets.push(
      String(dashEp.body.secret),
      String((await dash(cookie, "POST", `/dashboard/api/sandbox/webhooks/${dashEp.body.id}/rotate-secret`)).body.secret),
    );
    const invited = await dash(cookie, "POST", "/dashboard/api/members", { email: "secretive@venue.example", name: "S", role: "admin" });
    secrets.push(String(invited.body.invitationUrl).split("token=")[1]!);
    const link = await call("POST", `/admin/v1/workspaces/${keys.workspaceKey}/dashboard-links`, { headers: ADMIN, body: { memberId: invited.body.memberId } });
    secrets.push(String(link.body.url).split("token=")[1]!);
    const rows = await env.DB.prepare("SELECT * FROM audit_log WHERE workspace_id = ?").bind(keys.workspaceId).all();
    expect(rows.results.length).toBe(7);
    const text = JSON.stringify(rows.results);
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/sk_(live|test)_|whsec_|token=/);
  });
});
