/**
 * The service's HTTP API as the benchmark uses it: provisioning through the operator API and the
 * public API (docs/deploy.md#operator-api-and-cli, docs/charts.md#the-layout, docs/events.md#events, docs/webhooks.md), and the seat actions. Every call goes over real HTTP to
 * the local runtime. A missing or failing endpoint raises `Unavailable`, which a scenario turns
 * into "n/a: reason" instead of crashing the run, so the harness works while the service is built.
 */
import { json, newAgent, timedRequest } from "./http.mjs";

/** An endpoint the scenario needs is missing or refused: the figure is reported as n/a. */
export class Unavailable extends Error {}

/** The shortest readable account of a failed response. */
function describe(res) {
  const body = json(res);
  const code = body && typeof body === "object" && "code" in body ? ` ${body.code}` : "";
  const message = body && typeof body === "object" && "message" in body ? `: ${String(body.message).slice(0, 160)}` : "";
  return `${res.status}${code}${message}`;
}

/** A client bound to one runtime; provisioning calls share one keep-alive agent. */
export class Api {
  constructor(baseUrl, adminToken) {
    this.baseUrl = baseUrl;
    this.adminToken = adminToken;
    this.agent = newAgent(16);
    this.runId = Math.random().toString(36).slice(2, 8);
    this.counter = 0;
  }

  /** Points the client at a restarted runtime (new URL, fresh connections). */
  retarget(baseUrl) {
    this.agent.destroy();
    this.baseUrl = baseUrl;
    this.agent = newAgent(16);
  }

  /** A unique suffix for keys created in this run. */
  unique(prefix) {
    return `${prefix}-${this.runId}-${++this.counter}`;
  }

  /** One request; `expect` lists acceptable statuses, anything else is Unavailable. */
  async call(method, path, { key, admin = false, body, expect = [200, 201], what = `${method} ${path}`, timeoutMs = 120_000 } = {}) {
    const headers = {};
    if (key) headers["x-api-key"] = key;
    if (admin) headers.authorization = `Bearer ${this.adminToken}`;
    let res;
    try {
      res = await timedRequest(this.baseUrl, method, path, { agent: this.agent, headers, body, timeoutMs });
    } catch (err) {
      throw new Unavailable(`${what}: ${err.message}`);
    }
    if (!expect.includes(res.status)) throw new Unavailable(`${what} answered ${describe(res)}`);
    return { ...res, body: json(res) };
  }

  /**
   * A workspace with its production keys: `{ workspaceKey, pk, sk }`. Production keys keep the
   * sandbox rate limiter out of the measurement.
   */
  async workspace(name = "Benchmark workspace") {
    const ws = await this.call("POST", "/admin/v1/workspaces", { admin: true, body: { name }, what: "operator API POST /admin/v1/workspaces" });
    const workspaceKey = ws.body?.workspaceKey;
    const pk = ws.body?.publicKeys?.production;
    if (!workspaceKey || !pk) throw new Unavailable("operator API: workspace response lacks workspaceKey/publicKeys.production");
    const sec = await this.call("POST", `/admin/v1/workspaces/${encodeURIComponent(workspaceKey)}/secret-keys/production`, {
      admin: true,
      what: "operator API POST secret-keys/production",
    });
    const sk = sec.body?.secretKey;
    if (!sk) throw new Unavailable("operator API: secret-key response lacks secretKey");
    return { workspaceKey, pk, sk };
  }

  /** Creates and publishes a chart of `layout`; returns its chartKey. */
  async publishedChart(keys, layout, name = "Benchmark chart") {
    const chart = await this.call("POST", "/api/v1/charts", { key: keys.sk, body: { name, draftVersion: layout }, what: "POST /api/v1/charts" });
    const chartKey = chart.body?.chartKey;
    if (!chartKey) throw new Unavailable("POST /api/v1/charts: response lacks chartKey");
    await this.call("POST", `/api/v1/charts/${encodeURIComponent(chartKey)}/publish`, { key: keys.sk, what: "POST /api/v1/charts/{key}/publish" });
    return chartKey;
  }

  /** Creates an event on a chart; returns its eventKey. */
  async event(keys, chartKey, eventKey = this.unique("ev")) {
    const ev = await this.call("POST", "/api/v1/events", { key: keys.sk, body: { chartKey, eventKey }, what: "POST /api/v1/events" });
    return ev.body?.eventKey ?? eventKey;
  }

  /** Holds labels under a token; resolves the raw response (200 or 409 are both answers). */
  hold(keys, eventKey, objectLabels, holdToken, ttlSeconds = 900, { key = keys.pk, agent = this.agent } = {}) {
    return timedRequest(this.baseUrl, "POST", `/api/v1/events/${encodeURIComponent(eventKey)}/seats/hold`, {
      agent,
      headers: { "x-api-key": key },
      body: { objectLabels, holdToken, ttlSeconds },
    });
  }

  /** Holds labels in batches of at most 200 (the per-request limit), `concurrency` requests at a time. */
  async holdMany(keys, eventKey, labels, { ttlSeconds = 900, concurrency = 4, tokenPrefix = this.unique("tok"), batch = 200 } = {}) {
    const batches = [];
    for (let i = 0; i < labels.length; i += batch) batches.push(labels.slice(i, i + batch));
    const tokens = batches.map((_, i) => `${tokenPrefix}-${i}`);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const i = next++;
        const res = await this.hold(keys, eventKey, batches[i], tokens[i], ttlSeconds);
        if (res.status !== 200) throw new Unavailable(`POST seats/hold (batch of ${batches[i].length}) answered ${describe(res)}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
    return batches.map((b, i) => ({ labels: b, token: tokens[i] }));
  }

  /** Books batches held by `holdMany` with the secret key. */
  async bookMany(keys, eventKey, batches, concurrency = 4) {
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const b = batches[next++];
        await this.call("POST", `/api/v1/events/${encodeURIComponent(eventKey)}/seats/book`, {
          key: keys.sk,
          body: { objectLabels: b.labels, holdToken: b.token },
          what: "POST seats/book",
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  }

  /** Registers a webhook endpoint; returns `{ id, secret }`. */
  async webhook(keys, url, events) {
    const res = await this.call("POST", "/api/v1/webhooks", {
      key: keys.sk,
      body: { url, events, description: "benchmark receiver" },
      what: "POST /api/v1/webhooks",
    });
    if (!res.body?.secret) throw new Unavailable("POST /api/v1/webhooks: response lacks secret");
    return { id: res.body.id, secret: res.body.secret };
  }
}

/** Runs a scenario step; an Unavailable becomes `{ na: reason }`, anything else propagates. */
export async function orNa(fn) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Unavailable) return { na: err.message };
    throw err;
  }
}
