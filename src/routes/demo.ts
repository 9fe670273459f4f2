import { createRoute, z } from "@hono/zod-openapi";
import { DEMO_PAGE } from "./demo-page";
import { DEMO_SCRIPT } from "./demo-script";
import { pageSecurityHeaders } from "../http/page-security";
import { newRouter } from "../http/app-factory";

declare global {
  interface Env {
    /** Sandbox publishable key of the demo workspace, passed by `npm run dev` (`--var DEMO_PUBLIC_KEY:pk_test_…`). */
    DEMO_PUBLIC_KEY?: string;
    /** The demo event key (default `demo-event`). */
    DEMO_EVENT_KEY?: string;
  }
}

/**
 * The demo page at `/`: the seat map of the demo event, drawn by the SDK from /sdk/latest/seating.js.
 * The page takes `?key=pk_test_…&event=…` from its URL (the link `npm run dev` prints) and otherwise
 * asks GET /demo/config, which answers from the DEMO_PUBLIC_KEY / DEMO_EVENT_KEY vars. Only a
 * publishable key ever reaches the browser.
 */
export const demo = newRouter();

const page = createRoute({
  method: "get",
  path: "/",
  hide: true,
  responses: { 200: { description: "Demo page", content: { "text/html": { schema: z.string() } } } },
});

demo.openapi(page, (c) => c.html(DEMO_PAGE, 200, { "Cache-Control": "no-store", ...pageSecurityHeaders }));

// The page's script as a file of our own origin: the page's CSP allows no inline script.
demo.get("/demo.js", (c) =>
  c.body(DEMO_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" }),
);

const config = createRoute({
  method: "get",
  path: "/demo/config",
  hide: true,
  responses: {
    200: {
      description: "What the demo page renders",
      content: { "application/json": { schema: z.object({ publicKey: z.string().nullable(), eventKey: z.string() }) } },
    },
  },
});

demo.openapi(config, (c) => {
  // Never a secret key here, even by mistake in the var.
  const key = c.env.DEMO_PUBLIC_KEY;
  const publicKey = key && key.startsWith("pk_") ? key : null;
  return c.json({ publicKey, eventKey: c.env.DEMO_EVENT_KEY || "demo-event" }, 200, { "Cache-Control": "no-store" });
});
