/**
 * Load generation. `blast()` drives autocannon's programmatic API (closed loop, N connections) and
 * builds every request in `setupRequest`, so each request carries its own seat label and hold
 * token. `paced()` is an open-loop generator over node:http that sends at a smooth fixed rate,
 * because autocannon's `overallRate` releases each connection's quota at the start of every second
 * (a burst per second, not a steady offered rate); both are reported by the latency scenario.
 */
import autocannon from "autocannon";
import { newAgent, timedRequest } from "./http.mjs";
import { summarise } from "./stats.mjs";

/**
 * Runs autocannon. `body(i)` / `path(i)` build the i-th request; `amount` bounds the count and
 * `duration` (s) the time (autocannon ignores duration when amount is set, so a timer stops it).
 * Returns completed count, rate from first send to last response, status counts, float-ms latency
 * summary, and the raw latencies.
 */
export async function blast({
  baseUrl,
  method = "GET",
  path,
  headers = {},
  headersFor,
  body,
  connections = 64,
  duration = 10,
  amount,
  overallRate,
  timeout = 30,
  onResponse,
}) {
  let i = 0;
  const latencies = [];
  const statuses = {};
  const request = {
    method,
    path: typeof path === "function" ? path(0) : path,
    headers: body ? { "content-type": "application/json", ...headers } : headers,
    setupRequest(req) {
      const n = i++;
      const next = { ...req };
      if (typeof path === "function") next.path = path(n);
      if (body) next.body = body(n);
      if (headersFor) next.headers = { ...req.headers, ...headersFor(n) };
      return next;
    },
  };
  const started = process.hrtime.bigint();
  let last = started;
  const instance = autocannon({
    url: baseUrl,
    connections: amount ? Math.min(connections, amount) : connections,
    pipelining: 1,
    duration,
    amount,
    overallRate,
    timeout,
    requests: [request],
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    last = process.hrtime.bigint();
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (onResponse) onResponse(statusCode, responseTime);
  });
  const timer = amount ? setTimeout(() => instance.stop(), duration * 1000) : undefined;
  const result = await instance;
  clearTimeout(timer);
  const elapsedS = Number(last - started) / 1e9;
  return {
    completed: latencies.length,
    elapsedS,
    rps: elapsedS > 0 ? latencies.length / elapsedS : Number.NaN,
    statuses,
    ok: statuses[200] ?? 0,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: summarise(latencies),
    latencies,
  };
}

/**
 * Sends `rate` requests per second for `duration` seconds on a smooth schedule (open loop, at most
 * `sockets` connections); `headersFor(n)` adds the n-th request's own headers (its client address, say). Latency is measured from the scheduled send time, so client or server
 * stalls show up instead of being hidden (no coordinated omission).
 */
export async function paced({ baseUrl, method = "POST", path, headers = {}, headersFor, body, rate = 1000, duration = 10, sockets = 64 }) {
  const agent = newAgent(sockets);
  const total = Math.round(rate * duration);
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const inflight = [];
  const start = performance.now();
  let sent = 0;
  await new Promise((resolveAll) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) / 1000) * rate) + 1);
      while (sent < due) {
        const n = sent++;
        const scheduled = start + (n / rate) * 1000;
        inflight.push(
          timedRequest(baseUrl, method, typeof path === "function" ? path(n) : path, {
            agent,
            headers: headersFor ? { ...headers, ...headersFor(n) } : headers,
            body: body ? body(n) : undefined,
            keepText: false,
          })
            .then((res) => {
              latencies.push(performance.now() - scheduled);
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            })
            .catch(() => errors++),
        );
      }
      if (sent >= total) resolveAll();
      else setTimeout(tick, 1);
    };
    tick();
  });
  // Bounded wait: when the server falls far behind the offered rate, requests still queued 30 s
  // after the last send are abandoned (counted as errors) rather than waited for.
  let timer;
  const drained = await Promise.race([Promise.all(inflight).then(() => true), new Promise((r) => (timer = setTimeout(r, 30_000, false)))]);
  clearTimeout(timer);
  agent.destroy();
  if (!drained) errors += total - latencies.length - errors;
  const elapsedS = (performance.now() - start) / 1000;
  return {
    completed: latencies.length,
    elapsedS,
    rps: latencies.length / elapsedS,
    statuses,
    ok: statuses[200] ?? 0,
    errors,
    latency: summarise(latencies),
    latencies,
  };
}

/** Times `count` sequential requests from one client; returns the latency summary and sizes. */
export async function sequential(baseUrl, count, makeRequest) {
  const agent = newAgent(1);
  const latencies = [];
  const statuses = {};
  let lastBytes = 0;
  for (let n = 0; n < count; n++) {
    const { method, path, headers, body } = makeRequest(n);
    const res = await timedRequest(baseUrl, method, path, { agent, headers, body, keepText: false });
    latencies.push(res.ms);
    lastBytes = res.bytes;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  agent.destroy();
  return { latency: summarise(latencies), statuses, bytes: lastBytes, latencies };
}
