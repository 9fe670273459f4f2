import { newRouter } from "../http/app-factory";
import { docsPage } from "./docs-page";

/**
 * The human-readable API reference at /docs. The machine-readable document it renders,
 * /openapi.json, is registered on the root app (src/app.ts) because only there are all routes known.
 */
export const docs = newRouter();

// Built once per isolate: the page is static, the document it reads is fetched by the browser.
let page: string | undefined;

docs.get("/docs", (c) => {
  page ??= docsPage();
  c.header("Cache-Control", "no-cache");
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
  );
  return c.html(page);
});
