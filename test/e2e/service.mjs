/**
 * The e2e suite's conversation with the service over HTTP, through its public surfaces only: the
 * operator API for workspaces, keys and sign-in links, the API with a key for charts, events and
 * seats, the demo chart every seat-map suite draws, and a loopback receiver for webhook deliveries.
 * `e2e` is what the global setup provides: `{ baseUrl, adminToken, workspaceKey, secretKey, publicKey, chartKey }`.
 */
import { signatureProblem } from "../../scripts/lib/webhook-signature.mjs";
import { createServer } from "node:http";

/** A request to the service; resolves to `{ status, body }` (the JSON answer parsed, null when empty). */
async function request(baseUrl, method, path, headers, body) {
  if (body !== undefined) headers = { ...headers, "Content-Type": "application/json" };
  const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text; // not JSON (a proxy's page, say): kept as text for the error message
  }
  return { status: res.status, body: parsed };
}

/** The body of a 2xx answer; any other status throws, naming the call (for set-up steps that must work). */
function bodyOf({ status, body }, what) {
  if (status < 200 || status >= 300) throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  return body;
}

/** An API call with a key; resolves to `{ status, body }` whatever the status (for tests of refusals). */
export function apiCall(e2e, key, method, path, body) {
  return request(e2e.baseUrl, method, path, { "X-Api-Key": key }, body);
}

/** The operator API of the e2e server: `admin(path, body?)` POSTs and resolves to the body, or throws. */
export function operator(e2e) {
  return async (path, body) => bodyOf(await request(e2e.baseUrl, "POST", path, { Authorization: `Bearer ${e2e.adminToken}` }, body), path);
}

/** A fresh workspace with a sandbox secret key: its key, both publishable keys and the secret key. */
export async function newWorkspace(e2e, name) {
  const admin = operator(e2e);
  const ws = await admin("/admin/v1/workspaces", { name });
  const sk = await admin(`/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/sandbox`);
  return { workspaceKey: ws.workspaceKey, pkLive: ws.publicKeys.production, pkTest: ws.publicKeys.sandbox, skTest: sk.secretKey };
}

/** A one-time sign-in link to a workspace's dashboard: for its first owner, or for the member `{ memberId }` or `{ email }` names. */
export function signInLink(e2e, workspaceKey, member) {
  return operator(e2e)(`/admin/v1/workspaces/${workspaceKey}/dashboard-links`, member);
}

/** Adds a member to a workspace through the operator API; the member. */
export function addMember(e2e, workspaceKey, member) {
  return operator(e2e)(`/admin/v1/workspaces/${workspaceKey}/members`, member);
}

/** API calls of one workspace: the secret key by default, the publishable key for what buyers do. */
export class Api {
  constructor(baseUrl, secretKey, publicKey, chartKey) {
    this.baseUrl = baseUrl;
    this.secretKey = secretKey;
    this.publicKey = publicKey;
    /** The chart newEvent() makes events of. */
    this.chartKey = chartKey;
  }

  /** The API of the workspace the global setup provisioned, with its demo chart. */
  static ofDemo(e2e) {
    return new Api(e2e.baseUrl, e2e.secretKey, e2e.publicKey, e2e.chartKey);
  }

  /** A call that must succeed: resolves to the body, throws on any other status. */
  async call(method, path, body, key = this.secretKey) {
    return bodyOf(await request(this.baseUrl, method, path, { "X-Api-Key": key }, body), `${method} ${path}`);
  }

  /** A new event of the chart; its key. */
  async newEvent(eventKey) {
    const ev = await this.call("POST", "/api/v1/events", { chartKey: this.chartKey, ...(eventKey ? { eventKey } : {}) });
    return ev.eventKey;
  }

  /** Non-free status entries by label, flagged for `holdToken` when given. */
  async status(eventKey, holdToken) {
    const q = holdToken ? `?holdToken=${encodeURIComponent(holdToken)}` : "";
    const body = await this.call("GET", `/api/v1/events/${eventKey}/status${q}`, undefined, this.publicKey);
    return new Map(body.objects.map((o) => [o.objectLabel, o]));
  }
}

/** The demo chart: two sections of three rows, three categories and a GA floor. */
export function demoLayout() {
  // Designer coordinates as a chart editor would place them: each section in its own block.
  const offset = { A: 0, B: 140 };
  const row = (section, r, n, categoryKey) => ({
    label: String(r),
    seats: Array.from({ length: n }, (_, i) => ({ label: `${section}-${r}-${i + 1}`, categoryKey, x: offset[section] + i * 10, y: r * 12 })),
  });
  return {
    categories: [
      { key: "vip", label: "VIP", color: "#d9480f" },
      { key: "stalls", label: "Stalls", color: "#2f6fed" },
      { key: "balcony", label: "Balcony", color: "#2b9348" },
    ],
    sections: [
      { key: "A", label: "Section A", rows: [row("A", 1, 8, "vip"), row("A", 2, 10, "stalls"), row("A", 3, 10, "stalls")] },
      { key: "B", label: "Section B", rows: [row("B", 1, 8, "balcony"), row("B", 2, 8, "balcony"), row("B", 3, 8, "balcony")] },
    ],
    generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: 40 }],
  };
}

/** Every object label of demoLayout(). */
export function demoLabels() {
  const l = demoLayout();
  return [...l.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((x) => x.label))), ...l.generalAdmission.map((g) => g.label)];
}

/** A sandbox workspace with a published demo chart and the event `demo-event` (run once, by the global setup). */
export async function provision(server) {
  const ws = await newWorkspace(server, "E2E demo workspace");
  const api = new Api(server.baseUrl, ws.skTest, ws.pkTest);
  const chart = await api.call("POST", "/api/v1/charts", { name: "E2E demo hall", draftVersion: demoLayout() });
  await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
  api.chartKey = chart.chartKey;
  await api.newEvent("demo-event");
  return { workspaceKey: ws.workspaceKey, secretKey: ws.skTest, publicKey: ws.pkTest, chartKey: chart.chartKey };
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

/** Whether a delivery's Service-Signature is valid for `secret` (scripts/lib/webhook-signature.mjs). */
export function signatureValid(delivery, secret) {
  return signatureProblem(Buffer.from(delivery.body), delivery.headers["service-signature"], secret) === null;
}
