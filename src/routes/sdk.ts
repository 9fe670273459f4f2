import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cors } from "hono/cors";
import { SDK_ARCHIVE, SDK_CATALOGS, SDK_PARTS, SDK_VERSION, SEATING_JS, SEATING_JS_ETAG, SEATING_MJS, SEATING_MJS_ETAG } from "../../dist/sdk/bundle.js";
import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";

/**
 * The browser SDK bundle (docs/sdk.md#files-versions-and-caching): the current version at an immutable
 * versioned path, and `latest` with a short cache. The bundle text is built by scripts/build-sdk.mjs
 * and compiled into the Worker, so serving it needs no storage binding.
 *
 * Files: `seating.js` (classic script defining the global `Seating`) and `seating.mjs` (ES module
 * exporting `SeatingChart`), the parts of the SDK both import only when a chart needs them
 * (`large-map.mjs`, the renderer of maps above 10,000 objects), and `i18n/{language}.json`, the messages of each language but English
 * (docs/languages.md), which the SDK fetches when a chart speaks that language (English is built in).
 * Earlier versions stay served as they were published (sdk-archive/), so a page that pinned one keeps
 * working after a release. Any other version or file is 404 `not_found`.
 */
export const sdk = newRouter();

// Maps, not object literals: a segment such as "__proto__" or "constructor" must miss, not hit Object.prototype.
const FILES = new Map<string, { body: string; etag: string }>([
  ["seating.js", { body: SEATING_JS, etag: SEATING_JS_ETAG }],
  ["seating.mjs", { body: SEATING_MJS, etag: SEATING_MJS_ETAG }],
  // The parts a chart imports only when it needs them ("large-map.mjs"), at the bundle's version.
  ...Object.entries(SDK_PARTS),
]);

/** The catalogs by file name ("de.json"). */
const CATALOG_FILES = new Map<string, { body: string; etag: string }>(Object.entries(SDK_CATALOGS).map(([language, file]) => [`${language}.json`, file]));

const IMMUTABLE = "public, max-age=31536000, immutable";
/** The earlier versions served, for the route's description (" (v5.10.0)"). */
const ARCHIVED =
  Object.keys(SDK_ARCHIVE).length > 0
    ? ` (${Object.keys(SDK_ARCHIVE)
        .map((v) => `v${v}`)
        .join(", ")})`
    : "";

/** Cache policy per version segment: a published version never changes, `latest` does. */
const CACHE = new Map<string, string>([
  [`v${SDK_VERSION}`, IMMUTABLE],
  ["latest", "public, max-age=300"],
]);

/**
 * Earlier versions as they were published (sdk-archive/ in the repository), by version segment
 * ("v5.10.0"): a page that pinned one keeps getting exactly those files after a release.
 */
const ARCHIVE = new Map(
  Object.entries(SDK_ARCHIVE).map(([version, v]) => [
    `v${version}`,
    { files: new Map(Object.entries(v.files)), catalogs: new Map(Object.entries(v.catalogs)) },
  ]),
);

/** The file `name` under a version segment and its caching, or undefined (no such version or file). */
function fileAt(version: string, name: string, current: Map<string, { body: string; etag: string }>, kind: "files" | "catalogs") {
  const cacheControl = CACHE.get(version);
  if (cacheControl !== undefined) {
    const asset = current.get(name);
    return asset && { asset, cacheControl };
  }
  const asset = ARCHIVE.get(version)?.[kind].get(name);
  return asset && { asset, cacheControl: IMMUTABLE };
}

// Script tags and module imports from any site load the SDK; 404s carry the header too.
sdk.use("*", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));

const file = createRoute({
  method: "get",
  path: "/{version}/{file}",
  operationId: "getSdkBundle",
  summary: "Browser SDK bundle",
  description: `seating.js (global \`Seating\`), seating.mjs (ES module) or a part they import on demand (${Object.keys(SDK_PARTS).join(", ")}), at /sdk/v${SDK_VERSION}/… (immutable) or /sdk/latest/… (5 minutes).`,
  tags: ["SDK"],
  request: {
    params: z.object({
      version: z.string().openapi({ example: `v${SDK_VERSION}`, description: `v${SDK_VERSION}, an earlier version as published${ARCHIVED}, or latest` }),
      file: z.string().openapi({ example: "seating.js", description: `seating.js, seating.mjs or ${Object.keys(SDK_PARTS).join(", ")}` }),
    }),
  },
  responses: {
    200: { description: "The bundle", content: { "text/javascript": { schema: z.string() } } },
    304: { description: "Not modified (If-None-Match)" },
    404: { description: "No such version or file" },
  },
});

/** A file of the SDK with the version segment's caching, its ETag and a 304 for a matching If-None-Match. */
function serve(c: Context, cacheControl: string, asset: { body: string; etag: string }, contentType: string) {
  const headers = { "Content-Type": contentType, "Cache-Control": cacheControl, ETag: asset.etag, "X-Content-Type-Options": "nosniff" };
  if (c.req.header("If-None-Match") === asset.etag) return c.body(null, 304, headers);
  return c.body(asset.body, 200, headers);
}

sdk.openapi(file, (c) => {
  const { version, file: name } = c.req.valid("param");
  const found = fileAt(version, name, FILES, "files");
  if (!found) throw new ApiError("not_found", `No SDK file ${version}/${name}; the current version is v${SDK_VERSION}`);
  return serve(c, found.cacheControl, found.asset, "text/javascript; charset=utf-8");
});

const catalog = createRoute({
  method: "get",
  path: "/{version}/i18n/{file}",
  operationId: "getSdkMessages",
  summary: "Browser SDK messages in one language",
  description:
    `The messages of one language as JSON, \`{ messageId: text }\` (docs/languages.md): ${Object.keys(SDK_CATALOGS).join(", ")}. ` +
    `English is built into the bundle. At /sdk/v${SDK_VERSION}/i18n/… (immutable) or /sdk/latest/i18n/… (5 minutes).`,
  tags: ["SDK"],
  request: {
    params: z.object({
      version: z.string().openapi({ example: `v${SDK_VERSION}`, description: `v${SDK_VERSION}, an earlier version as published${ARCHIVED}, or latest` }),
      file: z.string().openapi({ example: "de.json", description: "{language}.json" }),
    }),
  },
  responses: {
    200: { description: "The messages", content: { "application/json": { schema: z.record(z.string(), z.string()) } } },
    304: { description: "Not modified (If-None-Match)" },
    404: { description: "No such version or language" },
  },
});

sdk.openapi(catalog, (c) => {
  const { version, file: name } = c.req.valid("param");
  const found = fileAt(version, name, CATALOG_FILES, "catalogs");
  if (!found) throw new ApiError("not_found", `No SDK messages ${version}/i18n/${name}; the current version is v${SDK_VERSION}`);
  return serve(c, found.cacheControl, found.asset, "application/json; charset=utf-8");
});
