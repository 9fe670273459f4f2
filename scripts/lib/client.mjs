// A minimal JSON client for the service, shared by the dev script and the admin CLI (fetch only).

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {any} body  parsed JSON, or the raw text when the answer is not JSON
 */

/**
 * Calls the service.
 * @param {string} baseUrl e.g. http://127.0.0.1:8787
 * @param {string} method
 * @param {string} path
 * @param {{ adminToken?: string, apiKey?: string, body?: unknown, timeoutMs?: number }} [opts]
 * @returns {Promise<Reply>}
 */
export async function request(baseUrl, method, path, opts = {}) {
  const headers = { Accept: "application/json" };
  if (opts.adminToken !== undefined) headers.Authorization = `Bearer ${opts.adminToken}`;
  if (opts.apiKey !== undefined) headers["X-Api-Key"] = opts.apiKey;
  let body;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(new URL(path, baseUrl), { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: text };
  }
}

/** An error carrying the failed call and its reply, so callers can print the service's envelope. */
export class CallError extends Error {
  /**
   * @param {string} what
   * @param {Reply} reply
   */
  constructor(what, reply) {
    const detail = reply.body && typeof reply.body === "object" ? `${reply.body.code}: ${reply.body.message}` : String(reply.body).slice(0, 200);
    super(`${what} failed with HTTP ${reply.status} (${detail})`);
    this.reply = reply;
  }
}

/**
 * Waits until the server answers any HTTP response, or gives up.
 * @param {string} baseUrl
 * @param {{ timeoutMs?: number, stillRunning?: () => boolean }} [opts]
 * @returns {Promise<boolean>} true once it answers
 */
export async function waitUntilUp(baseUrl, opts = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (opts.stillRunning && !opts.stillRunning()) return false;
    try {
      const res = await fetch(new URL("/openapi.json", baseUrl), { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status < 500) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 400));
  }
  return false;
}
