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

/** A JSON object (request bodies are parsed JSON, so every value already is JSON). */
export const jsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), z.json()).openapi({ type: "object", additionalProperties: true });

/** Parses stored JSON text of an object (written by this service), or null for none. */
export function parseJsonObject(text: string | null): JsonObject | null {
  return text ? (JSON.parse(text) as JsonObject) : null;
}
