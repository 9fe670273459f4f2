/**
 * Signed admissions (docs/waiting-room.md): `<ticket>.<eventId>.<expiresAt ms>.<HMAC-SHA256, base64url>`
 * over the ticket, the event (workspace, environment, key, and the id of this creation of it, so a
 * deleted event's admissions are void for a new event of the same key), the client that joined
 * (its identity: an IPv4 address or an IPv6 /64) and the expiry.
 *
 * The secret is the workspace environment's signing secret (db/signing-secrets.ts), which rotates
 * with its publishable key: an admission signed before a rotation is accepted as long as the
 * previous key is. The hold path checks one signature (two during a grace period) with secrets
 * kept per isolate: no storage read per hold, and nothing to look up for a forged, expired, other
 * event's or other client's admission, all of which fail the same check.
 */
import { signForScope, verifyForScope, verifyLegacyAdmission, type SigningEnv } from "../db/signing-secrets";
import type { Environment } from "../domain/scope";

/** The event an admission is for. */
export interface AdmissionScope {
  workspaceId: string;
  environment: Environment;
  eventKey: string;
}

function fields(scope: AdmissionScope, eventId: string, ticket: string, client: string, expiresAt: number): string[] {
  return [scope.workspaceId, scope.environment, scope.eventKey, eventId, ticket, client, String(expiresAt)];
}

/** The admission of `ticket` to the event created as `eventId`, valid for `client` until `expiresAt` (epoch ms). */
export async function signAdmission(
  env: SigningEnv,
  scope: AdmissionScope,
  eventId: string,
  ticket: string,
  client: string,
  expiresAt: number,
): Promise<string> {
  const signature = await signForScope(env, scope, "admission", fields(scope, eventId, ticket, client, expiresAt));
  return `${ticket}.${eventId}.${expiresAt}.${signature}`;
}

/** An admission's form: ticket (shard and id), event id, expiry, signature. */
const ADMISSION_FORM = /^(\d{1,3}\.[A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{1,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

/** The event id an admission says it is for (unverified), or null when it is not of the form. */
export function admissionEventId(admission: string): string | null {
  return ADMISSION_FORM.exec(admission)?.[2] ?? null;
}

/**
 * The event id a live admission to this event key for this client at `now` was signed for (the
 * event's object compares it with its own), or null. A malformed admission is simply not valid.
 */
export async function verifyAdmission(env: SigningEnv, scope: AdmissionScope, admission: string, client: string, now: number): Promise<string | null> {
  const m = ADMISSION_FORM.exec(admission);
  if (!m) return null;
  const eventId = m[2]!;
  const expiresAt = Number(m[3]);
  if (!(expiresAt > now)) return null;
  const signed = fields(scope, eventId, m[1]!, client, expiresAt);
  if (await verifyForScope(env, scope, "admission", signed, m[4]!)) return eventId;
  // An admission given out before this release, signed with the deployment's secret itself: none
  // is made any more, and those that exist end within a session (at most 60 minutes).
  return (await verifyLegacyAdmission(env, signed, m[4]!)) ? eventId : null;
}
