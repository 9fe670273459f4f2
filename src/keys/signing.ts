/**
 * Signed tokens that need no storage: waiting-room admissions and channel passes are an HMAC over
 * their fields, checked in microseconds on the hold path. Each workspace environment signs with a
 * secret of its own, derived from the deployment's signing secret and the salt of its current
 * publishable key, so rotating the publishable key rotates the signing secret with it, and tokens
 * signed before a rotation stay valid exactly as long as the previous key does (the secrets of a
 * scope are resolved in db/signing-secrets.ts).
 */

const encoder = new TextEncoder();

/**
 * What a signature is for: a token of one purpose never passes as another's. `wr1` is the
 * admissions of releases before per-workspace secrets (signed with the deployment's secret itself),
 * still verified so that buyers admitted across an upgrade keep their admission until it expires.
 */
export type SigningPurpose = "admission" | "pass" | "wr1";

/** Imported HMAC keys by secret: importing costs more than signing. */
const importedKeys = new Map<string, Promise<CryptoKey>>();
const IMPORTED_MAX = 256;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = importedKeys.get(secret);
  if (key === undefined) {
    if (importedKeys.size >= IMPORTED_MAX) importedKeys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    importedKeys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Length of a signature: base64url of 32 bytes. */
export const SIGNATURE_LENGTH = 43;

/**
 * The signing secret of one workspace environment's key generation: HMAC of the deployment's
 * signing secret over the scope and the publishable key's salt.
 */
export async function deriveSigningSecret(deploymentSecret: string, workspaceId: string, environment: string, salt: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(deploymentSecret), encoder.encode(`signing|${workspaceId}|${environment}|${salt}`));
  return base64url(mac);
}

/**
 * The signature (base64url, {@link SIGNATURE_LENGTH} characters) of `fields` for `purpose`. Fields
 * are joined with `|`, so none may contain one where it could shift another (callers sign ids,
 * keys and numbers).
 *
 * @example await signFields(secret, "pass", [workspaceId, environment, eventKey, channelKey, String(expiresAt)])
 */
export async function signFields(secret: string, purpose: SigningPurpose, fields: readonly string[]): Promise<string> {
  return base64url(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${purpose}|${fields.join("|")}`)));
}

/**
 * Whether `signature` is the signature of `fields` under any of `secrets` (the scope's current
 * secret and those of keys still in their grace period). The comparison does not stop at the
 * first differing character.
 */
export async function verifyFields(secrets: readonly string[], purpose: SigningPurpose, fields: readonly string[], signature: string): Promise<boolean> {
  if (signature.length !== SIGNATURE_LENGTH) return false;
  for (const secret of secrets) {
    const want = await signFields(secret, purpose, fields);
    let diff = 0;
    for (let i = 0; i < SIGNATURE_LENGTH; i++) diff |= want.charCodeAt(i) ^ signature.charCodeAt(i);
    if (diff === 0) return true;
  }
  return false;
}
