import { createRoute, z } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { SDK_VERSION, SEATING_JS, SEATING_JS_ETAG, SEATING_MJS, SEATING_MJS_ETAG } from "../../dist/sdk/bundle.js";
import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";

/**
 * The browser SDK bundle (interface.md "Versioning" rules 5–8): the current version at an immutable
 * versioned path, and `latest` with a short cache. The bundle text is built by scripts/build-sdk.mjs
 * and compiled into the Worker, so serving it needs no storage binding.
 *
 * Files: `seating.js` (classic script defining the global `Seating`) and `seating.mjs` (ES module
 * exporting `SeatingChart`). Any other version or file is 404 `not_found`.
 */
export const sdk = newRouter();

// Maps, not object literals: a segment such as "__proto__" or "constructor" must miss, not hit Object.prototype.
const FILES = new Map<string, { body: string; etag: string }>([
  ["seating.js", { body: SEATING_JS, etag: SEATING_JS_ETAG }],
  ["seating.mjs", { body: SEATING_MJS, etag: SEATING_MJS_ETAG }],
]);

/** Cache policy per version segment: a published version never changes, `latest` does. */
const CACHE = new Map<string, string>([
  [`v${SDK_VERSION}`, "public, max-age=31536000, immutable"],
  ["latest", "public, max-age=300"],
]);

// Script tags and module imports from any site load the SDK; 404s carry the header too.
sdk.use("*", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));

const file = createRoute({
  method: "get",
  path: "/{version}/{file}",
  operationId: "getSdkBundle",
  summary: "Browser SDK bundle",
  description: `seating.js (global \`Seating\`) or seating.mjs (ES module), at /sdk/v${SDK_VERSION}/… (immutable) or /sdk/latest/… (5 minutes).`,
  tags: ["SDK"],
  request: {
    params: z.object({
      version: z.string().openapi({ example: `v${SDK_VERSION}`, description: `v${SDK_VERSION} or latest` }),
      file: z.string().openapi({ example: "seating.js", description: "seating.js or seating.mjs" }),
    }),
  },
  responses: {
    200: { description: "The bundle", content: { "text/javascript": { schema: z.string() } } },
    304: { description: "Not modified (If-None-Match)" },
    404: { description: "No such version or file" },
  },
});

sdk.openapi(file, (c) => {
  const { version, file: name } = c.req.valid("param");
  const cacheControl = CACHE.get(version);
  const asset = FILES.get(name);
  if (!cacheControl || !asset) throw new ApiError("not_found", `No SDK file ${version}/${name}; the current version is v${SDK_VERSION}`);
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": cacheControl,
    ETag: asset.etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (c.req.header("If-None-Match") === asset.etag) return c.body(null, 304, headers);
  return c.body(asset.body, 200, headers);
});
