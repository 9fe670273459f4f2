import { signForScope, verifyForScope, type SigningEnv } from "../db/signing-secrets";
import {
  MAX_PASSES,
  parsePass,
  passFields,
  passTexts,
  passText,
  PASS_HEADER,
  type ChannelAccess,
  type ChannelPass,
  type PassRequest,
  type PassResult,
} from "../domain/channel-passes";
import { ServiceError } from "../domain/errors";
import type { Scope } from "../domain/scope";
import { newId } from "../keys/keys";
import { callEvent } from "./event-object-calls";

/**
 * Channel passes (docs/security.md; the form in domain/channel-passes.ts): issued with a secret key for
 * a protected channel of an event, checked on every hold and read that sends one. Nothing is
 * stored: a pass is an HMAC under the workspace environment's signing secret (db/signing-secrets.ts),
 * so checking one costs a signature (two while a rotated publishable key is in its grace period),
 * and a pass signed before a rotation stops working when the previous key does.
 */

/** Issues a pass for a protected channel of the event: 404 for a channel the event does not have, 409 for one not protected. */
export async function issueChannelPass(env: Env, scope: Scope, eventKey: string, channelKey: string, body: PassRequest): Promise<PassResult> {
  const { eventId } = await callEvent(env, scope, eventKey, (event) => event.channelPassTarget(channelKey));
  const expiresAt = Date.now() + body.ttlSeconds * 1000;
  const pass: ChannelPass = { eventId, channelKey, passId: newId("cp", 16).slice(3), maxSeats: body.maxSeats ?? null };
  const signature = await signForScope(env, scope, "pass", passFields(scope.workspaceId, scope.environment, pass, expiresAt));
  return { pass: passText(pass, expiresAt, signature), expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The passes of a request (X-Channel-Pass, comma-separated) that are live and signed for this
 * workspace environment. A forged, expired, malformed or other workspace's pass is simply not
 * among them (the event's object then refuses the channel as for no pass); more than
 * {@link MAX_PASSES} is 400.
 */
export async function verifyChannelPasses(env: SigningEnv, scope: Scope, value: string | undefined | null, now = Date.now()): Promise<ChannelPass[]> {
  const texts = passTexts(value);
  if (texts.length === 0) return [];
  if (texts.length > MAX_PASSES)
    throw new ServiceError("validation_failed", `At most ${MAX_PASSES} channel passes may be sent`, {
      errors: { [PASS_HEADER]: [`at most ${MAX_PASSES} passes, comma-separated`] },
    });
  const checked = await Promise.all(
    texts.map(async (text) => {
      const parsed = parsePass(text);
      if (parsed === null || !(parsed.expiresAt > now)) return null;
      const fields = passFields(scope.workspaceId, scope.environment, parsed.pass, parsed.expiresAt);
      return (await verifyForScope(env, scope, "pass", fields, parsed.signature)) ? parsed.pass : null;
    }),
  );
  return checked.filter((p): p is ChannelPass => p !== null);
}

/** What a read may see of the protected channels: all with a secret key, else the channels its passes name. */
export async function channelAccess(env: SigningEnv, scope: Scope & { kind: "public" | "secret" }, value: string | undefined | null): Promise<ChannelAccess> {
  return scope.kind === "secret" ? "all" : verifyChannelPasses(env, scope, value);
}

/** How long the box office's passes last: a working day of the dashboard's page, which issues new ones each time it loads. */
const BOX_OFFICE_PASS_SECONDS = 12 * 3600;

/** Passes to every protected channel of the event, for the dashboard's box office map (it sees and sells every channel). */
export async function boxOfficePasses(env: Env, scope: Scope, eventKey: string, channels: readonly { key: string; protected?: boolean }[]): Promise<string[]> {
  const protectedKeys = channels.filter((c) => c.protected === true).map((c) => c.key);
  const issued = await Promise.all(protectedKeys.map((k) => issueChannelPass(env, scope, eventKey, k, { ttlSeconds: BOX_OFFICE_PASS_SECONDS })));
  return issued.map((p) => p.pass);
}
