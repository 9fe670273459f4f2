import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

const encoder = new TextEncoder();

/**
 * Compares two strings in constant time. Both sides are hashed first so the comparison always
 * runs over 32 bytes: neither the token's length nor the position of the first differing
 * character leaks through timing.
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(a)), crypto.subtle.digest("SHA-256", encoder.encode(b))]);
  const x = new Uint8Array(ha);
  const y = new Uint8Array(hb);
  // XOR-accumulate every byte instead of returning at the first difference.
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Guards the operator API. A deployment without `ADMIN_TOKEN` has no operator API at all, so every
 * route answers 404 exactly like an unknown path (nothing tells a prober that it exists). With a
 * token configured, a missing or wrong bearer token is 401.
 */
export function adminAuth() {
  return createMiddleware<AppEnv>(async function adminAuth(c, next) {
    const expected = c.env.ADMIN_TOKEN;
    if (!expected) throw new ApiError("not_found", "No such route");
    const given = bearerToken(c.req.header("authorization"));
    if (given === null || !(await constantTimeEqual(given, expected))) {
      throw new ApiError("unauthorized", "A valid operator token is required in the Authorization header (Bearer)");
    }
    await next();
  });
}
