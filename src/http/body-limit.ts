import type { Context } from "hono";
import type { KeyKind } from "../keys/keys";
import { ApiError } from "./errors";

/**
 * Request body limits (docs/security.md). A body is refused with 413 `payload_too_large` before it is
 * read past its limit, whether it declares its length or arrives chunked: nothing after this step
 * (validation, the idempotency hash) ever holds more than the limit in memory.
 */

/** Any request: far above any JSON body of the API except a chart's layout. */
export const BODY_LIMIT = 1024 * 1024;
/** A request made with a publishable key: a hold of 200 labels with 1 KiB of extraData is about 10 KiB. */
export const PUBLIC_KEY_BODY_LIMIT = 64 * 1024;
/**
 * A chart's layout (create and draft replacement, through the API or the dashboard), secret key or
 * session only: a 100,000-seat stadium in the explicit form is 6 to 10 MB (docs/charts.md#the-layout).
 */
export const LAYOUT_BODY_LIMIT = 32 * 1024 * 1024;

/** The routes whose body is a chart layout: POST …/charts and PATCH …/charts/{chartKey}. */
const LAYOUT_ROUTE = /^\/(?:api\/v1|dashboard\/api)\/charts(?:\/[^/]+)?\/?$/;

/** The body limit of a request, by its route and (for the API) the kind of key it came with. */
export function bodyLimitOf(method: string, path: string, kind: KeyKind | undefined): number {
  if (kind === "public") return PUBLIC_KEY_BODY_LIMIT;
  if ((method === "POST" || method === "PATCH") && LAYOUT_ROUTE.test(path)) return LAYOUT_BODY_LIMIT;
  return BODY_LIMIT;
}

function tooLarge(limit: number): ApiError {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MiB` : `${limit / 1024} KiB`;
  return new ApiError("payload_too_large", `The request body is larger than ${size}, the limit of this request`);
}

/**
 * Holds the request's body to `limit` bytes. A declared Content-Length is judged without reading
 * (the runtime never delivers more than it declares); a body of unknown length (chunked) is read
 * up to the limit and refused at the first byte past it, or else put back as a buffer for the
 * handlers. 413 `payload_too_large` either way.
 */
export async function limitBody(c: Context, limit: number): Promise<void> {
  const req = c.req.raw;
  if (req.body === null) return;
  const declared = req.headers.get("content-length");
  if (declared !== null && !req.headers.has("transfer-encoding")) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length > limit) throw tooLarge(limit);
    return;
  }
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(req, { body });
}
