import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";
import { docsPage } from "./docs-page";
import { REFERENCE_SCRIPT } from "./docs-reference-script";
import { findGuide, GUIDE_CSP, guideIndexPage, guidePage } from "./guide-pages";

/**
 * The documentation a person reads on the running service: the API reference at /docs (its script
 * at /docs/reference.js) and the guides at /docs/guides. The machine-readable document the
 * reference renders, /openapi.json, is registered on the root app (src/app.ts) because only there
 * are all routes known. No page runs an inline script.
 */
export const docs = newRouter();

/** The reference page: scripts of this origin only (its own file), styles inline, fetches to this origin. */
const REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Built once per isolate: the pages are static, the document the reference reads is fetched by the browser.
let page: string | undefined;
let index: string | undefined;

docs.get("/docs", (c) => {
  page ??= docsPage();
  c.header("Cache-Control", "no-cache");
  c.header("Content-Security-Policy", REFERENCE_CSP);
  return c.html(page);
});

docs.get("/docs/reference.js", (c) => {
  c.header("Cache-Control", "no-cache");
  c.header("Content-Type", "text/javascript; charset=utf-8");
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(REFERENCE_SCRIPT);
});

docs.get("/docs/guides", (c) => {
  index ??= guideIndexPage();
  c.header("Cache-Control", "no-cache");
  c.header("Content-Security-Policy", GUIDE_CSP);
  return c.html(index);
});

docs.get("/docs/guides/:name", (c) => {
  const guide = findGuide(c.req.param("name"));
  if (!guide) throw new ApiError("not_found", "No such guide: the list is at /docs/guides");
  c.header("Cache-Control", "no-cache");
  c.header("Content-Security-Policy", GUIDE_CSP);
  return c.html(guidePage(guide));
});
