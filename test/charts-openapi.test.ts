import { describe, expect, it } from "vitest";
import { call } from "./support/fixtures";

describe("charts in the OpenAPI document", () => {
  it("lists every chart route with the Layout and Chart schemas", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      "/api/v1/charts",
      "/api/v1/charts/{chartKey}",
      "/api/v1/charts/{chartKey}/draft",
      "/api/v1/charts/{chartKey}/published",
      "/api/v1/charts/{chartKey}/publish",
      "/api/v1/charts/{chartKey}/publish-check",
      "/api/v1/charts/{chartKey}/unpublish",
    ]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(["Layout", "Chart", "ChartCreate", "ChartUpdate"]));
    const layout = res.body.components.schemas.Layout;
    expect(layout.properties).toHaveProperty("sections");
    const seats = layout.properties.sections.items.properties.rows.items.properties.seats;
    expect(seats).toMatchObject({ type: "array", items: { required: ["label", "categoryKey"] } });
  });
});
