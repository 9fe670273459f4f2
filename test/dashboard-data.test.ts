/**
 * The dashboard's data routes and pages (docs/dashboard.md) inside workerd: the same operations as
 * /api/v1 behind a session and an environment in the path, the box office's hold-then-book, the
 * sales timeline from the status history, and pages that never carry a secret.
 */
import { describe, expect, it } from "vitest";
import { call, newChart, newEvent, smallLayout, stubOf } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

describe("charts through the dashboard", () => {
  it("creates, renames, replaces the draft, checks, publishes (refused, then forced), unpublishes and deletes", async () => {
    const { keys, cookie } = await signedIn();
    const created = await dash(cookie, "POST", "/dashboard/api/charts", { name: "Side hall", chartKey: "side-hall", draftVersion: smallLayout(4) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ chartKey: "side-hall", draftVersion: 1, publishedVersion: null });
    expect((await dash(cookie, "POST", "/dashboard/api/charts", { name: "Side hall", chartKey: "side-hall" })).body.code).toBe("chart_exists");
    expect((await dash(cookie, "PATCH", "/dashboard/api/charts/side-hall", { name: "Side hall B" })).body).toMatchObject({
      name: "Side hall B",
      draftVersion: 1,
    });
    expect((await dash(cookie, "POST", "/dashboard/api/charts/side-hall/publish", {})).body).toMatchObject({ publishedVersion: 1 });
    // The API sees what the dashboard did: one implementation behind both doors.
    expect((await call("GET", "/api/v1/charts/side-hall", { key: keys.skTest })).body).toMatchObject({ name: "Side hall B", publishedVersion: 1 });

    const ev = await newEvent({ keys, chartKey: "side-hall" });
    expect(
      (await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.pk, body: { objectLabels: ["A-1-4"], holdToken: "buyer-token-1" } })).status,
    ).toBe(200);
    expect((await dash(cookie, "PATCH", "/dashboard/api/charts/side-hall", { draftVersion: smallLayout(3) })).body.draftVersion).toBe(2);
    const check = await dash(cookie, "GET", "/dashboard/api/charts/side-hall/publish-check");
    expect(check.body.affected).toEqual([{ eventKey: ev.eventKey, environment: "sandbox", objectLabel: "A-1-4", reason: "removed", booked: 0, held: 1 }]);
    const refused = await dash(cookie, "POST", "/dashboard/api/charts/side-hall/publish");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("publish_affects_reservations");
    expect((await dash(cookie, "POST", "/dashboard/api/charts/side-hall/publish", { force: true })).body).toMatchObject({ publishedVersion: 2 });
    expect(
      (await dash<{ sections: { rows: { seats: unknown[] }[] }[] }>(cookie, "GET", "/dashboard/api/charts/side-hall/published")).body.sections[0].rows[0].seats,
    ).toHaveLength(3);
    expect((await dash(cookie, "POST", "/dashboard/api/charts/side-hall/unpublish")).body.publishedVersion).toBeNull();
    expect((await dash(cookie, "DELETE", "/dashboard/api/charts/side-hall")).body.code).toBe("chart_has_events");
  });

  it("answers bad input with the envelope: validation paths, malformed JSON, content type, unknown routes", async () => {
    const { cookie } = await signedIn();
    const short = await dash(cookie, "POST", "/dashboard/api/charts", { name: "x" });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "validation_failed", errors: { name: ["must be 3 to 255 characters"] } });
    const bad = await fetchWorker("/dashboard/api/charts", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://service.test", "Content-Type": "application/json" },
      body: "{",
    });
    expect(bad.status).toBe(400);
    const text = await fetchWorker("/dashboard/api/charts", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://service.test", "Content-Type": "text/plain" },
      body: '{"name":"Plain text"}',
    });
    expect(text.status).toBe(415);
    const nope = await dash(cookie, "GET", "/dashboard/api/sandbox/nothing-here");
    expect(nope.status).toBe(404);
    expect(nope.body.code).toBe("not_found");
    expect((await dash(cookie, "GET", "/dashboard/api/charts/missing")).body.code).toBe("chart_not_found");
  });
});

describe("events and the box office", () => {
  it("creates, lists and deletes events of the environment in the path only", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys);
    const made = await dash(cookie, "POST", "/dashboard/api/production/events", { chartKey, eventKey: "prod-only" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ eventKey: "prod-only", environment: "production", chartPublishedVersion: 1 });
    expect((await dash<{ items: { eventKey: string }[] }>(cookie, "GET", "/dashboard/api/production/events")).body.items.map((e) => e.eventKey)).toEqual([
      "prod-only",
    ]);
    expect((await dash(cookie, "GET", "/dashboard/api/sandbox/events")).body.items).toEqual([]);
    expect((await dash(cookie, "GET", "/dashboard/api/sandbox/events/prod-only")).body.code).toBe("event_not_found");
    // Reset is for sandbox events: the engine's own rule answers.
    expect((await dash(cookie, "POST", "/dashboard/api/production/events/prod-only/reset")).body.code).toBe("sandbox_only");
    expect((await dash(cookie, "DELETE", "/dashboard/api/production/events/prod-only")).body).toEqual({ eventKey: "prod-only", deleted: true });
    expect((await call("GET", "/api/v1/events/prod-only", { key: keys.skLive })).status).toBe(404);
  });

  it("books seats and GA places with an order id, as the API's hold and book would", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    const base = `/dashboard/api/sandbox/events/${ev.eventKey}`;
    const booked = await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-1", "A-1-2", "Floor"], orderId: "box-17", quantity: 3 });
    expect(booked.status).toBe(200);
    expect(booked.body.objects).toEqual([
      expect.objectContaining({ objectLabel: "A-1-1", status: "booked", orderId: "box-17" }),
      expect.objectContaining({ objectLabel: "A-1-2", status: "booked", orderId: "box-17" }),
      expect.objectContaining({ objectLabel: "Floor", status: "booked", quantity: 3, orderId: "box-17" }),
    ]);
    const status = await call("GET", `/api/v1/events/${ev.eventKey}/status`, { key: ev.sk });
    expect(status.body.objects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ objectLabel: "A-1-1", status: "booked", orderId: "box-17" }),
        expect.objectContaining({ objectLabel: "Floor", booked: 3, held: 0 }),
      ]),
    );
    const history = await call("GET", `/api/v1/events/${ev.eventKey}/status-changes?orderId=box-17`, { key: ev.sk });
    expect(history.body.items.map((i: { objectLabel: string; cause: string }) => `${i.objectLabel}:${i.cause}`)).toEqual([
      "A-1-1:book",
      "A-1-2:book",
      "Floor:book",
    ]);
    const reports = await dash(cookie, "GET", `${base}/reports`);
    expect(reports.body.byStatus).toMatchObject({ booked: 5 });
    expect(reports.body.bySection).toEqual(expect.arrayContaining([{ sectionKey: null, status: "booked", count: 3 }]));
  });

  it("a refused booking leaves nothing held: the box office's own hold is released", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    const base = `/dashboard/api/sandbox/events/${ev.eventKey}`;
    await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.pk, body: { objectLabels: ["A-1-3"], holdToken: "buyer-token-2" } });
    // Seats go first and succeed; the GA hold then fails: the seats must come free again.
    const tooMany = await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-1", "Floor"], orderId: "box-18", quantity: 51 });
    expect(tooMany.status).toBe(400);
    const taken = await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-2", "A-1-3"], orderId: "box-18" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "seat_unavailable", failed: [{ objectLabel: "A-1-3", reason: "held" }] });
    const unknown = await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["Z-9"], orderId: "box-18" });
    expect(unknown.body).toMatchObject({ code: "seat_unavailable", failed: [{ objectLabel: "Z-9", reason: "unknown_label" }] });
    const status = await call("GET", `/api/v1/events/${ev.eventKey}/status`, { key: ev.sk });
    expect(status.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-3"]);
    expect((await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-1"] })).body.errors).toHaveProperty("orderId");
  });

  it("releases by label or by order, marks not for sale and back, resets the sandbox event", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    const base = `/dashboard/api/sandbox/events/${ev.eventKey}`;
    await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-1", "A-1-2"], orderId: "box-19" });
    await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-5"], orderId: "box-20" });
    expect((await dash(cookie, "POST", `${base}/box-office/release`, {})).body.code).toBe("validation_failed");
    expect(
      (await dash<{ objects: { objectLabel: string }[] }>(cookie, "POST", `${base}/box-office/release`, { orderId: "box-19" })).body.objects.map(
        (o) => o.objectLabel,
      ),
    ).toEqual(["A-1-1", "A-1-2"]);
    expect((await dash(cookie, "POST", `${base}/box-office/release`, { objectLabels: ["A-1-5"] })).body.objects).toEqual([
      { objectLabel: "A-1-5", status: "free" },
    ]);
    expect((await dash(cookie, "POST", `${base}/box-office/not-for-sale`, { objectLabels: ["A-1-7"] })).body.objects).toEqual([
      { objectLabel: "A-1-7", status: "not_for_sale" },
    ]);
    const hold = await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.pk, body: { objectLabels: ["A-1-7"], holdToken: "buyer-token-3" } });
    expect(hold.body.failed).toEqual([{ objectLabel: "A-1-7", reason: "not_for_sale" }]);
    expect((await dash(cookie, "POST", `${base}/box-office/for-sale`, { objectLabels: ["A-1-7"] })).status).toBe(200);
    await dash(cookie, "POST", `${base}/box-office/book`, { objectLabels: ["A-1-9"], orderId: "box-21" });
    expect((await dash(cookie, "POST", `${base}/reset`)).body).toEqual({ eventKey: ev.eventKey, reset: true });
    expect((await call("GET", `/api/v1/events/${ev.eventKey}/status`, { key: ev.sk })).body.objects).toEqual([]);
  });
});

describe("selection rules", () => {
  it("are read and replaced through the dashboard, enforced on buyers' holds, and shown on the event page", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    const path = `/dashboard/api/sandbox/events/${ev.eventKey}/selection-rules`;
    expect((await dash(cookie, "GET", path)).body).toEqual({});
    const rules = { maxSeatsPerToken: 2, maxSeatsPerCategory: { "vip.front row": 1 }, noOrphanSeats: true };
    const saved = await dash(cookie, "PUT", path, rules);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(rules);
    expect((await call("GET", `/api/v1/events/${ev.eventKey}`, { key: ev.sk })).body.selectionRules).toEqual(rules);
    const hold = await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, {
      key: ev.pk,
      body: { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: "rules-token-1" },
    });
    expect(hold.status).toBe(409);
    expect(hold.body.code).toBe("selection_rule_violated");
    // The box office is exempt.
    expect(
      (
        await dash(cookie, "POST", `/dashboard/api/sandbox/events/${ev.eventKey}/box-office/book`, {
          objectLabels: ["A-1-1", "A-1-2", "A-1-3"],
          orderId: "r-1",
        })
      ).status,
    ).toBe(200);
    const page = await (await fetchWorker(`/dashboard/sandbox/events/${ev.eventKey}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('id="rules-title"');
    expect(page).toMatch(/id="rule-per-token"[^>]*value="2"|value="2"[^>]*id="rule-per-token"/);
    expect(page).toContain('data-key="vip.front row"');
    const bad = await dash(cookie, "PUT", path, { maxSeatsPerToken: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_failed", errors: { maxSeatsPerToken: expect.any(Array) } });
    expect((await dash(cookie, "PUT", path, {})).body).toEqual({});
    expect((await dash(cookie, "GET", `/dashboard/api/production/events/${ev.eventKey}/selection-rules`)).body.code).toBe("event_not_found");
  });
});

describe("accessible seating (docs/accessibility.md)", () => {
  it("the event page shows the hold-back form; saving it holds wheelchair spaces back from buyers", async () => {
    const { keys, cookie } = await signedIn();
    const layout = smallLayout(6);
    Object.assign(layout.sections[0]!.rows[0]!.seats[0]!, { features: ["wheelchair"] });
    const ev = await newEvent({ keys, layout });
    const label = "A-1-1";
    const path = `/dashboard/api/sandbox/events/${ev.eventKey}/accessibility`;
    const saved = await dash(cookie, "PUT", path, { holdBack: true, releaseWhen: "at", releaseAt: "2030-05-01T18:30" });
    expect(saved.body).toEqual({ holdBack: true, releaseWhen: { at: "2030-05-01T18:30:00.000Z" } });
    const hold = await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.pk, body: { objectLabels: [label], holdToken: "access-token-1" } });
    expect(hold.body.failed).toEqual([{ objectLabel: label, reason: "accessible_only" }]);
    const page = await (await fetchWorker(`/dashboard/sandbox/events/${ev.eventKey}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain('id="access-title"');
    expect(page).toContain('value="2030-05-01T18:30"');
    const bad = await dash(cookie, "PUT", path, { holdBack: true, releaseWhen: "at" });
    expect(bad.body).toMatchObject({ code: "validation_failed", errors: { releaseAt: expect.any(Array) } });
    expect((await dash(cookie, "PUT", path, { holdBack: false, releaseWhen: "section_sold_out" })).body).toEqual({
      holdBack: false,
      releaseWhen: "section_sold_out",
    });
  });
});

describe("sales over time", () => {
  it("counts booked and held places at the end of each span, seats and GA alike", async () => {
    const ev = await newEvent();
    const hold = (labels: string[], token: string, extra = {}) =>
      call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.sk, body: { objectLabels: labels, holdToken: token, ...extra } });
    await hold(["A-1-1", "A-1-2", "A-1-3"], "sales-token-1");
    await call("POST", `/api/v1/events/${ev.eventKey}/seats/book`, { key: ev.sk, body: { objectLabels: ["A-1-1", "A-1-2"], holdToken: "sales-token-1" } });
    await hold(["Floor"], "sales-token-2", { objectType: "generalAdmission", quantity: 5 });
    await hold(["Floor"], "sales-token-2", { objectType: "generalAdmission", quantity: 7 });
    await call("POST", `/api/v1/events/${ev.eventKey}/seats/book`, { key: ev.sk, body: { objectLabels: ["Floor"], holdToken: "sales-token-2" } });
    await call("POST", `/api/v1/events/${ev.eventKey}/seats/release`, { key: ev.sk, body: { objectLabels: ["A-1-2"] } });
    const result = await stubOf(ev).salesTimeline(60);
    if (!result.ok) throw new Error(result.message);
    const last = result.value.points.at(-1)!;
    expect(last).toMatchObject({ booked: 1 + 7, held: 1 });
    expect(result.value.from).not.toBeNull();
    expect(result.value.points.length).toBeLessThanOrEqual(60);
    const { cookie } = await signedIn(ev.keys);
    const viaRoute = await dash<{ points: { booked: number; held: number }[] }>(cookie, "GET", `/dashboard/api/sandbox/events/${ev.eventKey}/sales?spans=10`);
    expect(viaRoute.body.points.at(-1)).toMatchObject({ booked: 8, held: 1 });
  });

  it("is empty before anything happens", async () => {
    const ev = await newEvent();
    expect(await stubOf(ev).salesTimeline(60)).toEqual({ ok: true, value: { from: null, spanMs: 0, points: [] } });
  });
});

describe("pages", () => {
  it("render every page of a busy workspace without a secret key, and unknown things as pages with their status", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    await dash(cookie, "POST", `/dashboard/api/sandbox/events/${ev.eventKey}/box-office/book`, { objectLabels: ["A-1-1"], orderId: "page-1" });
    const hook = await call("POST", "/api/v1/webhooks", { key: keys.skTest, body: { url: "http://127.0.0.1:9/seats", events: ["seat.booked"] } });
    const test = await dash(cookie, "POST", `/dashboard/api/sandbox/webhooks/${hook.body.id}/test`);
    expect(test.status).toBe(202);
    const pages = [
      "/dashboard/sandbox/keys",
      "/dashboard/production/keys",
      "/dashboard/sandbox/charts",
      `/dashboard/sandbox/charts/${ev.chartKey}`,
      "/dashboard/sandbox/events",
      `/dashboard/sandbox/events/${ev.eventKey}`,
      "/dashboard/sandbox/webhooks",
      `/dashboard/sandbox/webhooks/${hook.body.id}`,
      `/dashboard/sandbox/webhooks/${hook.body.id}/deliveries/${test.body.deliveryId}`,
    ];
    for (const path of pages) {
      const res = await fetchWorker(path, { headers: { Cookie: cookie } });
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).not.toMatch(/sk_(live|test)_|whsec_/);
      expect(html, path).not.toContain(keys.skTest);
    }
    const event = await (await fetchWorker(`/dashboard/sandbox/events/${ev.eventKey}`, { headers: { Cookie: cookie } })).text();
    expect(event).toContain(`data-public-key="${keys.pkTest}"`);
    expect(event).toContain("Reset event");
    const prod = await (await fetchWorker("/dashboard/production/events", { headers: { Cookie: cookie } })).text();
    expect(prod).not.toContain("sandbox-banner");
    for (const [path, status] of [
      ["/dashboard/sandbox/events/nope", 404],
      ["/dashboard/sandbox/charts/nope", 404],
      ["/dashboard/sandbox/webhooks/wh_nope", 404],
      ["/dashboard/sandbox/no-such-page", 404],
    ] as const) {
      const res = await fetchWorker(path, { headers: { Cookie: cookie } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(await res.text(), path).toContain("Page not found");
    }
    const assets = [...event.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(2);
    for (const src of assets) {
      const res = await fetchWorker(src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("cache-control")).toContain("immutable");
      expect(await res.text(), src).not.toMatch(/sk_(live|test)_|whsec_/);
    }
  });

  it("another workspace's session sees none of this workspace's things", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const ev = await newEvent({ keys: a.keys });
    expect((await dash(b.cookie, "GET", `/dashboard/api/sandbox/events/${ev.eventKey}`)).body.code).toBe("forbidden");
    expect((await dash(b.cookie, "GET", `/dashboard/api/charts/${ev.chartKey}`)).body.code).toBe("forbidden");
    expect(
      (await dash(b.cookie, "POST", `/dashboard/api/sandbox/events/${ev.eventKey}/box-office/book`, { objectLabels: ["A-1-1"], orderId: "x-1" })).status,
    ).toBe(403);
    expect((await call("GET", `/api/v1/events/${ev.eventKey}/status`, { key: ev.sk })).body.objects).toEqual([]);
  });
});
