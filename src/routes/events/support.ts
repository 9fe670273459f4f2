import { z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { eventKeyInOtherWorkspace, type EventWithChart } from "../../db/events";
import type { Principal } from "../../http/context";
import { ApiError } from "../../http/errors";
import type { EngineFailure } from "../../engine/types";
import { eventStub } from "../../engine/stub";

/** eventKey: 1 to 128 letters, digits, '.', '_' and '-' (contract §3). */
export const EVENT_KEY = /^[A-Za-z0-9._-]{1,128}$/;

export const eventKeyParam = z.object({
  eventKey: z.string().openapi({ param: { name: "eventKey", in: "path" }, example: "gala-2026" }),
});

/** The event record of contract §3. */
export const eventSchema = z
  .object({
    eventKey: z.string().openapi({ example: "gala-2026" }),
    chartKey: z.string(),
    environment: z.enum(["production", "sandbox"]),
    chartPublishedVersion: z.number().int().nullable().openapi({ description: "The chart's current published version; null when unpublished" }),
    createdAt: z.string(),
  })
  .openapi("Event");

export type EventRecord = z.infer<typeof eventSchema>;

export function eventRecord(row: EventWithChart): EventRecord {
  return {
    eventKey: row.eventKey,
    chartKey: row.chartKey,
    environment: row.environment,
    chartPublishedVersion: row.publishedVersion,
    createdAt: row.createdAt,
  };
}

/** The Durable Object of an event in the caller's workspace and environment. */
export function stubFor(env: Env, principal: Principal, eventKey: string) {
  return eventStub(env, principal.workspaceId, principal.environment, eventKey);
}

/**
 * The error for an event the caller's scope does not have: 403 `forbidden` when the key exists only
 * in another workspace (interface.md Authentication rule 4), else 404 `event_not_found`. The D1
 * look-up runs only on this path, so the hot path never pays for it.
 */
export async function notFound(env: Env, principal: Principal, eventKey: string): Promise<ApiError> {
  if (EVENT_KEY.test(eventKey) && (await eventKeyInOtherWorkspace(db(env), principal.workspaceId, eventKey))) {
    return new ApiError("forbidden", "This event belongs to another workspace");
  }
  return new ApiError("event_not_found", `Event ${eventKey} does not exist`);
}

/**
 * The one place engine outcomes become HTTP: a success passes through without its `ok` flag, a
 * failure becomes the matching ApiError.
 */
export async function unwrap<R extends { ok: boolean }>(
  env: Env,
  principal: Principal,
  eventKey: string,
  result: R,
): Promise<Omit<Extract<R, { ok: true }>, "ok">> {
  if (result.ok) {
    const { ok: _ok, ...rest } = result;
    return rest as unknown as Omit<Extract<R, { ok: true }>, "ok">;
  }
  // RPC results are plain values; the failure branch is an EngineFailure by construction.
  const outcome = result as unknown as EngineFailure;
  if (outcome.code === "event_not_found") throw await notFound(env, principal, eventKey);
  const extra: { failed?: EngineFailure["failed"]; errors?: EngineFailure["errors"] } = {};
  if (outcome.failed) extra.failed = outcome.failed;
  if (outcome.errors) extra.errors = outcome.errors;
  throw new ApiError(outcome.code, outcome.message, extra);
}

/**
 * {@link unwrap} for results whose RPC-wrapped type TypeScript cannot narrow (unions carrying
 * `unknown` JSON): the caller names the success type the engine method returns.
 */
export async function unwrapAs<T>(env: Env, principal: Principal, eventKey: string, result: { ok: boolean }): Promise<T> {
  return (await unwrap(env, principal, eventKey, result)) as unknown as T;
}

/** Splits a comma-separated labels query (at most 200, empty parts ignored). */
export const labelsQuery = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : v
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
  )
  .refine((v) => v === undefined || v.length <= 200, "at most 200 labels")
  .openapi({ type: "string", description: "Comma-separated object labels (at most 200)", example: "A-1-1,A-1-2" });
