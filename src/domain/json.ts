import { z } from "@hono/zod-openapi";

/**
 * Arbitrary JSON, as integrators send it in `extraData`. Declared with interfaces rather than a
 * recursive type alias: the Durable Object RPC types check that every result is serialisable, and
 * only the interface form stays within the compiler's depth limit, so results cross the RPC
 * boundary with their real types instead of through a cast.
 */
export type JsonValue = string | number | boolean | null | JsonArray | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}
export interface JsonArray extends Array<JsonValue> {}

/**
 * Deepest nesting of objects and arrays accepted in free-form JSON, the value itself being level 1.
 * Integrators attach order references and a few labelled values; 32 levels is far beyond that, and
 * it keeps every recursive step after this check (zod's own walk, JSON.stringify for the size
 * limit, the webhook and status encoders) well inside the stack. Without it, a body of 10,000
 * nested objects, a few kilobytes that V8's JSON.parse reads happily, overflowed the stack in
 * zod's recursive JSON schema and answered 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The path to the first object or array nested deeper than `maxDepth` levels in `value` (itself
 * level 1), or null when none is. Iterative, with an explicit stack, so that the check which guards
 * against a stack overflow cannot itself overflow; it stops descending at the bound, so its work is
 * bounded by the size of the value.
 */
export function tooDeepPath(value: unknown, maxDepth = MAX_JSON_DEPTH): (string | number)[] | null {
  interface Frame {
    value: object;
    depth: number;
    parent: Frame | null;
    key: string | number;
  }
  if (typeof value !== "object" || value === null) return null;
  const stack: Frame[] = [{ value, depth: 1, parent: null, key: "" }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.depth > maxDepth) {
      const path: (string | number)[] = [];
      for (let f: Frame | null = frame; f?.parent; f = f.parent) path.unshift(f.key);
      return path;
    }
    const entries: [string | number, unknown][] = Array.isArray(frame.value) ? frame.value.map((v, i) => [i, v]) : Object.entries(frame.value);
    // Pushed in reverse, so the first offending path in reading order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
    }
  }
  return null;
}

/**
 * Refuses a value nested deeper than {@link MAX_JSON_DEPTH} with an issue at the offending path.
 * Used ahead of a recursive schema in a pipe: any issue here stops the pipe, so the recursion
 * never sees the deep value.
 */
const boundedDepth = z.unknown().superRefine((value, ctx) => {
  const path = tooDeepPath(value);
  if (path) ctx.addIssue({ code: "custom", path, message: `objects and arrays may be nested at most ${MAX_JSON_DEPTH} levels deep` });
});

/**
 * A JSON object (request bodies are parsed JSON, so every value already is JSON), nested at most
 * {@link MAX_JSON_DEPTH} levels deep: the depth is checked first, iteratively, and only then does
 * zod's recursive JSON schema walk it.
 */
export const jsonObjectSchema: z.ZodType<JsonObject> = boundedDepth.pipe(z.record(z.string(), z.json())).openapi({
  type: "object",
  additionalProperties: true,
  description: `Any JSON object; objects and arrays nested at most ${MAX_JSON_DEPTH} levels deep (the object itself is level 1)`,
});

/** Parses stored JSON text of an object (written by this service), or null for none. */
export function parseJsonObject(text: string | null): JsonObject | null {
  return text ? (JSON.parse(text) as JsonObject) : null;
}

/**
 * A JSON object or null, as answers carry `extraData` (null when none was given). Its OpenAPI type
 * is stated outright: the generator keeps the object's own `type: "object"` and drops the null of
 * `.nullable()`, and a document that says `object` where answers send null fails every validator.
 */
export const jsonObjectOrNullSchema = jsonObjectSchema.nullable().openapi({
  type: ["object", "null"],
  additionalProperties: true,
  description: `A JSON object (nested at most ${MAX_JSON_DEPTH} levels deep), or null when none was given`,
});
