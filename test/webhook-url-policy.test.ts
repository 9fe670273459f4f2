import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockedIPv4, checkWebhookUrl, parseIPv6 } from "../src/webhooks/url-policy";

/** Hostile forms: every one must be refused with the default policy (allow-private off). */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ["http://example.com/hook", "plain http"],
  ["ftp://example.com/hook", "other scheme"],
  ["javascript:alert(1)", "script scheme"],
  ["not a url", "not absolute"],
  ["https://user:pw@example.com/hook", "userinfo"],
  ["https://example.com@127.0.0.1/hook", "userinfo hiding loopback"],
  ["https://127.0.0.1/hook", "loopback"],
  ["https://127.255.255.254/", "loopback top"],
  ["https://localhost/hook", "localhost"],
  ["https://LOCALHOST./hook", "localhost, upper case, trailing dot"],
  ["https://api.localhost/", "*.localhost"],
  ["https://%6c%6fcalhost/", "percent-encoded localhost"],
  ["https://2130706433/", "decimal IPv4"],
  ["https://0x7f000001/", "hex IPv4"],
  ["https://0177.0.0.1/", "octal IPv4"],
  ["https://017700000001/", "octal whole IPv4"],
  ["https://127.1/", "short IPv4"],
  ["https://0x7f.1/", "hex short IPv4"],
  ["https://127.0.0.1./", "trailing dot IPv4"],
  ["https://１２７.０.０.１/", "full-width digits"],
  ["https://0/", "zero"],
  ["https://ｌｏｃａｌｈｏｓｔ/", "full-width localhost"],
  ["https://127.000.000.001/", "zero-padded (octal) IPv4"],
  ["https://0x7f.0x0.0x0.0x1/", "hex per octet"],
  ["https://[::ffff:127.0.0.1]:443/", "mapped with port"],
  ["https://localhost:443/", "localhost with port"],
  ["https://0.0.0.0/", "unspecified"],
  ["https://10.0.0.5/", "private 10/8"],
  ["https://172.16.0.1/", "private 172.16/12 low"],
  ["https://172.31.255.255/", "private 172.16/12 high"],
  ["https://192.168.1.1/", "private 192.168/16"],
  ["https://169.254.169.254/latest/meta-data/", "cloud metadata"],
  ["https://169.254.0.1/", "link-local"],
  ["https://100.64.0.1/", "CGNAT low"],
  ["https://100.127.255.254/", "CGNAT high"],
  ["https://224.0.0.1/", "multicast"],
  ["https://239.255.255.250/", "multicast SSDP"],
  ["https://240.0.0.1/", "reserved"],
  ["https://255.255.255.255/", "broadcast"],
  ["https://198.18.0.1/", "benchmarking"],
  ["https://198.19.255.1/", "benchmarking high"],
  ["https://192.0.2.10/", "TEST-NET-1"],
  ["https://198.51.100.7/", "TEST-NET-2"],
  ["https://203.0.113.9/", "TEST-NET-3"],
  ["https://192.0.0.8/", "IETF protocol assignments"],
  ["https://[::1]/", "IPv6 loopback"],
  ["https://[0:0:0:0:0:0:0:1]/", "IPv6 loopback long form"],
  ["https://[::]/", "IPv6 unspecified"],
  ["https://[::ffff:127.0.0.1]/", "IPv4-mapped dotted"],
  ["https://[::ffff:7f00:1]/", "IPv4-mapped hex"],
  ["https://[::ffff:8.8.8.8]/", "IPv4-mapped public (mapped is always refused)"],
  ["https://[::127.0.0.1]/", "IPv4-compatible"],
  ["https://[64:ff9b::10.0.0.1]/", "NAT64 embedding private"],
  ["https://[64:ff9b::a9fe:a9fe]/", "NAT64 embedding metadata (hex)"],
  ["https://[64:ff9b:1::1]/", "local-use NAT64"],
  ["https://[2002:7f00:1::1]/", "6to4 embedding loopback"],
  ["https://[2002:c0a8:101::1]/", "6to4 embedding 192.168.1.1"],
  ["https://[2001:0:a00:1::1]/", "Teredo with private server"],
  ["https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", "Teredo with private client (10.0.0.1 inverted)"],
  ["https://[fc00::1]/", "unique local fc"],
  ["https://[fd12:3456:789a::1]/", "unique local fd"],
  ["https://[fe80::1]/", "IPv6 link-local"],
  ["https://[fec0::1]/", "IPv6 site-local"],
  ["https://[ff02::1]/", "IPv6 multicast"],
  ["https://[2001:db8::1]/", "IPv6 documentation"],
  ["https://[100::1]/", "discard-only / not global unicast"],
  ["https://intranet/hook", "single label"],
  ["https://metadata/computeMetadata/v1/", "single label metadata"],
  ["https://metadata.google.internal/", ".internal"],
  ["https://printer.local/", ".local (mDNS)"],
  ["https://router.home.arpa/", "home.arpa"],
  ["https://db.localdomain/", ".localdomain"],
  ["https://127.0.0.1.nip.io/", "wildcard DNS to loopback"],
  ["https://10.0.0.1.sslip.io/", "wildcard DNS to private"],
  ["https://1.2.3.256/", "malformed IPv4"],
  ["https://example.com:99999/", "invalid port"],
  ["https://" + "a".repeat(2050) + ".com/", "too long"],
];

const PUBLIC = [
  "https://example.com/hook",
  "https://hooks.example.com:8443/seats?x=1",
  "https://EXAMPLE.com./webhooks",
  "https://8.8.8.8/hook",
  "https://1.1.1.1/",
  "https://172.32.0.1/",
  "https://100.128.0.1/",
  "https://[2606:4700:4700::1111]/hook",
  "https://[64:ff9b::808:808]/",
  "https://xn--bcher-kva.example/",
];

describe("URL policy", () => {
  it("has a large hostile table", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)("refuses %s (%s)", (url) => {
    const verdict = checkWebhookUrl(url);
    expect(verdict.ok).toBe(false);
  });

  it.each(PUBLIC)("accepts %s", (url) => {
    expect(checkWebhookUrl(url)).toMatchObject({ ok: true });
  });

  it("explains a refusal", () => {
    const verdict = checkWebhookUrl("https://0x7f000001/");
    expect(verdict).toEqual({ ok: false, reason: expect.stringContaining("loopback") });
    expect(checkWebhookUrl("https://169.254.169.254/")).toEqual({ ok: false, reason: expect.stringContaining("metadata") });
  });

  describe("WEBHOOK_ALLOW_PRIVATE_URLS", () => {
    const allow = { allowPrivate: true };
    it.each([
      "http://127.0.0.1:8787/hook",
      "http://localhost:3000/",
      "http://[::1]:9000/",
      "https://127.1/",
      "http://2130706433/",
      "http://example.com/hook",
      "http://api.localhost/",
    ])("admits http and loopback: %s", (url) => {
      expect(checkWebhookUrl(url, allow).ok).toBe(true);
    });
    it.each([
      "http://10.0.0.1/",
      "http://192.168.0.10/",
      "http://169.254.169.254/",
      "https://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://user:pw@127.0.0.1/",
      "ftp://127.0.0.1/",
      "http://intranet/",
      "http://0.0.0.0/",
    ])("still refuses everything else: %s", (url) => {
      expect(checkWebhookUrl(url, allow).ok).toBe(false);
    });
  });

  it("refuses every address of the private and loopback IPv4 blocks, in any spelling", () => {
    const blocks: Array<[number, number]> = [
      [0x0a000000, 8],
      [0x7f000000, 8],
      [0xac100000, 12],
      [0xc0a80000, 16],
      [0xa9fe0000, 16],
      [0x64400000, 10],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...blocks), fc.nat(), fc.constantFrom("dec", "hex", "dotted"), ([base, bits], r, form) => {
        const addr = base + (r % 2 ** (32 - bits));
        const host =
          form === "dec" ? String(addr) : form === "hex" ? `0x${addr.toString(16)}` : [24, 16, 8, 0].map((s) => Math.floor(addr / 2 ** s) % 256).join(".");
        expect(checkWebhookUrl(`https://${host}/`).ok).toBe(false);
      }),
    );
  });

  it("parses IPv6 forms to the same groups", () => {
    expect(parseIPv6("::ffff:127.0.0.1")).toEqual(parseIPv6("0:0:0:0:0:ffff:7f00:1"));
    expect(parseIPv6("1::2::3")).toBeNull();
    expect(blockedIPv4(0x08080808)).toBeNull();
  });
});
