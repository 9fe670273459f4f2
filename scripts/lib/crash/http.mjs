// One JSON request over node:http that never throws: the crash test needs to tell "the server said
// no" from "we do not know what happened" (the connection died mid-request) from "the request never
// reached a server" (connection refused while it was down).
import http from "node:http";

/** A keep-alive agent: one per client, so a client's requests reuse one connection. */
export function newAgent(sockets = 1) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/**
 * @typedef {object} Exchange
 * @property {number} sentAt       ms epoch, just before the request was written
 * @property {number} respAt       ms epoch, when the answer (or the error) arrived
 * @property {number | null} status HTTP status, null when no answer came
 * @property {unknown} body        parsed JSON (or raw text), null without an answer
 * @property {string | null} error the network error when no answer came
 * @property {boolean} refused     true when the connection was refused: the server cannot have seen it
 */

/**
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} path
 * @param {{ agent?: http.Agent, apiKey?: string, adminToken?: string, clientIp?: string, body?: unknown, timeoutMs?: number }} [opts]
 * @returns {Promise<Exchange>}
 */
export function exchange(baseUrl, method, path, opts = {}) {
  return new Promise((resolve) => {
    const url = new URL(path, baseUrl);
    const headers = { accept: "application/json" };
    if (opts.apiKey) headers["x-api-key"] = opts.apiKey;
    if (opts.adminToken) headers.authorization = `Bearer ${opts.adminToken}`;
    // The buyer's address, as Cloudflare's edge would set it (wrangler dev keeps a header the caller
    // sent): the per-client limits of docs/selling-rules.md see each simulated buyer apart.
    if (opts.clientIp) headers["cf-connecting-ip"] = opts.clientIp;
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    const sentAt = Date.now();
    let settled = false;
    const done = (x) => {
      if (settled) return;
      settled = true;
      resolve({ sentAt, respAt: Date.now(), ...x });
    };
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: opts.agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // Not JSON: keep the text.
        }
        done({ status: res.statusCode ?? null, body, error: null, refused: false });
      });
      // The status line arrived but the body was cut: the server decided, we cannot see what.
      res.on("error", (err) => done({ status: null, body: null, error: `response cut: ${err.message}`, refused: false }));
      res.on("aborted", () => done({ status: null, body: null, error: "response aborted", refused: false }));
    });
    req.setTimeout(opts.timeoutMs ?? 20_000, () => req.destroy(new Error(`no answer within ${(opts.timeoutMs ?? 20_000) / 1000} s`)));
    req.on("error", (err) => done({ status: null, body: null, error: err.code ?? err.message, refused: err.code === "ECONNREFUSED" }));
    req.end(payload);
  });
}
