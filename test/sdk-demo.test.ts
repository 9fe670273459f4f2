import { describe, expect, it } from "vitest";
import { call } from "./support/fixtures";

// The demo page at `/` and the config endpoint it falls back to.
describe("demo page", () => {
  it("serves HTML that loads the latest SDK and renders the seat map div", async () => {
    const res = await call("GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = res.body as unknown as string;
    expect(html).toContain('<script src="/sdk/latest/seating.js"></script>');
    expect(html).toContain('<div id="seating"></div>');
    expect(html).toContain("new Seating.SeatingChart(");
  });

  it("GET /demo/config names the demo event and at most a publishable key", async () => {
    const res = await call("GET", "/demo/config");
    expect(res.status).toBe(200);
    // A developer's .dev.vars may carry DEMO_PUBLIC_KEY; it is never anything but a pk_ key.
    expect(res.body.eventKey).toBe("demo-event");
    expect(res.body.publicKey === null || /^pk_(test|live)_/.test(res.body.publicKey)).toBe(true);
  });
});
