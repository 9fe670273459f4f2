/**
 * A local HTTP proxy in front of `wrangler dev` that misbehaves on demand, once: `drop` forwards
 * the next matching request and then cuts the connection instead of answering (the service did
 * the work, the client never heard), `tooMany` answers the next one 429 with Retry-After itself.
 */
import http from "node:http";

export async function startProxy(upstream) {
  const plan = [];
  const seen = [];
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks);
    seen.push({ method: req.method, url: req.url, idempotencyKey: req.headers["idempotency-key"] });
    const step = plan.findIndex((p) => p.method === req.method && p.match.test(req.url));
    const action = step >= 0 ? plan.splice(step, 1)[0].action : "pass";
    if (action === "tooMany") {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      res.end(JSON.stringify({ statusCode: 429, error: "Too Many Requests", message: "slow down", code: "rate_limited" }));
      return;
    }
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const answer = await fetch(upstream + req.url, { method: req.method, headers, body: body.length ? body : undefined });
    const text = Buffer.from(await answer.arrayBuffer());
    if (action === "drop") {
      req.socket.destroy();
      return;
    }
    const out = {};
    answer.headers.forEach((v, k) => {
      if (k !== "content-encoding" && k !== "content-length" && k !== "transfer-encoding") out[k] = v;
    });
    res.writeHead(answer.status, out);
    res.end(text);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    /** The next request with this method whose URL matches is answered `action` ("drop" or "tooMany"). */
    once(method, match, action) {
      plan.push({ method, match, action });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
