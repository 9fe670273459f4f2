/**
 * The OpenAPI document tells the truth about answers: every operation is exercised through the
 * Worker, and each JSON answer is validated against the document's schema for its status
 * (@cfworker/json-schema: a JSON Schema 2020-12 validator that runs in workerd without eval).
 * Success and error answers alike; the last test checks every operation was seen.
 */
import { Validator, type Schema } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, call, newWorkspace, smallLayout, token, uniqueKey, type CallOptions, type CallResult, type TestKeys } from "./support/fixtures";

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let doc: Doc;
let defs: Record<string, Schema>;
const seen = new Set<string>();
const failures: string[] = [];

/** The document's template of a concrete path, matched segment by segment; a literal segment beats a parameter ("import-from-sandbox" over "{seasonKey}"). */
function templateOf(path: string): string | undefined {
  const parts = path.split("?")[0]!.split("/");
  const literals = (t: string) => t.split("/").filter((seg) => !seg.startsWith("{")).length;
  return Object.keys(doc.paths)
    .filter((t) => {
      const tp = t.split("/");
      return tp.length === parts.length && tp.every((seg, i) => seg.startsWith("{") || seg === parts[i]);
    })
    .sort((a, b) => literals(b) - literals(a))[0];
}

/** Calls the Worker and validates the answer against the document; failures are collected. */
async function checked(method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const res = await call(method, path, opts);
  const template = templateOf(path);
  const op = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  if (!op) {
    failures.push(`${method} ${path}: not in the document`);
    return res;
  }
  seen.add(op.operationId);
  const response = op.responses[String(res.status)];
  if (!response) {
    failures.push(`${op.operationId}: status ${res.status} is not documented (${JSON.stringify(res.body).slice(0, 200)})`);
    return res;
  }
  // The answer is checked against the document's schema of its own media type (a CSV download is text/csv).
  const mediaType = (res.headers.get("content-type") ?? "application/json").split(";")[0]!.trim();
  if (response.content && !response.content[mediaType]) {
    failures.push(`${op.operationId}: ${res.status} answered ${mediaType}, which the document does not list`);
    return res;
  }
  const schema = mediaType === "application/json" ? response.content?.[mediaType]?.schema : undefined;
  if (!schema) return res;
  const validator = new Validator({ ...schema, $defs: defs } as Schema, "2020-12", false);
  const result = validator.validate(res.body);
  if (!result.valid) {
    const errors = result.errors.map((e) => `${e.instanceLocation}: ${e.error}`).slice(0, 5);
    failures.push(`${op.operationId} ${res.status}: ${errors.join("; ")}`);
  }
  return res;
}

beforeAll(async () => {
  const res = await call("GET", "/openapi.json");
  // Component references become local $defs, which the validator resolves from the schema's root.
  doc = JSON.parse(JSON.stringify(res.body).replaceAll("#/components/schemas/", "#/$defs/")) as Doc;
  defs = doc.components.schemas;
});

describe("the validator", () => {
  it("refuses what the document does not allow, through component references", () => {
    const schema = doc.paths["/api/v1/events/{eventKey}/seats/hold"]!.post!.responses["200"]!.content!["application/json"]!.schema;
    const validator = new Validator({ ...schema, $defs: defs } as Schema, "2020-12", false);
    const good = { chartKey: "c", eventKey: "e", holdToken: "t", holdExpiresAt: "x", objects: [{ objectLabel: "A", status: "held", extraData: null }] };
    expect(validator.validate(good).valid).toBe(true);
    expect(validator.validate({ ...good, objects: [{ objectLabel: "A", status: "held", extraData: 5 }] }).valid).toBe(false);
    const { eventKey: _dropped, ...missing } = good;
    expect(validator.validate(missing).valid).toBe(false);
  });
});

describe("every answer validates against the OpenAPI document", () => {
  let keys: TestKeys;
  let chartKey: string;
  let eventKey: string;

  it("operator API", async () => {
    const ws = await checked("POST", "/admin/v1/workspaces", { headers: ADMIN, body: { name: "Validated" } });
    expect(ws.status).toBe(201);
    await checked("GET", `/admin/v1/workspaces/${ws.body.workspaceKey}`, { headers: ADMIN });
    await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/secret-keys/sandbox`, { headers: ADMIN });
    await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/dashboard-links`, { headers: ADMIN, body: {} });
    const members = `/admin/v1/workspaces/${ws.body.workspaceKey}/members`;
    const member = await checked("POST", members, { headers: ADMIN, body: { email: "ana@venue.example", name: "Ana", role: "admin" } });
    await checked("POST", members, { headers: ADMIN, body: { email: "ANA@venue.example", name: "Ana", role: "admin" } });
    await checked("GET", members, { headers: ADMIN });
    await checked("GET", `${members}/${member.body.memberId}`, { headers: ADMIN });
    await checked("PATCH", `${members}/${member.body.memberId}`, { headers: ADMIN, body: { role: "viewer" } });
    await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/dashboard-links`, { headers: ADMIN, body: { memberId: member.body.memberId } });
    await checked("DELETE", `${members}/${member.body.memberId}`, { headers: ADMIN });
    const owner = ((await checked("GET", members, { headers: ADMIN })).body as { items: Array<{ memberId: string }> }).items[0]!;
    await checked("DELETE", `${members}/${owner.memberId}`, { headers: ADMIN });
    const sk = await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/secret-keys/production`, { headers: ADMIN });
    await checked("GET", "/api/v1/audit-log?limit=2", { key: String(sk.body.secretKey) });
    await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/public-keys/sandbox/rotate`, { headers: ADMIN, body: { graceSeconds: 60 } });
    await checked("POST", `/admin/v1/workspaces/${ws.body.workspaceKey}/public-keys/sandbox/rotate`, { headers: ADMIN, body: { graceSeconds: -1 } });
    await checked("GET", `/admin/v1/workspaces/nope`, { headers: ADMIN });
    await checked("POST", "/admin/v1/workspaces", { headers: ADMIN, body: { name: "x" } });
  });

  it("charts", async () => {
    keys = await newWorkspace();
    const sk = keys.skTest;
    const created = await checked("POST", "/api/v1/charts", { key: sk, body: { name: "Hall", draftVersion: smallLayout() } });
    chartKey = created.body.chartKey as string;
    await checked("GET", "/api/v1/charts", { key: sk });
    await checked("GET", `/api/v1/charts/${chartKey}`, { key: sk });
    await checked("GET", `/api/v1/charts/${chartKey}/draft`, { key: sk });
    await checked("GET", `/api/v1/charts/${chartKey}/published`, { key: sk });
    await checked("PATCH", `/api/v1/charts/${chartKey}`, { key: sk, body: { name: "Main hall" } });
    await checked("GET", `/api/v1/charts/${chartKey}/publish-check`, { key: sk });
    await checked("POST", `/api/v1/charts/${chartKey}/publish`, { key: sk });
    await checked("GET", `/api/v1/charts/${chartKey}/published`, { key: sk });
    const spare = await checked("POST", "/api/v1/charts", { key: sk, body: { name: "Spare" } });
    await checked("POST", `/api/v1/charts/${spare.body.chartKey}/unpublish`, { key: sk });
    await checked("DELETE", `/api/v1/charts/${spare.body.chartKey}`, { key: sk });
    await checked("GET", `/api/v1/charts/${uniqueKey("none")}`, { key: sk });
    await checked("POST", "/api/v1/charts", { key: sk, body: { name: "x" } });
    await checked("GET", "/api/v1/charts", { key: keys.pkTest });
  });

  it("events and seats", async () => {
    const sk = keys.skTest;
    const pk = keys.pkTest;
    eventKey = uniqueKey("ev");
    await checked("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey, name: "Opening night", startsAt: "2027-03-01T19:30:00Z" } });
    await checked("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey } });
    await checked("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { name: "Opening night (moved)" } });
    await checked("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: {} });
    await checked("GET", "/api/v1/events", { key: sk });
    await checked("GET", `/api/v1/events/${eventKey}`, { key: pk });
    const base = `/api/v1/events/${eventKey}`;
    const t = token();
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t } });
    await checked("POST", `${base}/seats/hold`, { key: sk, body: { objectLabels: ["A-1-4"], holdToken: t, extraData: { order: 1 } } });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2 } });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-1"], holdToken: token("other") } });
    await checked("POST", `${base}/seats/hold-best-available`, { key: pk, body: { quantity: 2, holdToken: token("best") } });
    await checked("POST", `${base}/seats/extend`, { key: sk, body: { holdToken: t, ttlSeconds: 600 } });
    await checked("POST", `${base}/seats/book`, { key: sk, body: { objectLabels: ["A-1-1", "A-1-4"], holdToken: t } });
    await checked("POST", `${base}/seats/book`, { key: pk, body: { objectLabels: ["A-1-1"], holdToken: t } });
    await checked("POST", `${base}/seats/release`, { key: sk, body: { objectLabels: ["A-1-2"], holdToken: t } });
    await checked("PUT", `${base}/channels`, {
      key: sk,
      body: { channels: [{ key: "presale", name: "Fan club", objectLabels: ["A-2-1", "A-2-2"], areaPlaces: { Floor: 5 } }] },
    });
    await checked("PUT", `${base}/channels`, { key: sk, body: { channels: [{ key: "NO_CHANNEL", name: "x", objectLabels: [] }] } });
    await checked("GET", `${base}/channels`, { key: pk });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-2-1"], holdToken: token("fan"), channelKeys: ["presale"] } });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-2-2"], holdToken: token("open") } });
    // Prices (docs/prices.md): a hold's price and total, expectedTotal refused, the sales report as JSON and CSV.
    await checked("GET", `${base}/pricing`, { key: pk });
    const ticketTypes = [
      { key: "adult", label: "Adult", amount: 3000 },
      { key: "child", label: "Child", amount: 1500 },
    ];
    const pricing = { currency: "EUR", categories: { stalls: { amount: 4500 }, balcony: { ticketTypes } }, fee: { percent: 2.5, fixed: 50 } };
    await checked("PUT", `${base}/pricing`, { key: sk, body: pricing });
    await checked("PUT", `${base}/pricing`, { key: sk, body: { currency: "EURO", categories: { opera: { amount: 1 } } } });
    await checked("GET", `${base}/pricing`, { key: pk });
    const priced = token("priced");
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-6"], holdToken: priced, ticketTypes: { "A-1-6": "child" } } });
    await checked("POST", `${base}/seats/book`, { key: sk, body: { objectLabels: ["A-1-6"], holdToken: priced, expectedTotal: 1 } });
    await checked("POST", `${base}/seats/book`, { key: sk, body: { objectLabels: ["A-1-6"], holdToken: priced, expectedTotal: 1500 + 88 } });
    await checked("GET", `${base}/reports/sales`, { key: sk });
    await checked("GET", `${base}/reports/sales?format=csv`, { key: sk });
    await checked("GET", `${base}/status-changes?format=csv`, { key: sk });
    // A protected channel: its pass (201), a refusal without one, the channel not protected (409), a publishable key (403).
    await checked("PUT", `${base}/channels`, { key: sk, body: { channels: [{ key: "members", name: "Members", objectLabels: ["A-1-10"], protected: true }] } });
    const issued = await checked("POST", `${base}/channels/members/passes`, { key: sk, body: { ttlSeconds: 600, maxSeats: 2 } });
    await checked("POST", `${base}/channels/members/passes`, { key: sk, body: { ttlSeconds: 5 } });
    await checked("POST", `${base}/channels/members/passes`, { key: pk, body: {} });
    await checked("POST", `${base}/channels/nobody/passes`, { key: sk, body: {} });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-10"], holdToken: token("no-pass"), channelKeys: ["members"] } });
    await checked("POST", `${base}/seats/hold`, {
      key: pk,
      headers: { "X-Channel-Pass": String(issued.body.pass) },
      body: { objectLabels: ["A-1-10"], holdToken: token("member"), channelKeys: ["members"] },
    });
    // The waiting room (docs/waiting-room.md): opened an hour from now, so this file's holds stay ungated.
    const wr = `${base}/waiting-room`;
    await checked("GET", wr, { key: sk });
    await checked("PUT", wr, {
      key: sk,
      body: { enabled: true, opensAt: new Date(Date.now() + 3_600_000).toISOString(), admitPerMinute: 100, sessionMinutes: 10 },
    });
    await checked("PUT", wr, { key: sk, body: { enabled: true } });
    await checked("PUT", wr, { key: pk, body: {} });
    await checked("GET", wr, { key: sk });
    const joined = await checked("POST", `${wr}/join`, { key: pk, headers: { "CF-Connecting-IP": "192.0.2.50" } });
    await checked("GET", `${wr}/tickets/${String(joined.body.ticket)}`, { key: pk });
    await checked("GET", `${wr}/tickets/0.AAAAAAAAAAAAAAAAAAAAAA`, { key: pk });
    await checked("POST", `/api/v1/events/no-such-event/waiting-room/join`, { key: pk });
    await checked("POST", `${base}/seats/not-for-sale`, { key: sk, body: { objectLabels: ["A-1-5"] } });
    await checked("POST", `${base}/seats/for-sale`, { key: sk, body: { objectLabels: ["A-1-5"] } });
    for (const q of ["", "?format=compact", `?holdToken=${t}`, "?labels=A-1-1,A-1-3"]) {
      await checked("GET", `${base}/status${q}`, { key: pk });
      await checked("GET", `${base}/status${q}`, { key: sk });
    }
    await checked("GET", `${base}/objects`, { key: pk });
    await checked("GET", `${base}/objects?format=compact`, { key: pk });
    await checked("GET", `${base}/reports`, { key: sk });
    await checked("GET", `${base}/status-changes`, { key: sk });
    await checked("GET", `${base}/live/stats`, { key: sk });
    await checked("GET", `${base}/live/stats`, { key: pk });
    await checked("GET", `${base}/selection-rules`, { key: pk });
    await checked("PUT", `${base}/selection-rules`, { key: sk, body: { noOrphanSeats: true } });
    await checked("GET", `${base}/table-booking`, { key: pk });
    await checked("PUT", `${base}/table-booking`, { key: sk, body: { mode: "by_table_or_seat" } });
    await checked("PUT", `${base}/table-booking`, { key: sk, body: { mode: "by_seat" } });
    await checked("GET", `${base}/accessibility`, { key: sk });
    await checked("PUT", `${base}/accessibility`, { key: sk, body: { holdBack: true, releaseWhen: { at: "2030-01-01T00:00:00Z" } } });
    await checked("GET", `${base}/accessibility`, { key: pk });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-1"], holdToken: t }, headers: { "Idempotency-Key": "k" } });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-9"], holdToken: t }, headers: { "Idempotency-Key": "k" } });
    await checked("POST", `${base}/reset`, { key: sk });
    const twin = uniqueKey("twin");
    await checked("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey: twin, startsAt: "2027-03-08T19:30", timeZone: "Europe/Berlin" } });
    await checked("POST", `${base}/copy-settings`, { key: sk, body: { toEventKeys: [twin] } });
    await checked("POST", `${base}/copy-settings`, { key: sk, body: { toEventKeys: [uniqueKey("none")] } });
    await checked("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey: twin } });
    await checked("POST", "/api/v1/events/import-from-sandbox", { key: sk, body: { eventKey: twin } });
    await checked("POST", `${base}/actions/move-to-new-chart-copy`, { key: sk });
    await checked("DELETE", `${base}/pricing`, { key: sk });
    await checked("GET", `/api/v1/events/${uniqueKey("none")}`, { key: pk });
    await checked("DELETE", base, { key: sk });
  });

  it("seasons", async () => {
    const sk = keys.skTest;
    const pk = keys.pkTest;
    const seasonKey = uniqueKey("season");
    const games = [uniqueKey("g"), uniqueKey("g"), uniqueKey("g")];
    await checked("POST", "/api/v1/seasons", { key: sk, body: { seasonKey, chartKey, eventKeys: games, name: "Home games" } });
    await checked("POST", "/api/v1/seasons", { key: sk, body: { chartKey, eventKeys: games } });
    await checked("GET", "/api/v1/seasons", { key: sk });
    await checked("GET", `/api/v1/seasons/${seasonKey}`, { key: pk });
    await checked("GET", `/api/v1/seasons/${uniqueKey("none")}`, { key: pk });
    await checked("POST", `/api/v1/seasons/${seasonKey}/partial-seasons`, { key: sk, body: { partialSeasonKey: "half", eventKeys: games.slice(0, 2) } });
    const base = `/api/v1/seasons/${seasonKey}`;
    for (const prefix of [base, `${base}/partial-seasons/half`]) {
      const t = token();
      await checked("POST", `${prefix}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-7", "A-1-8"], holdToken: t } });
      await checked("POST", `${prefix}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-7"], holdToken: token("other") } });
      await checked("POST", `${prefix}/seats/extend`, { key: sk, body: { holdToken: t, ttlSeconds: 600 } });
      await checked("POST", `${prefix}/seats/book`, { key: sk, body: { objectLabels: ["A-1-7"], holdToken: t } });
      await checked("POST", `${prefix}/seats/release`, { key: pk, body: { holdToken: t } });
      await checked("POST", `${prefix}/seats/release`, { key: sk, body: { objectLabels: ["A-1-7"] } });
    }
    // The season's prices (docs/prices.md), after its holds: a priced season refuses unpriced seats to a publishable key.
    await checked("GET", `${base}/pricing`, { key: pk });
    await checked("PUT", `${base}/pricing`, { key: sk, body: { currency: "EUR", categories: { stalls: { amount: 30000 } }, fee: { fixed: 200 } } });
    await checked("PUT", `${base}/pricing`, { key: sk, body: { currency: "EUR", categories: { opera: { amount: 1 } } } });
    await checked("POST", `${base}/seats/hold`, { key: pk, body: { objectLabels: ["A-1-9"], holdToken: token("season-priced") } });
    await checked("DELETE", `${base}/pricing`, { key: sk });
    await checked("POST", `${base}/events`, { key: sk, body: { eventKeys: [uniqueKey("g")] } });
    await checked("PATCH", base, { key: sk, body: { timeZone: "Europe/London" } });
    await checked("PATCH", base, { key: sk, body: { timeZone: "Mars/Olympus" } });
    const rehearsed = uniqueKey("season");
    await checked("POST", "/api/v1/seasons", { key: sk, body: { seasonKey: rehearsed, chartKey, events: [{ eventKey: uniqueKey("g"), name: "Game 1" }] } });
    await checked("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey: rehearsed } });
    await checked("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey: rehearsed } });
    await checked("DELETE", base, { key: sk });
    await checked("POST", `${base}/seats/release`, { key: sk, body: { objectLabels: ["A-1-8"] } });
  });

  it("webhooks", async () => {
    const sk = keys.skTest;
    const ep = await checked("POST", "/api/v1/webhooks", { key: sk, body: { url: "https://hooks.example.com/in", events: ["seat.held"], description: "d" } });
    const id = ep.body.id as string;
    await checked("GET", "/api/v1/webhooks", { key: sk });
    await checked("GET", `/api/v1/webhooks/${id}`, { key: sk });
    await checked("PATCH", `/api/v1/webhooks/${id}`, { key: sk, body: { enabled: false } });
    await checked("POST", `/api/v1/webhooks/${id}/rotate-secret`, { key: sk });
    const test = await checked("POST", `/api/v1/webhooks/${id}/test`, { key: sk });
    await checked("GET", `/api/v1/webhooks/${id}/deliveries`, { key: sk });
    await checked("GET", `/api/v1/webhooks/${id}/deliveries/${test.body.deliveryId}`, { key: sk });
    await checked("POST", `/api/v1/webhooks/${id}/deliveries/${test.body.deliveryId}/replay`, { key: sk });
    await checked("DELETE", `/api/v1/webhooks/${id}`, { key: sk });
    await checked("GET", `/api/v1/webhooks/${id}`, { key: sk });
  });

  it("the SDK bundle", async () => {
    const res = await call("GET", "/sdk/latest/seating.js");
    expect(res.status).toBe(200);
    seen.add("getSdkBundle");
  });

  it("the SDK's messages in one language", async () => {
    const res = await call("GET", "/sdk/v5.11.0/i18n/de.json");
    expect(res.status).toBe(200);
    expect(typeof res.body["map.showList"]).toBe("string");
    seen.add("getSdkMessages");
  });

  afterAll(() => {
    // Reported here as well, so one run lists every mismatch at once.
    if (failures.length > 0) console.error(failures.join("\n"));
  });

  it("found no answer the document does not describe, and exercised every operation", () => {
    expect(failures).toEqual([]);
    const all = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(all.filter((id) => !seen.has(id))).toEqual([]);
  });
});
