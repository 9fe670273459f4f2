import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventStub } from "../src/event-object/event-stub";
import { api, call, type EventFixture, newWorkspace, token } from "./support/fixtures";

/** 100 sections × 10 rows × 100 seats = 100,000 seats, plus one GA area. */
function bigLayout(extraSeat = false) {
  const sections = Array.from({ length: 100 }, (_, s) => ({
    key: `S${s}`,
    label: `Section ${s}`,
    rows: Array.from({ length: 10 }, (_, r) => ({
      label: `${r}`,
      seats: Array.from({ length: 100 }, (_, n) => ({ label: `S${s}-${r}-${n}`, categoryKey: s % 2 === 0 ? "a" : "b" })),
    })),
  }));
  if (extraSeat) sections[0]!.rows[0]!.seats.push({ label: "NEW-1", categoryKey: "a" });
  return {
    categories: [
      { key: "a", label: "A", color: "#111111" },
      { key: "b", label: "B", color: "#222222" },
    ],
    sections,
    generalAdmission: [{ label: "Pit", categoryKey: "a", capacity: 5000 }],
  };
}

async function timed<T>(label: string, times: Record<string, number>, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const out = await fn();
  times[label] = Date.now() - t0;
  return out;
}

describe("scale", () => {
  it("a 100,000-seat chart publishes to events that hold, book and report", async () => {
    const times: Record<string, number> = {};
    const keys = await newWorkspace();
    const chartKey = "big";
    const created = await timed("create chart", times, () =>
      call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Stadium", chartKey, draftVersion: bigLayout() } }),
    );
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect((await timed("publish v1 (no events)", times, () => call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skLive }))).status).toBe(200);
    const ev = await timed("create event (index 100k)", times, () =>
      call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "stadium" } }),
    );
    expect(ev.status).toBe(201);
    const f: EventFixture = { keys, chartKey, eventKey: "stadium", environment: "production", sk: keys.skLive, pk: keys.pkLive };
    const t = token();
    const labels = Array.from({ length: 100 }, (_, i) => `S7-3-${i}`);
    await evictDurableObject(eventStub(env, keys.workspaceId, "production", "stadium"));
    expect((await timed("hold 100 after eviction (index reload)", times, () => api.hold(f, { objectLabels: labels, holdToken: t }))).status).toBe(200);
    expect((await timed("hold 1 seat (warm)", times, () => api.hold(f, { objectLabels: ["S99-9-99"], holdToken: t }))).status).toBe(200);
    expect(
      (await timed("GA hold", times, () => api.hold(f, { objectLabels: ["Pit"], holdToken: t, objectType: "generalAdmission", quantity: 10 }))).status,
    ).toBe(200);
    expect((await timed("book 100", times, () => api.book(f, { objectLabels: labels, holdToken: t }))).status).toBe(200);
    const report = await timed("reports", times, () => api.reports(f));
    expect(report.body.byStatus).toEqual({ free: 100_000 - 101 + 4990, held: 1 + 10, booked: 100, not_for_sale: 0 });
    const status = await timed("status", times, () => api.status(f));
    expect(status.body.objects).toHaveLength(102);
    const objects = await timed("objects (100k)", times, () => api.objects(f));
    expect(objects.body.objects).toHaveLength(100_001);
    const patched = await timed("save draft v2", times, () =>
      call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skLive, body: { draftVersion: bigLayout(true) } }),
    );
    expect(patched.status).toBe(200);
    expect((await timed("publish-check v2", times, () => call("GET", `/api/v1/charts/${chartKey}/publish-check`, { key: keys.skLive }))).body.affected).toEqual(
      [],
    );
    expect((await timed("publish v2 (stage + swap 100k)", times, () => call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skLive }))).status).toBe(
      200,
    );
    expect((await timed("hold new seat", times, () => api.hold(f, { objectLabels: ["NEW-1"], holdToken: t }))).status).toBe(200);
    expect((await api.reports(f)).body.byStatus.booked).toBe(100);
    console.log("scale timings (ms):", JSON.stringify(times));
  }, 600_000);
});
