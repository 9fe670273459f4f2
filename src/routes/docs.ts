import { newRouter } from "../http/app-factory";
import { DOCS_SCRIPT, docsPage } from "./docs-page";
import { pageSecurityHeaders } from "./page-security";

/**
 * The human-readable API reference at /docs. The machine-readable document it renders,
 * /openapi.json, is registered on the root app (src/app.ts) because only there are all routes known.
 */
export const docs = newRouter();

// Built once per isolate: the page is static, the document it reads is fetched by the browser.
let page: string | undefined;

docs.get("/docs", (c) => {
  page ??= docsPage();
  return c.html(page, 200, { "Cache-Control": "no-cache", ...pageSecurityHeaders });
});

// The page's script as a file of our own origin: the page's CSP allows no inline script.
docs.get("/docs/app.js", (c) =>
  c.body(DOCS_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" }),
);
