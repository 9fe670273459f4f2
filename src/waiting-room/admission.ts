/**
 * Signed admissions (contract §15): `<ticket>.<eventId>.<expiresAt ms>.<HMAC-SHA256, base64url>`
 * over the ticket, the event (workspace, environment, key, and the id of this creation of it, so a
 * deleted event's admissions are void for a new event of the same key), the client address that
 * joined and the expiry.
 * The hold path checks one signature with a key imported once per isolate: no storage read, and
 * nothing to look up for a forged, expired, other event's or other client's admission, all of
 * which fail the same check.
 */

/** The event an admission is for. */
export interface AdmissionScope {
  workspaceId: string;
  environment: string;
  eventKey: string;
}

const encoder = new TextEncoder();
let cached: { secret: string; key: Promise<CryptoKey> } | null = null;

/**
 * The signing secret: WAITING_ROOM_SECRET when configured, else one derived from PUBLIC_KEY_SECRET
 * (which `npm run dev` and every deployment already have), so the room needs no setup of its own.
 */
export function admissionSecret(env: Pick<Env, "WAITING_ROOM_SECRET" | "PUBLIC_KEY_SECRET">): string {
  const own = env.WAITING_ROOM_SECRET;
  if (own) return own;
  if (!env.PUBLIC_KEY_SECRET) throw new Error("Neither WAITING_ROOM_SECRET nor PUBLIC_KEY_SECRET is configured");
  return `waiting-room:${env.PUBLIC_KEY_SECRET}`;
}

function hmacKey(secret: string): Promise<CryptoKey> {
  if (cached?.secret !== secret) {
    cached = { secret, key: crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]) };
  }
  return cached.key;
}

function message(scope: AdmissionScope, eventId: string, ticket: string, client: string, expiresAt: number) {
  return encoder.encode(`wr1|${scope.workspaceId}|${scope.environment}|${scope.eventKey}|${eventId}|${ticket}|${client}|${expiresAt}`);
}

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The admission of `ticket` to the event created as `eventId`, valid for `client` until `expiresAt` (epoch ms). */
export async function signAdmission(
  secret: string,
  scope: AdmissionScope,
  eventId: string,
  ticket: string,
  client: string,
  expiresAt: number,
): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), message(scope, eventId, ticket, client, expiresAt));
  return `${ticket}.${eventId}.${expiresAt}.${base64url(sig)}`;
}

/** An admission's form: ticket (shard and id), event id, expiry, signature. */
const ADMISSION_FORM = /^(\d{1,3}\.[A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

/** The event id an admission says it is for (unverified), or null when it is not of the form. */
export function admissionEventId(admission: string): string | null {
  return ADMISSION_FORM.exec(admission)?.[2] ?? null;
}

/**
 * The event id a live admission to this event key for this client at `now` was signed for (the
 * event's object compares it with its own), or null. A malformed admission is simply not valid; the
 * comparison of signatures does not stop at the first differing byte.
 */
export async function verifyAdmission(secret: string, scope: AdmissionScope, admission: string, client: string, now: number): Promise<string | null> {
  const m = ADMISSION_FORM.exec(admission);
  if (!m) return null;
  const eventId = m[2]!;
  const expiresAt = Number(m[3]);
  if (!(expiresAt > now)) return null;
  const expected = await signAdmission(secret, scope, eventId, m[1]!, client, expiresAt);
  const got = m[4]!;
  const want = expected.slice(expected.length - 43);
  let diff = 0;
  for (let i = 0; i < 43; i++) diff |= got.charCodeAt(i) ^ want.charCodeAt(i);
  return diff === 0 ? eventId : null;
}
