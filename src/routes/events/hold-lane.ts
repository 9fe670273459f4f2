/**
 * The hold route's fast lane. A hold is what an on-sale rush sends thousands of times a second,
 * and the general router's path (middleware stack, typed validators, context objects) cost about a
 * fifth of a hold's whole CPU in the bench (BENCHMARKS.md "Hold cost"). So the Worker's entry
 * answers a well-formed hold here, with the same steps in the same order as the router's route:
 * CORS and Server-Timing headers, the key, the sandbox and per-client limits, the body parsed and
 * validated by the same schemas, the same decision of the event object, and every failure as the
 * one envelope. Anything unusual (another content type, a percent-encoded event key) is left to the
 * router, which stays the reference implementation and is tested on its own.
 */
import { holdRequestSchema } from "../../domain/seats";
import { authenticate } from "../../http/auth";
import { checkClientLimit, clientAddress } from "../../http/client-limit";
import { addCorsHeaders } from "../../http/cors";
import { asApiError, errorJson } from "../../http/errors";
import { checkSandboxLimit } from "../../http/rate-limit";
import { serverTimingValue } from "../../http/server-timing";
import { isJsonContentType, malformedJsonError, validated } from "../../http/validation";
import { holdFor } from "./seats";
import { eventKeyParam } from "./support";

const HOLD_PATH = /^\/api\/v1\/events\/([A-Za-z0-9._~-]+)\/seats\/hold$/;

/** The event key of a request the lane answers (a POST of JSON to a plain hold path), else null. */
export function holdLaneEventKey(request: Request): string | null {
  if (request.method !== "POST") return null;
  // An idempotent hold goes through the router, whose middleware claims the key (http/idempotency.ts).
  if (request.headers.has("idempotency-key")) return null;
  if (!isJsonContentType(request.headers.get("content-type"))) return null;
  const path = request.url.slice(request.url.indexOf("/", request.url.indexOf("//") + 2)).split("?")[0]!;
  return HOLD_PATH.exec(path)?.[1] ?? null;
}

/** Answers POST /api/v1/events/{eventKey}/seats/hold as the router's route would. */
export async function serveHoldLane(request: Request, env: Env, eventKey: string): Promise<Response> {
  const start = performance.now();
  let res: Response;
  try {
    res = Response.json(await hold(request, env, eventKey));
  } catch (err) {
    res = errorJson(asApiError(err));
  }
  addCorsHeaders(res.headers);
  res.headers.append("Server-Timing", serverTimingValue(start));
  return res;
}

async function hold(request: Request, env: Env, eventKey: string) {
  const principal = await authenticate(env, request.headers.get("x-api-key"));
  await checkSandboxLimit(env, principal);
  const client = clientAddress(request.headers);
  await checkClientLimit(env, principal, client, eventKey);
  const { eventKey: key } = validated(eventKeyParam, { eventKey });
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    // The router's JSON validator says the same (app.ts fromHttpException).
    throw malformedJsonError();
  }
  return holdFor(env, principal, client, key, validated(holdRequestSchema, raw));
}
