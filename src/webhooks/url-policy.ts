/**
 * Which URLs may receive webhooks. Pure: judges a URL by its form and host only (no DNS, no
 * network), so registration never waits and the same check runs again before every delivery.
 *
 * The URL is parsed with the WHATWG parser (`new URL`), which already turns every spelling of an
 * IPv4 address (decimal `2130706433`, hex `0x7f000001`, octal `0177.0.0.1`, short `127.1`,
 * full-width digits, percent-encoding, a trailing dot) into dotted-quad form and serialises IPv6
 * in compressed form. The checks below therefore only need to understand those canonical forms,
 * and they judge exactly the host that `fetch()` will connect to.
 */

import { parseIPv4, parseIPv6 } from "../domain/client-address";

/** The address parsers are the vocabulary's (one parser for webhook hosts and client addresses). */
export { parseIPv4, parseIPv6 };

/** The outcome of the policy: either allowed, or refused with a human-readable reason. */
export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export interface UrlPolicyOptions {
  /** `WEBHOOK_ALLOW_PRIVATE_URLS === "true"`: admits `http://` and loopback, nothing else. */
  allowPrivate?: boolean;
}

/** The ports a webhook may use: the default (443, which `URL` serialises as ""), 443 and 8443. */
const HTTPS_PORTS = new Set(["", "443", "8443"]);

/** Longest accepted URL; longer ones are refused rather than stored. */
export const MAX_URL_LENGTH = 2048;

/**
 * Name suffixes that only resolve inside private networks (RFC 6761/6762, ICANN `.internal`,
 * RFC 8375 `home.arpa`) or are public wildcard-DNS services that map any name to any IP
 * (`127.0.0.1.nip.io`): a webhook to one of them is an attempt to reach an internal host.
 */
const BLOCKED_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "localdomain",
  "home.arpa",
  "lan",
  "intranet",
  "nip.io",
  "sslip.io",
  "xip.io",
  "localtest.me",
  "lvh.me",
];

/** IPv4 ranges that are not globally reachable unicast (IANA special-purpose registry). */
const BLOCKED_V4: ReadonlyArray<readonly [string, number, string]> = [
  ["0.0.0.0", 8, "unspecified (0.0.0.0/8)"],
  ["10.0.0.0", 8, "private (10.0.0.0/8)"],
  ["100.64.0.0", 10, "carrier-grade NAT (100.64.0.0/10)"],
  ["127.0.0.0", 8, "loopback (127.0.0.0/8)"],
  ["169.254.0.0", 16, "link-local, including cloud metadata (169.254.0.0/16)"],
  ["172.16.0.0", 12, "private (172.16.0.0/12)"],
  ["192.0.0.0", 24, "IETF protocol assignments (192.0.0.0/24)"],
  ["192.0.2.0", 24, "documentation (192.0.2.0/24)"],
  ["192.88.99.0", 24, "6to4 relay anycast (192.88.99.0/24)"],
  ["192.168.0.0", 16, "private (192.168.0.0/16)"],
  ["198.18.0.0", 15, "benchmarking (198.18.0.0/15)"],
  ["198.51.100.0", 24, "documentation (198.51.100.0/24)"],
  ["203.0.113.0", 24, "documentation (203.0.113.0/24)"],
  ["224.0.0.0", 4, "multicast (224.0.0.0/4)"],
  ["240.0.0.0", 4, "reserved or broadcast (240.0.0.0/4)"],
];

/** Why an IPv4 address (as a 32-bit number) is not public, or null when it is. */
export function blockedIPv4(addr: number): string | null {
  for (const [base, bits, label] of BLOCKED_V4) {
    const b = parseIPv4(base) ?? 0;
    const size = 2 ** (32 - bits);
    if (Math.floor(addr / size) === Math.floor(b / size)) return label;
  }
  return null;
}

function v4From(hi: number, lo: number): number {
  return hi * 65536 + lo;
}

/** Why an IPv6 address is not public, or null when it is. Embedded IPv4 is judged as IPv4. */
export function blockedIPv6(g: number[]): string | null {
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return "unspecified (::)";
  if (zeroPrefix(7) && g[7] === 1) return "loopback (::1)";
  // Mapped (::ffff:a.b.c.d) and the deprecated compatible form (::a.b.c.d) reach IPv4 hosts
  // directly; no webhook needs them, so they are refused whatever they embed.
  if (zeroPrefix(5) && g[5] === 0xffff) return "IPv4-mapped IPv6 (::ffff:0:0/96)";
  if (zeroPrefix(6)) return "IPv4-compatible IPv6 (::/96)";
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    const inner = blockedIPv4(v4From(g[6], g[7]));
    return inner ? `NAT64 (64:ff9b::/96) embedding ${inner}` : null;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "local-use NAT64 (64:ff9b:1::/48)";
  if (g[0] === 0x2002) {
    const inner = blockedIPv4(v4From(g[1], g[2]));
    return inner ? `6to4 (2002::/16) embedding ${inner}` : null;
  }
  if (g[0] === 0x2001 && g[1] === 0) {
    // Teredo: server IPv4 in bits 32..63, client IPv4 inverted in the last 32 bits.
    const inner = blockedIPv4(v4From(g[2], g[3])) ?? blockedIPv4(v4From(g[6] ^ 0xffff, g[7] ^ 0xffff));
    return inner ? `Teredo (2001::/32) embedding ${inner}` : null;
  }
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "documentation (2001:db8::/32)";
  if (g[0] === 0x2001 && g[1] >= 0x10 && g[1] <= 0x2f) return "ORCHID (2001:10::/28, 2001:20::/28)";
  if (g[0] >= 0x3ff0 && g[0] <= 0x3fff) return "documentation (3fff::/20)";
  if (g[0] >= 0xfc00 && g[0] <= 0xfdff) return "unique local (fc00::/7)";
  if (g[0] >= 0xfe80 && g[0] <= 0xfebf) return "link-local (fe80::/10)";
  if (g[0] >= 0xfec0 && g[0] <= 0xfeff) return "site-local (fec0::/10)";
  if (g[0] >= 0xff00) return "multicast (ff00::/8)";
  if (g[0] < 0x2000 || g[0] > 0x3fff) return "not global unicast (outside 2000::/3)";
  return null;
}

function isLoopback(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = parseIPv4(host);
  if (v4 !== null) return Math.floor(v4 / 2 ** 24) === 127;
  if (host.startsWith("[")) {
    const g = parseIPv6(host.slice(1, -1));
    return g !== null && g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
  }
  return false;
}

/** Why a (lowercased, trailing-dot-free) host may not receive webhooks, or null when it may. */
function blockedHost(host: string): string | null {
  if (host === "") return "the URL has no host";
  if (host.startsWith("[")) {
    const g = parseIPv6(host.slice(1, -1));
    return g === null ? "malformed IPv6 address" : blockedIPv6(g);
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return blockedIPv4(v4);
  for (const suffix of BLOCKED_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `internal host name (${suffix})`;
  }
  if (!host.includes(".")) return "single-label host names are internal";
  return null;
}

/**
 * Judges a webhook URL. HTTPS only, on port 443 or 8443, no userinfo, and the host must be a public
 * name or a globally reachable address. With `allowPrivate`, `http://`, any port and loopback
 * hosts are admitted too.
 *
 * @example checkWebhookUrl("https://hooks.example.com/seats").ok === true
 * @example checkWebhookUrl("https://0x7f000001/").ok === false // 127.0.0.1
 */
export function checkWebhookUrl(raw: string, opts: UrlPolicyOptions = {}): UrlVerdict {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "must be an absolute URL" };
  }
  const allowPrivate = opts.allowPrivate === true;
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return { ok: false, reason: "must use https" };
  if (url.username !== "" || url.password !== "") return { ok: false, reason: "must not contain a user name or password" };
  // Receivers listen on the HTTPS ports; any other port is how a public name reaches a service
  // that was never meant to take requests from us (an admin console, a mail server).
  if (!allowPrivate && !HTTPS_PORTS.has(url.port)) return { ok: false, reason: "must use port 443 or 8443" };
  // `localhost.` and `example.com.` name the same hosts as without the dot.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (allowPrivate && isLoopback(host)) return { ok: true, url };
  const blocked = blockedHost(host);
  if (blocked) return { ok: false, reason: `host is not allowed: ${blocked}` };
  return { ok: true, url };
}

/** Reads the policy switch from the Worker's vars. */
export function allowPrivateUrls(env: Pick<Env, "WEBHOOK_ALLOW_PRIVATE_URLS">): boolean {
  return env.WEBHOOK_ALLOW_PRIVATE_URLS === "true";
}
