import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hall, putChannels } from "./support/channels";
import { api, call, expectOk, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * What a reader without a protected channel's pass learns of it (docs/security.md): its free seats read
 * `not_for_sale` with no `channelKey` in status (full and compact), objects (full and compact),
 * the channel list and the live feed; a request carrying its pass, and a secret key, see it as it is.
 * The shared public view (the cached status body, the live snapshot) is the masked one.
 */

const PRESALE = { key: "presale", name: "Presale", protected: true, objectLabels: ["R1-1", "R1-2", "R1-3"], areaPlaces: { Floor: 10 } };
const OPEN = { key: "resale", name: "Resale", objectLabels: ["R2-6"] };

interface Entry {
  objectLabel: string;
  status: string;
  channelKey?: string;
  remaining?: number;
  remainingByChannel?: Record<string, number>;
}

/** The box office's token of the presale event's holds. */
const BOX = token("box");

async function presaleEvent(): Promise<{ f: EventFixture; pass: string }> {
  const f = await newEvent({ layout: hall() });
  expectOk(await putChannels(f, [PRESALE, OPEN]));
  const pass = (await call("POST", `/api/v1/events/${f.eventKey}/channels/presale/passes`, { key: f.sk, body: {} })).body.pass as string;
  // One presale seat held (by the box office), one GA place of the presale's pool, and a seat of the open channel.
  expectOk(await api.hold(f, { objectLabels: ["R1-3"], holdToken: BOX, ignoreChannels: true }, f.sk));
  expectOk(await api.hold(f, { objectLabels: ["Floor"], holdToken: BOX, objectType: "generalAdmission", quantity: 1, channelKeys: ["presale"] }, f.sk));
  expectOk(await api.hold(f, { objectLabels: ["R2-6"], holdToken: token("r"), channelKeys: ["resale"] }));
  return { f, pass };
}

const read = (f: EventFixture, path: string, key: string, pass?: string) =>
  call("GET", `/api/v1/events/${f.eventKey}${path}`, { key, headers: pass ? { "X-Channel-Pass": pass } : {} });
const byLabel = (entries: Entry[]) => new Map(entries.map((e) => [e.objectLabel, e]));

describe("status reads", () => {
  it("show a protected channel's free seats as not_for_sale without channelKey, unless the request carries its pass", async () => {
    const { f, pass } = await presaleEvent();
    for (const [query, what] of [
      ["", "the shared body"],
      ["?labels=R1-1,R1-2,R1-3,R2-6,Floor", "a filtered read"],
      [`?holdToken=${token("nobody")}`, "the SDK's read"],
    ] as const) {
      const masked = byLabel((await read(f, `/status${query}`, f.pk)).body.objects);
      expect(masked.get("R1-1"), what).toEqual({ objectLabel: "R1-1", objectType: "seat", status: "not_for_sale", categoryKey: "vip" });
      expect(masked.get("R1-2")?.status, what).toBe("not_for_sale");
      expect(masked.get("R1-3"), what).toMatchObject({ status: "held" });
      expect(masked.get("R1-3")?.channelKey, what).toBeUndefined();
      // An open channel is named as before; a GA area shows neither the protected pool's places nor its key.
      expect(masked.get("R2-6")?.channelKey, what).toBe("resale");
      expect(masked.get("Floor"), what).toMatchObject({ remaining: 90, remainingByChannel: { NO_CHANNEL: 90 } });
      const shown = byLabel((await read(f, `/status${query}`, f.pk, pass)).body.objects);
      expect(shown.has("R1-1"), what).toBe(false);
      expect(shown.get("R1-3"), what).toMatchObject({ status: "held", channelKey: "presale" });
      expect(shown.get("Floor"), what).toMatchObject({ remaining: 99, remainingByChannel: { NO_CHANNEL: 90, presale: 9 } });
    }
    const secret = byLabel((await read(f, "/status", f.sk)).body.objects);
    expect(secret.has("R1-1")).toBe(false);
    expect(secret.get("R1-3")?.channelKey).toBe("presale");
  });

  it("in the compact form list those seats as not_for_sale, and the pass's read does not", async () => {
    const { f, pass } = await presaleEvent();
    for (const query of ["?format=compact", `?format=compact&holdToken=${token("nobody")}`, "?format=compact&labels=R1-1,R1-2,R1-3"]) {
      const masked = (await read(f, `/status${query}`, f.pk)).body;
      expect(masked.statuses.not_for_sale, query).toEqual(expect.arrayContaining(["R1-1", "R1-2"]));
      expect(masked.statuses.held, query).toContain("R1-3");
      const shown = (await read(f, `/status${query}`, f.pk, pass)).body;
      expect(shown.statuses.not_for_sale, query).toEqual([]);
      expect(shown.statuses.held, query).toContain("R1-3");
    }
  });

  it("follow holds and releases in the channel: a freed seat reads not_for_sale again", async () => {
    const { f, pass } = await presaleEvent();
    const t = token("member");
    const headers = { "X-Channel-Pass": pass };
    expectOk(
      await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
        key: f.pk,
        headers,
        body: { objectLabels: ["R1-1"], holdToken: t, channelKeys: ["presale"] },
      }),
    );
    expect(byLabel((await read(f, "/status", f.pk)).body.objects).get("R1-1")).toMatchObject({ status: "held" });
    expectOk(await api.release(f, { objectLabels: ["R1-1"], holdToken: t }, f.pk));
    expect(byLabel((await read(f, "/status", f.pk)).body.objects).get("R1-1")?.status).toBe("not_for_sale");
    expect(byLabel((await read(f, "/status", f.pk, pass)).body.objects).has("R1-1")).toBe(false);
  });
});

describe("objects and channels reads", () => {
  it("put a protected channel's seats in no channel and leave its places out, unless the request carries its pass", async () => {
    const { f, pass } = await presaleEvent();
    const masked = byLabel((await read(f, "/objects", f.pk)).body.objects);
    expect(masked.get("R1-1")?.channelKey).toBeNull();
    expect(masked.get("R2-6")?.channelKey).toBe("resale");
    expect(masked.get("Floor")).toMatchObject({ remaining: 90 });
    expect(JSON.stringify(masked.get("Floor"))).not.toContain("presale");
    expect(byLabel((await read(f, "/objects", f.pk, pass)).body.objects).get("R1-1")?.channelKey).toBe("presale");
    expect(byLabel((await read(f, "/objects", f.sk)).body.objects).get("R1-1")?.channelKey).toBe("presale");
    const compact = (await read(f, "/objects?format=compact", f.pk)).body;
    expect(Object.keys(compact.channels)).toEqual(["resale"]);
    expect(JSON.stringify(compact)).not.toContain("presale");
    expect(Object.keys((await read(f, "/objects?format=compact", f.pk, pass)).body.channels).sort()).toEqual(["presale", "resale"]);
    const channels = (pass?: string, key = f.pk) => read(f, "/channels", key, pass).then((r) => r.body.channels.map((c: { key: string }) => c.key));
    expect(await channels()).toEqual(["resale"]);
    expect(await channels(pass)).toEqual(["presale", "resale"]);
    expect(await channels(undefined, f.sk)).toEqual(["presale", "resale"]);
    expect((await read(f, "/channels", f.sk)).body.channels[0]).toMatchObject({ key: "presale", protected: true });
  });
});

/** Opens the live socket (with passes in `pass`) and collects its messages. */
async function connect(f: EventFixture, pass?: string) {
  const q = pass ? `&pass=${encodeURIComponent(pass)}` : "";
  const res = await exports.default.fetch(
    new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}${q}`, { headers: { Upgrade: "websocket" } }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const messages: { type: string; objects: Entry[] }[] = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  ws.accept();
  const next = async (count: number) => {
    for (let i = 0; i < 100 && messages.length < count; i++) await new Promise((r) => setTimeout(r, 50));
    return messages[count - 1]!;
  };
  return { ws, next };
}

describe("the live feed", () => {
  it("sends each socket its own view: the shared one masked, a socket with the pass the channel as it is", async () => {
    const { f, pass } = await presaleEvent();
    const masked = await connect(f);
    const shown = await connect(f, pass);
    const first = byLabel((await masked.next(1)).objects);
    expect(first.get("R1-1")).toEqual({ objectLabel: "R1-1", objectType: "seat", status: "not_for_sale", categoryKey: "vip" });
    expect(first.get("R1-3")?.channelKey).toBeUndefined();
    const own = byLabel((await shown.next(1)).objects);
    expect(own.has("R1-1")).toBe(false);
    expect(own.get("R1-3")?.channelKey).toBe("presale");
    // A release in the channel: the masked socket reads the seat not for sale, the pass's socket free.
    expectOk(await api.release(f, { objectLabels: ["R1-3"], holdToken: BOX }, f.sk));
    expect(byLabel((await masked.next(2)).objects).get("R1-3")).toEqual({
      objectLabel: "R1-3",
      objectType: "seat",
      status: "not_for_sale",
      categoryKey: "vip",
    });
    expect(byLabel((await shown.next(2)).objects).get("R1-3")).toMatchObject({ status: "free" });
    masked.ws.close();
    shown.ws.close();
  });
});
