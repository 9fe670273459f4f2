import { z } from "@hono/zod-openapi";
import { validationError } from "./validation";

/**
 * Cursor pagination shared by every list route: a page is ordered by a key, and the cursor is the
 * last key of the previous page, opaque to clients so the encoding can change within v1.
 */
const CURSOR_PREFIX = "c1.";

/** Query parameters of a list route: `limit` (1..100, default 20) and an optional `cursor`. */
export const listQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, example: 20 }),
  cursor: z
    .string()
    .max(1024)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" } }),
});

/** The cursor that continues after `key` (keys are ASCII, so btoa is safe). */
export function encodeCursor(key: string): string {
  return CURSOR_PREFIX + btoa(key).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The key inside a cursor, or null when the cursor was not made by {@link encodeCursor}. */
export function decodeCursor(cursor: string): string | null {
  if (!cursor.startsWith(CURSOR_PREFIX)) return null;
  const b64 = cursor.slice(CURSOR_PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
  try {
    return atob(b64);
  } catch {
    return null;
  }
}

/**
 * The key a page starts after, or undefined for the first page. A cursor that this service did
 * not make, or that holds no valid key, is 400 `validation_failed`.
 */
export function afterKeyOf(cursor: string | undefined, validKey: RegExp): string | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor);
  if (key === null || !validKey.test(key)) throw validationError({ cursor: ["is not a cursor returned by this endpoint"] });
  return key;
}

/** The `nextCursor` of a page: the last key when more items follow, else null. */
export function nextCursor(hasMore: boolean, lastKey: string | undefined): string | null {
  return hasMore && lastKey !== undefined ? encodeCursor(lastKey) : null;
}
