import type { Environment } from "../domain/scope";

/** The two kinds of API key: publishable (browser-safe) and secret (server-only). */
export type KeyKind = "public" | "secret";

const PREFIX: Record<KeyKind, Record<Environment, string>> = {
  public: { production: "pk_live_", sandbox: "pk_test_" },
  secret: { production: "sk_live_", sandbox: "sk_test_" },
};

/** A well-formed key: one of the four prefixes and 32 base62 characters. */
const KEY_PATTERN = /^(pk|sk)_(live|test)_[0-9A-Za-z]{32}$/;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export interface ParsedKey {
  kind: KeyKind;
  environment: Environment;
}

/** Reads kind and environment from a key's prefix; null for anything malformed. */
export function parseKey(key: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  return { kind: m[1] === "pk" ? "public" : "secret", environment: m[2] === "live" ? "production" : "sandbox" };
}

/**
 * Whether a value claims to be a secret key by its prefix, well-formed or not. Places a secret key
 * must never travel (a URL) refuse on this alone, without looking the key up.
 */
export function isSecretKeyShaped(value: string): boolean {
  return value.startsWith("sk_");
}

function toBase62(bytes: Uint8Array, length: number): string {
  let out = "";
  // 248 is the largest multiple of 62 below 256: rejecting larger bytes keeps the alphabet unbiased.
  for (const b of bytes) {
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === length) return out;
  }
  throw new Error("not enough random bytes for a key");
}

/** A new random secret key for an environment. */
export function newSecretKey(environment: Environment): string {
  return PREFIX.secret[environment] + toBase62(crypto.getRandomValues(new Uint8Array(64)), 32);
}

/**
 * The publishable key of a workspace's environment, derived with HMAC from the deployment's
 * PUBLIC_KEY_SECRET and the workspace's salt. Deriving rather than storing it keeps every
 * plaintext key out of D1 while the operator can still be shown the key again.
 */
export async function derivePublicKey(secret: string, salt: string, environment: Environment): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${salt}:${environment}`)));
  const wide = new Uint8Array(64);
  wide.set(mac, 0);
  const mac2 = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${salt}:${environment}:2`)));
  wide.set(mac2, 32);
  return PREFIX.public[environment] + toBase62(wide, 32);
}

/** Lowercase hex SHA-256 of a key: the only form in which keys are stored. */
export async function hashKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random identifier with a readable prefix, e.g. `ws_3kTq…`. */
export function newId(prefix: string, length = 20): string {
  return `${prefix}_${toBase62(crypto.getRandomValues(new Uint8Array(length * 2)), length)}`;
}
