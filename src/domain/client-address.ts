/**
 * Who a buyer is, as far as per-client rules can tell: the address Cloudflare puts in
 * `CF-Connecting-IP`. Every per-client rule (the seat-action and read limits, the hold cap per
 * client, the waiting room's one ticket per address, admissions bound to their client, live sockets
 * per client, idempotency of publishable keys, the unknown-key counter) keys on
 * {@link clientIdentity}, never on the raw header.
 *
 * An IPv6 host is usually given a whole /64 by its provider and may pick any of its 2^64 low
 * addresses at will, so an IPv6 address counts as its /64 prefix: rotating the low bits does not
 * make one host many buyers. An IPv4 address (or IPv6 that only carries one: mapped, NAT64) is
 * itself. Every textual form of one address gives one identity (compressed or not, leading
 * zeros, mixed case, a zone id, brackets).
 */

/** Parses a dotted-quad IPv4 address to a 32-bit unsigned number; null for anything else. */
export function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/**
 * Parses an IPv6 address (without brackets) to its eight 16-bit groups; accepts `::` compression
 * and a trailing embedded dotted IPv4. Null for anything malformed.
 */
export function parseIPv6(text: string): number[] | null {
  let s = text.toLowerCase();
  const lastColon = s.lastIndexOf(":");
  if (lastColon < 0) return null;
  if (s.includes(".", lastColon)) {
    // A trailing dotted IPv4 (`::ffff:1.2.3.4`) is rewritten as its two hex groups.
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...rest];
}

/** Longest header value considered; anything longer is not an address. */
const MAX_ADDRESS_TEXT = 100;

function ipv4Text(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

/** The IPv4 address an IPv6 address only carries (mapped `::ffff:0:0/96`, NAT64 `64:ff9b::/96`), or null. */
function embeddedIPv4(g: number[]): number | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return g[6]! * 65536 + g[7]!;
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return g[6]! * 65536 + g[7]!;
  return null;
}

/**
 * The identity of a client address for every per-client rule: `a.b.c.d` for IPv4, `xxxx:xxxx:xxxx:xxxx::/64`
 * (four lower-case hex groups without leading zeros) for IPv6. A value that is no address at all
 * (which Cloudflare never sends) is kept as its trimmed, lower-cased text, so it still counts as one
 * client. Undefined when there is no value.
 *
 * @example clientIdentity("2001:DB8:0:0:1::7") === "2001:db8:0:0::/64"
 * @example clientIdentity("2001:db8::ffff:2") === clientIdentity("2001:0db8:0000:0000:abcd::1%eth0")
 * @example clientIdentity("::ffff:192.0.2.1") === "192.0.2.1"
 */
export function clientIdentity(raw: string | null | undefined): string | undefined {
  const text = raw?.trim().toLowerCase();
  if (!text) return undefined;
  if (text.length > MAX_ADDRESS_TEXT) return text.slice(0, MAX_ADDRESS_TEXT);
  const v4 = parseIPv4(text);
  if (v4 !== null) return ipv4Text(v4);
  // Brackets (`[::1]`) and a zone id (`fe80::1%eth0`) are not part of the address.
  const bare = text.replace(/^\[/, "").replace(/\]$/, "").replace(/%.*$/, "");
  const groups = parseIPv6(bare);
  if (groups === null) return text;
  const carried = embeddedIPv4(groups);
  if (carried !== null) return ipv4Text(carried);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** Live sockets one client address may hold open on one event with a publishable key (docs/security.md). */
export const LIVE_SOCKETS_PER_CLIENT = 8;

/** The header on which the Worker tells an event's object which client opens a live socket (never a client's own). */
export const LIVE_CLIENT_HEADER = "x-seats-live-client";
