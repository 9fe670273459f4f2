/**
 * Webhook signatures: `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<rawBody>")>`.
 * The scheme is Stripe's, so `stripe.webhooks.constructEvent(raw, header, secret, 300)` verifies
 * it too. Pure: Web Crypto only, so this file also runs in Node 20+, Deno and browsers, and a
 * receiver may copy it as is.
 */

/** Name of the signature header on every delivery. */
export const SIGNATURE_HEADER = "Service-Signature";

/** Default accepted clock difference, in seconds, in either direction. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<rawBody>` keyed with the whole secret string. */
export async function computeSignature(secret: string, timestamp: number, rawBody: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${rawBody}`)));
}

/**
 * The `Service-Signature` header value for a body sent at `timestamp` (Unix seconds).
 *
 * @example await signatureHeader("whsec_…", 1700000000, body) // "t=1700000000,v1=5f0c…"
 */
export async function signatureHeader(secret: string, timestamp: number, rawBody: string): Promise<string> {
  return `t=${timestamp},v1=${await computeSignature(secret, timestamp, rawBody)}`;
}

/**
 * Compares two strings in time that depends only on their length, so an attacker cannot learn
 * a signature byte by byte from response times. A length mismatch fails at once (the length of
 * a hex SHA-256 is public anyway).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A parsed signature header: the timestamp and every `v1` signature it carries. */
export interface ParsedSignature {
  timestamp: number;
  signatures: string[];
}

/** Parses `t=…,v1=…[,v1=…]`; unknown schemes (`v0=`) are ignored. Null when malformed. */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1") signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

export interface VerifyOptions {
  /** Accepted clock difference in seconds, either direction. Default 300. */
  toleranceSeconds?: number;
  /** Current Unix time in seconds; defaults to the clock. */
  now?: number;
}

/** Why a verification failed, or the verified timestamp. */
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: "malformed_header" | "timestamp_out_of_tolerance" | "signature_mismatch" };

/**
 * Verifies a delivery as a receiver should: over the exact raw body bytes (read the body as text
 * before any JSON parsing), with the timestamp within ±`toleranceSeconds` of now, comparing in
 * constant time.
 *
 * @example
 * const raw = await request.text();
 * const result = await verifyWebhook(raw, request.headers.get("Service-Signature") ?? "", secret);
 * if (!result.ok) return new Response("bad signature", { status: 400 });
 * const event = JSON.parse(raw); // then deduplicate by event.id
 */
export async function verifyWebhook(rawBody: string, header: string, secret: string, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: "malformed_header" };
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: "timestamp_out_of_tolerance" };
  const expected = await computeSignature(secret, parsed.timestamp, rawBody);
  // Every candidate is compared (no early exit on a match) so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of parsed.signatures) matched = timingSafeEqual(candidate, expected) || matched;
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: "signature_mismatch" };
}

/** A new endpoint signing secret: `whsec_` and 40 base62 characters (about 238 bits). */
export function newWebhookSecret(): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let out = "";
  while (out.length < 40) {
    for (const b of crypto.getRandomValues(new Uint8Array(64))) {
      // 248 is the largest multiple of 62 below 256: rejecting larger bytes avoids modulo bias.
      if (b < 248 && out.length < 40) out += alphabet[b % 62];
    }
  }
  return `whsec_${out}`;
}
