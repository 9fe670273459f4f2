import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("smoke", () => {
  it("answers unknown routes with the error envelope", async () => {
    const res = await exports.default.fetch("http://x/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: "not_found" });
  });
});
