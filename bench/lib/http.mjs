/**
 * A minimal keep-alive HTTP client over node:http for the parts of the benchmark that time single
 * requests (status reads, isolated hold costs, probes during the expiry sweep). node:http with a
 * keep-alive agent adds far less client-side overhead than fetch, which matters on two shared cores.
 */
import http from "node:http";

/** A keep-alive agent; `sockets` bounds the connections (1 = one sequential client). */
export function newAgent(sockets = 1) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/**
 * Sends one request and resolves `{ status, ms, bytes, text, headers }`. `ms` is measured from just
 * before the request is written until the last body byte arrives. Never rejects on HTTP status;
 * rejects only on network errors or after `timeoutMs`.
 */
export function timedRequest(baseUrl, method, path, { agent, headers = {}, body, timeoutMs = 30_000, keepText = true } = {}) {
  return new Promise((resolveReq, reject) => {
    const url = new URL(path, baseUrl);
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const allHeaders = { ...headers };
    if (payload !== undefined) {
      allHeaders["content-type"] ??= "application/json";
      allHeaders["content-length"] = Buffer.byteLength(payload);
    }
    const start = process.hrtime.bigint();
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: allHeaders, agent }, (res) => {
      const chunks = [];
      let size = 0;
      res.on("data", (chunk) => {
        size += chunk.length;
        if (keepText) chunks.push(chunk);
      });
      res.on("end", () => {
        const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
        resolveReq({ status: res.statusCode, ms: elapsed, bytes: size, text: keepText ? Buffer.concat(chunks).toString("utf8") : "", headers: res.headers });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${path}`)));
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Parses a JSON body, or returns null when it is not JSON. */
export function json(res) {
  try {
    return JSON.parse(res.text);
  } catch {
    return null;
  }
}

/** Runs `task(i)` for i in [0, count) with at most `concurrency` in flight; resolves the results in order. */
export async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
