import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientIdentity } from "../src/domain/client-address";
import { pacerStub } from "../src/waiting-room/pacer-stub";
import { call, expectError, expectOk, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * The client of every per-client rule (docs/security.md) is CF-Connecting-IP, an IPv6 address counting
 * as its /64: one host rotating the low 64 bits is one buyer, two /64s are two. Through the API:
 * the hold cap per client, the waiting room's one ticket per address, and an admission bound to
 * the client that joined.
 */

/** Two addresses of one /64, and one of the neighbouring /64. */
const SAME_A = "2001:db8:aa:bb:1:2:3:4";
const SAME_B = "2001:0DB8:00aa:00bb:ffff:eeee:dddd:cccc";
const OTHER = "2001:db8:aa:bc::1";

describe("clientIdentity", () => {
  it("gives every textual form of one IPv6 /64 one identity", () => {
    const forms = [
      "2001:db8:aa:bb::7",
      "2001:DB8:AA:BB:0:0:0:7",
      "2001:0db8:00aa:00bb:0000:0000:0000:0007",
      "2001:db8:aa:bb:9999:1:2:3",
      "[2001:db8:aa:bb::1]",
      "2001:db8:aa:bb::1%eth0",
      " 2001:db8:aa:bb:: ",
      "2001:db8:aa:bb:1:2:1.2.3.4",
    ];
    for (const form of forms) expect(clientIdentity(form), form).toBe("2001:db8:aa:bb::/64");
    expect(clientIdentity("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(clientIdentity("::1")).toBe("0:0:0:0::/64");
    expect(clientIdentity("fe80::1%25en0")).toBe("fe80:0:0:0::/64");
  });

  it("reads IPv4, and IPv6 that only carries IPv4 (mapped, NAT64), as the IPv4 address", () => {
    expect(clientIdentity("192.0.2.1")).toBe("192.0.2.1");
    expect(clientIdentity("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientIdentity("::FFFF:c000:0201")).toBe("192.0.2.1");
    expect(clientIdentity("64:ff9b::192.0.2.1")).toBe("192.0.2.1");
    expect(clientIdentity("192.0.2.2")).not.toBe(clientIdentity("192.0.2.1"));
  });

  it("keeps anything else as one client, and nothing as none", () => {
    expect(clientIdentity(undefined)).toBeUndefined();
    expect(clientIdentity("")).toBeUndefined();
    expect(clientIdentity("   ")).toBeUndefined();
    expect(clientIdentity("Not-An-Address")).toBe("not-an-address");
    expect(clientIdentity("x".repeat(5000))).toHaveLength(100);
  });

  it("any two addresses agree exactly when their first 64 bits do (property)", () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const address = fc.tuple(group, group, group, group, group, group, group, group).filter((g) => g[0] >= 0x2000 && g[0] <= 0x3fff);
    const text = (g: number[], zeros: boolean, upper: boolean) => {
      const s = g.map((x) => (zeros ? x.toString(16).padStart(4, "0") : x.toString(16))).join(":");
      return upper ? s.toUpperCase() : s;
    };
    fc.assert(
      fc.property(address, address, fc.boolean(), fc.boolean(), (a, b, zeros, upper) => {
        const samePrefix = a.slice(0, 4).every((x, i) => x === b[i]);
        expect(clientIdentity(text(a, zeros, upper)) === clientIdentity(text(b, !zeros, !upper))).toBe(samePrefix);
      }),
    );
  });
});

const holdFrom = (f: EventFixture, ip: string, label: string) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
    key: f.pk,
    headers: { "CF-Connecting-IP": ip },
    body: { objectLabels: [label], holdToken: token() },
  });

describe("through the API", () => {
  it("maxHeldSeatsPerClient counts one /64 as one client, whatever its low bits; another /64 has its own", async () => {
    const f = await newEvent({ environment: "production" });
    expectOk(await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body: { maxHeldSeatsPerClient: 2 } }));
    expectOk(await holdFrom(f, SAME_A, "A-1-1"));
    expectOk(await holdFrom(f, SAME_B, "A-1-2"));
    const third = await holdFrom(f, "2001:db8:aa:bb::99", "A-1-3");
    expectError(third, 409, "selection_rule_violated");
    expect(third.body.failed[0].reason).toBe("client_hold_limit");
    expectOk(await holdFrom(f, OTHER, "A-1-4"));
    expectOk(await holdFrom(f, "192.0.2.5", "A-1-5"));
  });

  it("the waiting room gives one /64 one ticket, and its admission holds from any address of that /64 only", async () => {
    const f = await newEvent();
    const room = `/api/v1/events/${f.eventKey}/waiting-room`;
    expectOk(
      await call("PUT", room, {
        key: f.sk,
        body: { enabled: true, opensAt: new Date(Date.now() - 1000).toISOString(), admitPerMinute: 600, sessionMinutes: 10 },
      }),
    );
    const a = await call("POST", `${room}/join`, { key: f.pk, headers: { "CF-Connecting-IP": SAME_A } });
    const b = await call("POST", `${room}/join`, { key: f.pk, headers: { "CF-Connecting-IP": SAME_B } });
    const c = await call("POST", `${room}/join`, { key: f.pk, headers: { "CF-Connecting-IP": OTHER } });
    expect(b.body.ticket).toBe(a.body.ticket);
    expect(c.body.ticket).not.toBe(a.body.ticket);
    const scope = { workspaceId: f.keys.workspaceId, environment: f.environment, eventKey: f.eventKey };
    let admission: string | undefined;
    for (let i = 0; i < 30 && admission === undefined; i++) {
      const t = await call("GET", `${room}/tickets/${a.body.ticket}`, { key: f.pk });
      admission = t.body.admission;
      if (admission === undefined) await pacerStub(env, scope).tickAt(Date.now() + i * 1000);
    }
    const holdWith = (ip: string, label: string) =>
      call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
        key: f.pk,
        headers: { "CF-Connecting-IP": ip, "X-Admission": admission! },
        body: { objectLabels: [label], holdToken: token() },
      });
    expectOk(await holdWith("2001:db8:aa:bb:dead:beef:0:1", "A-1-1"));
    expectError(await holdWith(OTHER, "A-1-2"), 403, "admission_required");
  });

  it("the seat-action rate limit counts a rotating /64 as one client", async () => {
    const f = await newEvent();
    const flood = await Promise.all(
      Array.from({ length: 210 }, (_, i) =>
        call("POST", `/api/v1/events/${f.eventKey}/seats/release`, {
          key: f.pk,
          body: { holdToken: `rotating-${i}-token` },
          headers: { "CF-Connecting-IP": `2001:db8:77:1:${i.toString(16)}::${(i * 7).toString(16)}` },
        }),
      ),
    );
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    // Another /64 is untouched.
    expect(
      (
        await call("POST", `/api/v1/events/${f.eventKey}/seats/release`, {
          key: f.pk,
          body: { holdToken: "calm-buyer-token" },
          headers: { "CF-Connecting-IP": "2001:db8:77:2::1" },
        })
      ).status,
    ).toBe(200);
  });
});
