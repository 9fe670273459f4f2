import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hall, putChannels } from "./support/channels";
import { api, newEvent, statusEntry, token, type EventFixture } from "./support/fixtures";

/**
 * What a buyer can take of a GA area when channels set places aside (docs/channels.md): every read of
 * the area (objects full and compact, status full and compact, the live socket) carries
 * `remainingByChannel`, each pool's free places, beside the area's total `remaining`; an area no
 * channel sets places aside in carries none.
 */

const presale = { key: "presale", name: "Presale", objectLabels: ["R1-1"], areaPlaces: { Floor: 10 } };
const gaHold = (f: EventFixture, t: string, quantity: number, channelKeys?: string[]) =>
  api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity, ...(channelKeys ? { channelKeys } : {}) });

type Area = { objectLabel: string; remaining: number; remainingByChannel?: Record<string, number> };
const floorOf = (objects: Area[]) => objects.find((o) => o.objectLabel === "Floor");

async function reads(f: EventFixture) {
  const full = floorOf((await api.objects(f)).body.objects);
  const compactObjects = floorOf((await api.objects(f, "?format=compact")).body.areas);
  const status = (await statusEntry(f, "Floor", f.pk)) as Area | undefined;
  const compactStatus = floorOf((await api.status(f, "?format=compact")).body.ga);
  return { full, compactObjects, status, compactStatus };
}

/** Opens the live socket; `next(n)` waits for the n-th message. */
async function connect(f: EventFixture) {
  const res = await exports.default.fetch(
    new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}`, { headers: { Upgrade: "websocket" } }),
  );
  const ws = res.webSocket!;
  const messages: { objects: Area[] }[] = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  ws.accept();
  const next = async (n: number) => {
    const deadline = Date.now() + 5000;
    while (messages.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return messages[n - 1]!;
  };
  return { ws, next };
}

describe("a GA area's free places per pool", () => {
  it("objects and status reads (full and compact) tell each pool's free places, after holds in each pool and places off sale", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]);
    let r = await reads(f);
    expect(r.full).toMatchObject({ remaining: 100, remainingByChannel: { presale: 10, NO_CHANNEL: 90 } });
    expect(r.compactObjects?.remainingByChannel).toEqual({ presale: 10, NO_CHANNEL: 90 });
    expect(r.status).toBeUndefined();

    expect((await gaHold(f, token("p"), 3, ["presale"])).status).toBe(200);
    expect((await gaHold(f, token("o"), 5)).status).toBe(200);
    expect((await api.notForSale(f, { areaPlaces: { Floor: 4 } })).status).toBe(200);
    r = await reads(f);
    const byPool = { presale: 7, NO_CHANNEL: 81 };
    expect(r.full).toMatchObject({ remaining: 88, remainingByChannel: byPool });
    expect(r.compactObjects?.remainingByChannel).toEqual(byPool);
    expect(r.status).toMatchObject({ remaining: 88, remainingByChannel: byPool });
    expect(r.compactStatus).toMatchObject({ remaining: 88, remainingByChannel: byPool });
  });

  it("an open-sale buyer is told the open pool's places, and a hold beyond them is refused while the total would allow it", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [{ ...presale, areaPlaces: { Floor: 40 } }]);
    expect((await gaHold(f, token("o"), 50)).status).toBe(200);
    const entry = (await statusEntry(f, "Floor", f.pk)) as Area;
    expect(entry).toMatchObject({ remaining: 50, remainingByChannel: { presale: 40, NO_CHANNEL: 10 } });
    expect((await gaHold(f, token("o2"), 11)).body.failed).toEqual([{ objectLabel: "Floor", reason: "insufficient_capacity" }]);
    expect((await gaHold(f, token("o3"), 10)).status).toBe(200);
  });

  it("the live socket's changes carry the pools, a freed area too; an area without channel places carries none", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]);
    const live = await connect(f);
    await live.next(1);
    const t = token("p");
    await gaHold(f, t, 2, ["presale"]);
    expect(floorOf((await live.next(2)).objects)?.remainingByChannel).toEqual({ presale: 8, NO_CHANNEL: 90 });
    await api.release(f, { objectLabels: ["Floor"], holdToken: t }, f.pk);
    expect(floorOf((await live.next(3)).objects)).toMatchObject({ remaining: 100, remainingByChannel: { presale: 10, NO_CHANNEL: 90 } });
    live.ws.close();

    const plain = await newEvent({ layout: hall() });
    await putChannels(plain, [{ key: "members", name: "Members", objectLabels: ["R1-1"] }]);
    await gaHold(plain, token(), 2);
    expect((await reads(plain)).full).not.toHaveProperty("remainingByChannel");
    expect(await statusEntry(plain, "Floor", plain.pk)).not.toHaveProperty("remainingByChannel");
  });
});
