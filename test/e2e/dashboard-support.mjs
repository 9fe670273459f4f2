/**
 * Helpers of the dashboard's browser tests: a workspace of its own (its keys get rotated), sign-in
 * by link, a loopback webhook receiver, the accessibility check, and waiting on visible text.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { AxeBuilder } from "@axe-core/playwright";

/** The operator API of the e2e server. */
export function operator(e2e) {
  return async (path, body) => {
    const res = await fetch(e2e.baseUrl + path, {
      method: "POST",
      headers: { Authorization: `Bearer ${e2e.adminToken}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** A fresh workspace with a sandbox secret key for setting things up through the API. */
export async function dashboardWorkspace(e2e, name = "Dashboard E2E workspace") {
  const admin = operator(e2e);
  const ws = await admin("/admin/v1/workspaces", { name });
  const sk = await admin(`/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/sandbox`);
  return { workspaceKey: ws.workspaceKey, pkLive: ws.publicKeys.production, pkTest: ws.publicKeys.sandbox, skTest: sk.secretKey };
}

/** A one-time sign-in link to a workspace's dashboard. */
export async function signInLink(e2e, workspaceKey) {
  return operator(e2e)(`/admin/v1/workspaces/${workspaceKey}/dashboard-links`);
}

/** An API call with a key; resolves to { status, body }. */
export async function apiCall(e2e, key, method, path, body) {
  const headers = { "X-Api-Key": key };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(e2e.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Waits until the element's text matches `pattern`; returns the text. */
export async function waitForText(locator, pattern, timeout = 10_000) {
  const started = Date.now();
  for (;;) {
    const text = (await locator.textContent().catch(() => null)) ?? "";
    if (pattern.test(text)) return text;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${pattern} in: ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until `check()` resolves truthy; returns its value. */
export async function eventually(check, { timeout = 10_000, interval = 100, what = "condition" } = {}) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** axe-core on the page as it is now: the serious and critical violations (none expected). */
export async function seriousViolations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).slice(0, 5) }));
}

/** A loopback HTTP receiver that records every delivery and answers 200. */
export async function startReceiver() {
  const received = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body || "null") });
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Whether a delivery's Service-Signature is the HMAC of its body under `secret`. */
export function signatureValid(delivery, secret) {
  const header = delivery.headers["service-signature"] ?? "";
  const t = /t=(\d+)/.exec(header)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1];
  if (!t || !v1) return false;
  return createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex") === v1;
}
