import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, call, type EventFixture, expectError, newEvent, smallLayout, token } from "./support/fixtures";

/** Opens the live socket and collects parsed messages. */
async function connect(f: EventFixture, key = f.pk) {
  const res = await exports.default.fetch(
    new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${key}`, { headers: { Upgrade: "websocket" } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: { type: string; objects: Record<string, unknown>[] }[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const next = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (messages.length < count && Date.now() < deadline) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 100)));
    return messages[count - 1]!;
  };
  return { ws, messages, next };
}

describe("live status over WebSocket", () => {
  it("sends a snapshot, then the changed entries after each commit", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t, extraData: { secret: "no" } });
    const live = await connect(f);
    const snapshot = await live.next(1);
    expect(snapshot).toEqual({
      type: "snapshot",
      seq: 1,
      objects: [{ objectLabel: "A-1-1", objectType: "seat", status: "held", categoryKey: "stalls", holdExpiresAt: expect.any(String) }],
    });
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t });
    // Each message names the latest status-history record it includes.
    expect(await live.next(2)).toEqual({ type: "changes", seq: 2, objects: [expect.objectContaining({ objectLabel: "A-1-2", status: "held" })] });
    await api.release(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk);
    expect(await live.next(3)).toEqual({
      type: "changes",
      seq: 3,
      objects: [{ objectLabel: "A-1-1", objectType: "seat", status: "free", categoryKey: "stalls" }],
    });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 5 });
    expect((await live.next(4)).objects).toEqual([
      { objectLabel: "Floor", objectType: "generalAdmission", status: "free", categoryKey: "stalls", capacity: 50, held: 5, booked: 0, remaining: 45 },
    ]);
    expect(JSON.stringify(live.messages)).not.toContain(t);
    live.ws.close();
  });

  it("tells a rush's changes in a few messages, each naming every seat changed since the last", async () => {
    const f = await newEvent({ layout: smallLayout(20) });
    const live = await connect(f);
    await live.next(1);
    const labels = Array.from({ length: 20 }, (_, i) => `A-1-${i + 1}`);
    await Promise.all(labels.map((label) => api.hold(f, { objectLabels: [label], holdToken: token() })));
    const held = () => new Set(live.messages.slice(1).flatMap((m) => m.objects.filter((o) => o.status === "held").map((o) => o.objectLabel)));
    for (let i = 0; i < 50 && held().size < labels.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect([...held()].sort()).toEqual([...labels].sort());
    // One message per 100 ms at most while changes keep coming, not one per hold.
    expect(live.messages.length - 1).toBeLessThan(labels.length);
    live.ws.close();
  });

  it("gives a socket that connects later the current view, the same one the status read serves", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expect((await api.status(f)).status).toBe(200);
    // Changes after the view was built: the snapshot must carry them.
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.release(f, { objectLabels: ["A-1-2"], holdToken: t });
    await api.hold(f, { objectLabels: ["A-1-5"], holdToken: t });
    const live = await connect(f);
    const snapshot = await live.next(1);
    expect(snapshot.type).toBe("snapshot");
    expect(snapshot.objects.map((o) => [o.objectLabel, o.status])).toEqual([
      ["A-1-1", "booked"],
      ["A-1-5", "held"],
    ]);
    expect(snapshot.objects).toEqual((await api.status(f)).body.objects);
    live.ws.close();
  });

  it("authenticates the key query parameter and needs an upgrade", async () => {
    const f = await newEvent();
    const upgrade = { Upgrade: "websocket" };
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/live`, { headers: upgrade }), 401, "unauthorized");
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/live?key=${f.pk}`), 400, "validation_failed");
    expectError(await call("GET", `/api/v1/events/nope/live?key=${f.pk}`, { headers: upgrade }), 404, "event_not_found");
  });

  it("refuses any secret key in the query string with 403 forbidden, before any look-up or upgrade", async () => {
    const f = await newEvent();
    const upgrade = { Upgrade: "websocket" };
    const refused = [
      // The event's own, valid secret keys: a URL is no place for them.
      f.sk,
      f.keys.skLive,
      // Well-formed but unknown, and malformed: the prefix alone decides, so no look-up answers 401.
      "sk_live_" + "0".repeat(32),
      "sk_test_short",
      ` ${f.sk} `,
    ];
    for (const key of refused) {
      for (const headers of [upgrade, {}]) {
        expectError(await call("GET", `/api/v1/events/${f.eventKey}/live?key=${encodeURIComponent(key)}`, { headers }), 403, "forbidden");
      }
    }
    // A secret key next to a publishable one has leaked all the same.
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/live?key=${f.pk}&key=${f.sk}`, { headers: upgrade }), 403, "forbidden");
    // Even for an event that does not exist: nothing about the event is revealed to a leaked key.
    expectError(await call("GET", `/api/v1/events/nope/live?key=${f.sk}`, { headers: upgrade }), 403, "forbidden");
  });

  it("keeps serving publishable keys, and a server's secret key in the X-Api-Key header", async () => {
    const f = await newEvent();
    const live = await connect(f, f.pk);
    expect((await live.next(1)).type).toBe("snapshot");
    live.ws.close();
    const res = await exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/live`, { headers: { Upgrade: "websocket", "X-Api-Key": f.sk } }),
    );
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    res.webSocket!.close();
  });
});
