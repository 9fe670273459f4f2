import { Hono } from "hono";
import { DASHBOARD_CSS, DASHBOARD_CSS_HASH, DASHBOARD_JS, DASHBOARD_JS_HASH, DESIGNER_JS, DESIGNER_JS_HASH } from "../../dist/dashboard/bundle.js";
import { ApiError } from "../http/errors";
import { DASHBOARD_PATH } from "./config";
import type { DashEnv } from "./context";

/**
 * The dashboard's browser module and stylesheet, built by scripts/build-dashboard.mjs and compiled
 * into the Worker (no storage binding, no CDN). Their URLs carry a content hash, so a browser keeps
 * them for a year and a new build is a new URL. They hold no secret, so the sign-in page may load
 * them without a session.
 */
export const assets = new Hono<DashEnv>();

/** The URLs pages link to. */
export const ASSET_URLS = {
  js: `${DASHBOARD_PATH}/assets/dashboard.${DASHBOARD_JS_HASH}.js`,
  css: `${DASHBOARD_PATH}/assets/dashboard.${DASHBOARD_CSS_HASH}.css`,
};

/** The chart designer's module: only its page loads it. */
export const DESIGNER_URL = `${DASHBOARD_PATH}/assets/designer.${DESIGNER_JS_HASH}.js`;

const FILES = new Map<string, { body: string; type: string }>([
  [`dashboard.${DASHBOARD_JS_HASH}.js`, { body: DASHBOARD_JS, type: "text/javascript; charset=utf-8" }],
  [`dashboard.${DASHBOARD_CSS_HASH}.css`, { body: DASHBOARD_CSS, type: "text/css; charset=utf-8" }],
  [`designer.${DESIGNER_JS_HASH}.js`, { body: DESIGNER_JS, type: "text/javascript; charset=utf-8" }],
]);

assets.get("/:file", (c) => {
  const file = FILES.get(c.req.param("file"));
  if (!file) throw new ApiError("not_found", "No such dashboard asset");
  return c.body(file.body, 200, { "Content-Type": file.type, "Cache-Control": "public, max-age=31536000, immutable" });
});
