import { describe, expect, it } from "vitest";
import { call, newWorkspace } from "./support/fixtures";

describe("test helpers", () => {
  it("provision a workspace whose keys have the four prefixes", async () => {
    const keys = await newWorkspace();
    expect(keys.pkLive).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(keys.pkTest).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(keys.skLive).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(keys.skTest).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const res = await call("GET", "/nope", { key: keys.skLive });
    expect(res.status).toBe(404);
  });
});
