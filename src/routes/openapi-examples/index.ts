/**
 * Examples of every operation of the OpenAPI document, kept apart from the route declarations and
 * keyed by operationId (the server client's method name): a request body for every operation that
 * takes one, the success answer of every operation, and the refusals a caller must plan for. Every
 * other documented error status gets its usual envelope (refusals.ts). /docs shows them beside each
 * operation; test/openapi-examples.test.ts validates each against its schema and fails for an
 * operation without them.
 */
import { ADMIN_EXAMPLES, CHART_EXAMPLES } from "./charts";
import { EVENT_EXAMPLES } from "./events";
import { PRICE_EXAMPLES } from "./prices";
import { usualRefusal } from "./refusals";
import { SEASON_EXAMPLES } from "./seasons";
import { SEAT_EXAMPLES } from "./seats";
import { TEAM_EXAMPLES } from "./team";
import type { ExampleTable } from "./types";
import { SDK_EXAMPLES, WEBHOOK_EXAMPLES } from "./webhooks";

export type { OperationExamples } from "./types";

/** Every operation's examples, by operationId. */
export const OPERATION_EXAMPLES: ExampleTable = {
  ...ADMIN_EXAMPLES,
  ...CHART_EXAMPLES,
  ...EVENT_EXAMPLES,
  ...SEAT_EXAMPLES,
  ...SEASON_EXAMPLES,
  ...PRICE_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
  ...SDK_EXAMPLES,
  ...TEAM_EXAMPLES,
};

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

interface Media {
  schema?: unknown;
  example?: unknown;
}
interface Response {
  content?: Record<string, Media>;
}
interface Parameter {
  name?: string;
  in?: string;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}

/** `content` with `example` on its first media type; a copy, since generated objects may be shared between operations. */
function exemplified(content: Record<string, Media>, example: unknown): Record<string, Media> {
  const [type, media] = Object.entries(content)[0] ?? [];
  return type === undefined ? content : { ...content, [type]: { ...media, example } };
}

/**
 * Puts the examples into a generated document (after the operations are named): on the request
 * body, on path and query parameters, and on each answer's media type.
 */
export function withExamples<D extends object>(document: D): D {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op === undefined) continue;
      const examples = op.operationId === undefined ? undefined : OPERATION_EXAMPLES[op.operationId];
      if (examples?.request !== undefined && op.requestBody?.content) {
        op.requestBody = { ...op.requestBody, content: exemplified(op.requestBody.content, examples.request) };
      }
      if (examples?.params && op.parameters) {
        op.parameters = op.parameters.map((p) =>
          p.name !== undefined && p.in !== "header" && p.name in examples.params! ? { ...p, example: examples.params![p.name] } : p,
        );
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!response.content) continue;
        const example = examples?.responses[status] ?? (status.startsWith("2") ? undefined : usualRefusal(status, method, path));
        if (example !== undefined) op.responses![status] = { ...response, content: exemplified(response.content, example) };
      }
    }
  }
  return document;
}
