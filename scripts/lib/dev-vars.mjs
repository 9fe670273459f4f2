// Reading and completing `.dev.vars`, the local secrets file wrangler dev loads.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/**
 * Parses a dotenv-style file into an object. Missing file: empty object.
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function readDevVars(file) {
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    let value = m[2];
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    vars[m[1]] = value;
  }
  return vars;
}

/** A random URL-safe token with 192 bits of entropy. */
export function randomToken() {
  return randomBytes(24).toString("base64url");
}

/**
 * The values `npm run dev` needs. Factories so that a random value is only drawn for a missing key.
 * @type {Record<string, { value: () => string, comment: string }>}
 */
export const LOCAL_DEFAULTS = {
  ADMIN_TOKEN: { value: randomToken, comment: "Bearer token of the operator API (/admin/v1), local only" },
  PUBLIC_KEY_SECRET: { value: randomToken, comment: "Publishable keys are derived from this; changing it changes every publishable key" },
  WAITING_ROOM_SECRET: { value: randomToken, comment: "Signs waiting-room admissions (docs/waiting-room.md); changing it voids every admission given" },
  WEBHOOK_ALLOW_PRIVATE_URLS: { value: () => "true", comment: "Local development may deliver webhooks to http:// and loopback URLs" },
};

/**
 * Adds every missing key of LOCAL_DEFAULTS to the file, keeping existing lines and values as they are.
 * @param {string} file
 * @returns {{ vars: Record<string, string>, added: string[] }}
 */
export function ensureDevVars(file) {
  const vars = readDevVars(file);
  const added = [];
  let text = existsSync(file) ? readFileSync(file, "utf8") : "# Local secrets for `wrangler dev` (written by `npm run dev`; never commit this file).\n";
  for (const [name, { value, comment }] of Object.entries(LOCAL_DEFAULTS)) {
    if (vars[name]) continue;
    vars[name] = value();
    if (text.length && !text.endsWith("\n")) text += "\n";
    text += `# ${comment}\n${name}=${vars[name]}\n`;
    added.push(name);
  }
  if (added.length) writeFileSync(file, text, { mode: 0o600 });
  return { vars, added };
}
