import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, api, call, expectError, expectOk, newEvent, send, smallLayout, token, type EventFixture } from "./support/fixtures";

/** Every failure answers the one error envelope; see test/errors-fuzz.test.ts for garbage input. */

let f: EventFixture;
beforeAll(async () => {
  f = await newEvent();
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/nope"],
    ["GET", "/api"],
    ["GET", "/api/v1"],
    ["GET", "/api/v1/"],
    ["GET", "/api/v1/nope"],
    ["GET", "/api/v2/charts"],
    ["POST", "/api/v1/charts/a/b/c/d"],
    ["GET", "/admin"],
    ["GET", "/favicon.ico"],
    ["POST", "/nope"],
    ["DELETE", "/"],
  ])("%s %s is 404 not_found", async (method, path) => {
    expectError(await call(method, path, { key: f.sk }), 404, "not_found");
  });

  it("answers an unknown route without a key as 404 not_found too", async () => {
    expectError(await call("GET", "/nope"), 404, "not_found");
  });

  it("answers an unknown operator route with the token as 404 not_found", async () => {
    expectError(await call("GET", "/admin/v1/nope", { headers: ADMIN }), 404, "not_found");
  });

  it.each([
    ["PUT", "/api/v1/charts"],
    ["DELETE", "/api/v1/charts"],
    ["PUT", "/api/v1/charts/some-chart"],
    ["GET", "/api/v1/charts/some-chart/publish"],
    ["PUT", "/api/v1/events/some-event"],
    ["PATCH", "/api/v1/events/some-event/status"],
    ["GET", "/api/v1/events/some-event/seats/hold"],
    ["PUT", "/api/v1/webhooks"],
    ["POST", "/sdk/v5.11.0/seating.js"],
    ["GET", "/admin/v1/workspaces"],
    ["PATCH", "/admin/v1/workspaces"],
  ])("an unsupported method (%s %s) gets the JSON envelope, never a bare text", async (method, path) => {
    const res = await call(method, path, { key: f.sk, headers: ADMIN });
    expect([404, 405]).toContain(res.status);
    expectError(res, res.status, res.status === 404 ? "not_found" : undefined);
  });
});

describe("request bodies", () => {
  it.each([["{"], ['{"name": "abc",}'], ["{name: 'abc'}"], ["nul"], ['{"name": "ab'], [""]])("malformed JSON %j is 400 validation_failed", async (rawBody) => {
    const res = await call("POST", "/api/v1/charts", { key: f.sk, rawBody });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
  });

  it.each([["[]"], ['"a string"'], ["42"], ["null"], ["true"], ['[{"name":"abc"}]']])(
    "a body of the wrong type (%s) is 400 with errors.body",
    async (rawBody) => {
      for (const [path, key] of [
        ["/api/v1/charts", f.sk],
        ["/api/v1/events/some-event/seats/hold", f.pk],
      ]) {
        const res = await call("POST", path, { key, rawBody });
        expectError(res, 400, "validation_failed");
        expect(res.body.errors).toHaveProperty("body");
      }
    },
  );

  it.each([
    ["text/plain", '{"name":"Plain text","objectLabels":["A-1-1"],"holdToken":"token-123456"}'],
    ["application/x-www-form-urlencoded", "name=Form+body"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart\r\n--x--'],
    ["application/xml", "<name>XML</name>"],
  ])("a %s body is refused with the envelope (not a 500), and holds nothing", async (contentType, rawBody) => {
    for (const [path, key] of [
      ["/api/v1/charts", f.sk],
      [`/api/v1/events/${f.eventKey}/seats/hold`, f.pk],
    ]) {
      const res = await call("POST", path, { key, rawBody, headers: { "Content-Type": contentType } });
      expect([400, 415]).toContain(res.status);
      expectError(res, res.status, res.status === 415 ? "unsupported_media_type" : "validation_failed");
    }
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("refuses a JSON body sent without a Content-Type header (not a 500)", async () => {
    const res = await send(
      new Request("http://service.test/api/v1/charts", {
        method: "POST",
        headers: { "X-Api-Key": f.sk },
        body: new TextEncoder().encode('{"name":"No type"}'),
      }),
    );
    expect([400, 415]).toContain(res.status);
    expectError(res, res.status, res.status === 415 ? "unsupported_media_type" : "validation_failed");
  });

  it("accepts application/json with a charset", async () => {
    const res = await call("POST", "/api/v1/charts", {
      key: f.sk,
      rawBody: JSON.stringify({ name: "With charset" }),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expectOk(res, 201);
  });
});

describe("validation failures name their paths", () => {
  it("maps each failing property to its messages, nested paths dotted", async () => {
    const layout = smallLayout(3);
    layout.sections[0].rows[0].seats[2].categoryKey = "nope";
    (layout.generalAdmission[0] as { capacity: number }).capacity = 0;
    const res = await call("POST", "/api/v1/charts", { key: f.sk, body: { name: "ab", draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    const errors = res.body.errors as Record<string, string[]>;
    expect(errors.name?.length).toBeGreaterThan(0);
    expect(errors["draftVersion.generalAdmission.0.capacity"]?.length).toBeGreaterThan(0);
  });

  it("reports cross-object layout rules at the offending element", async () => {
    const layout = smallLayout(3);
    layout.sections[0].rows[0].seats[2].categoryKey = "nope";
    const res = await call("POST", "/api/v1/charts", { key: f.sk, body: { name: "Valid name", draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty(["draftVersion.sections.0.rows.0.seats.2.categoryKey"]);
  });

  it("validates query parameters and path parameters the same way", async () => {
    const q = await call("GET", "/api/v1/charts?limit=abc", { key: f.sk });
    expectError(q, 400, "validation_failed");
    expect(q.body.errors).toHaveProperty("limit");
    const p = await call("POST", `/admin/v1/workspaces/${f.keys.workspaceKey}/secret-keys/staging`, { headers: ADMIN });
    expectError(p, 400, "validation_failed");
    expect(p.body.errors).toHaveProperty("environment");
  });

  it("answers a missing required field with its name, and names every failing property of a hold", async () => {
    const missing = await call("POST", "/api/v1/events/some-event/seats/hold", { key: f.pk, body: { holdToken: token() } });
    expectError(missing, 400, "validation_failed");
    expect(missing.body.errors).toHaveProperty("objectLabels");
    const both = await api.hold(f, { objectLabels: "x", holdToken: "short" });
    expectError(both, 400, "validation_failed");
    expect(Object.keys(both.body.errors)).toEqual(expect.arrayContaining(["objectLabels", "holdToken"]));
  });
});
