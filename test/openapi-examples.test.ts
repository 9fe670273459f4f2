/**
 * The OpenAPI document shows how each operation is used: an example request body for every
 * operation that takes one and an example answer for every operation, each valid against the
 * document's own schema (@cfworker/json-schema, JSON Schema 2020-12), so that /docs and the generated
 * client's copy of the document never teach a shape the service would refuse or never send.
 */
import { Validator, type Schema } from "@cfworker/json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { OPERATION_EXAMPLES } from "../src/routes/openapi-examples";
import { call } from "./support/fixtures";

interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let doc: Doc;
let operations: { what: string; op: Operation }[];

/** The first problem of `value` against `schema`, or null when it is valid. */
function invalid(schema: Schema | undefined, value: unknown): string | null {
  if (!schema) return "no schema";
  const result = new Validator({ ...schema, $defs: doc.components.schemas } as Schema, "2020-12", false).validate(value);
  return result.valid
    ? null
    : result.errors
        .map((e) => `${e.instanceLocation}: ${e.error}`)
        .slice(-2)
        .join("; ");
}

const first = (content: Record<string, Media> | undefined): Media | undefined => (content ? Object.values(content)[0] : undefined);

beforeAll(async () => {
  const res = await call("GET", "/openapi.json");
  // Component references become local $defs, which the validator resolves from the schema's root.
  doc = JSON.parse(JSON.stringify(res.body).replaceAll("#/components/schemas/", "#/$defs/")) as Doc;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ what: `${op.operationId} (${method.toUpperCase()} ${path})`, op })),
  );
});

describe("examples in the OpenAPI document", () => {
  it("gives every operation that takes a body an example request", () => {
    const missing = operations.filter(({ op }) => op.requestBody && first(op.requestBody.content)?.example === undefined).map(({ what }) => what);
    expect(missing).toEqual([]);
  });

  it("gives every operation an example of its successful answer", () => {
    const missing = operations
      .filter(({ op }) => Object.entries(op.responses).some(([status, r]) => status.startsWith("2") && r.content && first(r.content)?.example === undefined))
      .map(({ what }) => what);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
  });

  it("keeps every example valid against its schema: requests, answers, refusals and parameters", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { what, op } of operations) {
      const body = first(op.requestBody?.content);
      if (body?.example !== undefined) {
        checked++;
        const why = invalid(body.schema, body.example);
        if (why) wrong.push(`${what} request: ${why}`);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const media = first(response.content);
        if (media?.example === undefined) continue;
        checked++;
        const why = invalid(media.schema, media.example);
        if (why) wrong.push(`${what} ${status}: ${why}`);
        const code = (media.example as { statusCode?: number }).statusCode;
        if (!status.startsWith("2") && code !== Number(status)) wrong.push(`${what} ${status}: the example's statusCode is ${code}`);
      }
      for (const p of op.parameters ?? []) {
        if (p.example === undefined || !p.schema) continue;
        checked++;
        const why = invalid(p.schema, p.example);
        if (why) wrong.push(`${what} parameter ${p.name}: ${why}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it("names only operations the document has", () => {
    const ids = new Set(operations.map(({ op }) => op.operationId));
    expect(Object.keys(OPERATION_EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("shows a refusal a buyer meets with its reasons: a seat someone else holds", () => {
    const hold = doc.paths["/api/v1/events/{eventKey}/seats/hold"]!.post!;
    expect(first(hold.responses["409"]!.content)!.example).toMatchObject({ code: "seat_unavailable", failed: [{ reason: "held" }] });
  });
});
