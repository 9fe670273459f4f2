/** Seasons in the dashboard (docs/seasons.md): the list and season pages, and the season box office. */
import { describe, expect, it } from "vitest";
import { call, newChart, uniqueKey } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

describe("seasons through the dashboard", () => {
  it("creates a season, shows it, and sells a seat for every event at once", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const eventKeys = [`${seasonKey}-1`, `${seasonKey}-2`];
    const created = await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { seasonKey, chartKey, eventKeys, name: "Home games" });
    expect(created.status).toBe(201);
    const list = await fetchWorker("/dashboard/sandbox/seasons", { headers: { cookie } });
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain("Home games");
    expect(listHtml).not.toContain("sk_test_");
    const page = await fetchWorker(`/dashboard/sandbox/seasons/${seasonKey}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const e of eventKeys) expect(html).toContain(e);
    expect(html).toContain("Season box office");

    const sold = await dash(cookie, "POST", `/dashboard/api/sandbox/seasons/${seasonKey}/sell`, {
      objectLabels: ["A-1-2"],
      orderId: "ST-9",
      partialSeasonKey: "",
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ seasonKey, objects: [{ objectLabel: "A-1-2", status: "booked", orderId: "ST-9" }] });
    for (const e of eventKeys) {
      const st = await call("GET", `/api/v1/events/${e}/status`, { key: keys.skTest });
      expect(st.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-2")).toMatchObject({ status: "booked", seasonKey });
    }
    const again = await dash(cookie, "POST", `/dashboard/api/sandbox/seasons/${seasonKey}/sell`, { objectLabels: ["A-1-2"] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("seat_unavailable");
    expect((await fetchWorker("/dashboard/sandbox/seasons/nope", { headers: { cookie } })).status).toBe(404);
  });

  it("every section, seasons included, has an address without its environment and keeps its place in the environment switch", async () => {
    const { cookie } = await signedIn();
    for (const section of ["keys", "charts", "events", "seasons", "webhooks"]) {
      const bare = await fetchWorker(`/dashboard/${section}`, { headers: { cookie }, redirect: "manual" });
      expect(bare.status, section).toBe(303);
      expect(bare.headers.get("location"), section).toMatch(new RegExp(`/dashboard/(sandbox|production)/${section}$`));
      const switched = await fetchWorker(`/dashboard/environment?environment=production&section=${section}`, { headers: { cookie }, redirect: "manual" });
      expect(switched.headers.get("location"), section).toBe(`/dashboard/production/${section}`);
    }
  });
});
