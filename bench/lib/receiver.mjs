/**
 * A local webhook receiver (node:http on 127.0.0.1, reachable by the Worker because the bench
 * starts it with WEBHOOK_ALLOW_PRIVATE_URLS=true). Each scenario gets its own path. Deliveries are
 * deduplicated by envelope id (retries repeat the id), and the `Service-Signature` header
 * (`t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`) is verified when the path's secret is known.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";

/** Starts the receiver; resolves `{ url(path), setSecret, channel(path), close }`. */
export async function startReceiver() {
  const channels = new Map();
  const channel = (path) => {
    let ch = channels.get(path);
    if (!ch) {
      ch = { secret: null, byId: new Map(), deliveries: 0, duplicates: 0, badSignatures: 0, unparsable: 0, firstAt: null, lastAt: null, listeners: new Set() };
      channels.set(path, ch);
    }
    return ch;
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      const raw = Buffer.concat(chunks);
      const ch = channel(req.url ?? "/");
      const now = performance.now();
      ch.deliveries++;
      ch.firstAt ??= now;
      ch.lastAt = now;
      if (ch.secret && !verify(raw, req.headers["service-signature"], ch.secret)) ch.badSignatures++;
      let body;
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        ch.unparsable++;
        return;
      }
      // A batch of envelopes in one POST is accepted too, in case delivery is ever batched.
      for (const env of Array.isArray(body) ? body : [body]) {
        if (!env || typeof env.id !== "string") {
          ch.unparsable++;
          continue;
        }
        if (ch.byId.has(env.id)) {
          ch.duplicates++;
          continue;
        }
        ch.byId.set(env.id, { type: env.type, objectLabel: env.data?.object?.objectLabel, at: now });
      }
      for (const l of ch.listeners) l();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    setSecret: (path, secret) => {
      channel(path).secret = secret;
    },
    channel,
    /** Resolves when `done(channel)` holds, or after `timeoutMs` (then resolves false). */
    waitFor(path, done, timeoutMs) {
      const ch = channel(path);
      return new Promise((resolveWait) => {
        if (done(ch)) return resolveWait(true);
        const check = () => {
          if (done(ch)) finish(true);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (value) => {
          clearTimeout(timer);
          ch.listeners.delete(check);
          resolveWait(value);
        };
        ch.listeners.add(check);
      });
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

/** Checks a `t=…,v1=…` signature over the raw body bytes, in constant time. */
function verify(raw, header, secret) {
  if (typeof header !== "string") return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2)));
  if (!parts.t || !parts.v1) return false;
  const mac = createHmac("sha256", secret).update(`${parts.t}.`).update(raw).digest("hex");
  const a = Buffer.from(mac);
  const b = Buffer.from(parts.v1);
  return a.length === b.length && timingSafeEqual(a, b);
}
