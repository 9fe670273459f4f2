import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { MAX_JSON_DEPTH, tooDeepPath } from "../src/domain/json";
import { api, call, expectError, expectOk, newEvent, send, token, type EventFixture } from "./support/fixtures";

/**
 * Free-form JSON (extraData) is nested at most MAX_JSON_DEPTH levels: deeper is 400
 * validation_failed naming the path, never a 500 from a recursion that ran out of stack. Holds reach
 * the service through two doors (the Worker entry's fast lane and the router), and both must refuse
 * alike.
 */

/** The JSON text of an object nested `levels` deep along key `a`, its innermost object `{"leaf":1}`; built as text, as no recursion may touch it. */
function nestedObjectText(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{"leaf":1}' + "}".repeat(levels - 1);
}

/** The JSON text of arrays nested `levels` deep, the innermost `[1]`. */
function nestedArrayText(levels: number): string {
  return "[".repeat(levels) + "1" + "]".repeat(levels);
}

/** A hold body whose extraData is the given JSON text. */
function holdText(extraData: string, holdToken = token()): string {
  return `{"objectLabels":["A-1-1"],"holdToken":"${holdToken}","extraData":${extraData}}`;
}

const app = createApp();

/** POSTs a raw JSON body to a hold path through the fast lane (the Worker entry) or the router alone. */
async function holdVia(via: "lane" | "router", f: EventFixture, body: string, path = `/api/v1/events/${f.eventKey}/seats/hold`) {
  const request = new Request(`http://service.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", "X-Api-Key": f.pk }, body });
  if (via === "lane") return send(request);
  const res = await app.fetch(request, env, createExecutionContext());
  return { request: `${request.method} ${path}`, status: res.status, headers: res.headers, body: await res.json() };
}

/** The `errors` key naming the first container past the bound: extraData, then `steps` along the path. */
const pathKey = (...steps: (string | number)[]) => ["extraData", ...steps].join(".");

describe("tooDeepPath", () => {
  it("finds the first container past the bound, with its path, without recursion", () => {
    expect(tooDeepPath(JSON.parse(nestedObjectText(MAX_JSON_DEPTH)))).toBeNull();
    expect(tooDeepPath(JSON.parse(nestedObjectText(MAX_JSON_DEPTH + 1)))).toEqual(Array(MAX_JSON_DEPTH).fill("a"));
    expect(tooDeepPath(JSON.parse(nestedArrayText(100_000)))).toEqual(Array(MAX_JSON_DEPTH).fill(0));
    expect(tooDeepPath({ x: 1, list: [{}, { b: [[[]]] }] }, 4)).toEqual(["list", 1, "b", 0]);
    expect(tooDeepPath({ first: [[]], second: [[[]]] }, 3)).toEqual(["second", 0, 0]);
    for (const flat of [null, 1, "s", true, {}, []]) expect(tooDeepPath(flat, 1)).toBeNull();
  });

  it("agrees with a recursive measure of depth on random JSON", () => {
    const depth = (v: unknown): number => (typeof v !== "object" || v === null ? 0 : 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v)).map(depth)));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, bound) => {
        expect(tooDeepPath(value, bound) === null).toBe(depth(value) <= bound);
      }),
    );
  });
});

describe("extraData nesting", () => {
  it.each(["lane", "router"] as const)(`accepts extraData exactly ${MAX_JSON_DEPTH} levels deep through the %s`, async (via) => {
    const f = await newEvent();
    const res = await holdVia(via, f, holdText(nestedObjectText(MAX_JSON_DEPTH)));
    expectOk(res);
    expect(JSON.stringify(res.body.objects[0].extraData)).toBe(nestedObjectText(MAX_JSON_DEPTH));
  });

  it.each(["lane", "router"] as const)("through the %s, refuses deeper extraData with 400 naming its path, and holds nothing", async (via) => {
    const f = await newEvent();
    const cases: [text: string, key: string][] = [
      [nestedObjectText(MAX_JSON_DEPTH + 1), pathKey(...Array(MAX_JSON_DEPTH).fill("a"))],
      [nestedObjectText(10_000), pathKey(...Array(MAX_JSON_DEPTH).fill("a"))],
      [`{"list":${nestedArrayText(10_000)}}`, pathKey("list", ...Array(MAX_JSON_DEPTH - 1).fill(0))],
      // As deep as a publishable key's 64 KiB body allows.
      [`{"ok":[1,2],"deep":${nestedObjectText(10_000)}}`, pathKey("deep", ...Array(MAX_JSON_DEPTH - 1).fill("a"))],
    ];
    for (const [text, key] of cases) {
      const res = await holdVia(via, f, holdText(text));
      expectError(res, 400, "validation_failed");
      expect(Object.keys(res.body.errors)).toEqual([key]);
      expect(res.body.errors[key][0]).toContain(String(MAX_JSON_DEPTH));
    }
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("answers the same refusal through both doors", async () => {
    const f = await newEvent();
    const body = holdText(nestedObjectText(10_000), "same-token-1");
    expect((await holdVia("lane", f, body)).body).toEqual((await holdVia("router", f, body)).body);
  });

  it("refuses deep extraData on hold-best-available too", async () => {
    const f = await newEvent();
    const res = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
      key: f.pk,
      rawBody: `{"holdToken":"${token()}","quantity":2,"extraData":${nestedObjectText(10_000)}}`,
    });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toEqual([pathKey(...Array(MAX_JSON_DEPTH).fill("a"))]);
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("reads a deeply nested body outside extraData without a 500: the parse is iterative and unknown fields are never walked", async () => {
    const f = await newEvent();
    const res = await exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/seats/hold`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": f.pk },
        // 30,000 levels: as deep as a publishable key's 64 KiB body allows.
        body: `{"objectLabels":["A-1-2"],"holdToken":"${token()}","note":${nestedArrayText(30_000)}}`,
      }),
    );
    expect(res.status).toBe(200);
  });
});
