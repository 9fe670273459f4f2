import { describe, expect, it } from "vitest";
import { call, expectError, newEvent } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

/** The dashboard's event page configures the waiting room (docs/waiting-room.md) and shows its figures. */
describe("waiting room in the dashboard", () => {
  it("is configured through the dashboard, gates buyers' holds, and shows its figures on the event page", async () => {
    const { keys, cookie } = await signedIn();
    const ev = await newEvent({ keys });
    const page = async () => (await fetchWorker(`/dashboard/sandbox/events/${ev.eventKey}`, { headers: { Cookie: cookie } })).text();
    expect(await page()).toContain("This event has no waiting room.");
    const path = `/dashboard/api/sandbox/events/${ev.eventKey}/waiting-room`;
    const bad = await dash(cookie, "PUT", path, { enabled: true, opensAt: "tomorrow", admitPerMinute: 10, sessionMinutes: 5 });
    expect(bad.status).toBe(400);
    const saved = await dash(cookie, "PUT", path, {
      enabled: true,
      opensAt: new Date(Date.now() - 1000).toISOString(),
      admitPerMinute: 120,
      sessionMinutes: 5,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, admitPerMinute: 120, sessionMinutes: 5, stats: { waiting: 0 } });
    const hold = await call("POST", `/api/v1/events/${ev.eventKey}/seats/hold`, { key: ev.pk, body: { objectLabels: ["A-1-1"], holdToken: "dash-token-1" } });
    expectError(hold, 403, "admission_required");
    await call("POST", `/api/v1/events/${ev.eventKey}/waiting-room/join`, { key: ev.pk, headers: { "CF-Connecting-IP": "192.0.2.77" } });
    const html = await page();
    expect(html).toContain("Admitted in the last minute");
    expect(html).toContain('id="room-figures"');
    expect(html).toMatch(/value="120"/);
  });
});
