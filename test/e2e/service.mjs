/**
 * Provisioning through the public surfaces only: the operator API for the workspace and keys,
 * the charts and events API (secret key) for the demo chart and its events.
 */

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

async function json(res, what) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** API calls of one test workspace. */
export class Api {
  constructor(baseUrl, secretKey, publicKey) {
    this.baseUrl = baseUrl;
    this.secretKey = secretKey;
    this.publicKey = publicKey;
  }

  async call(method, path, body, key = this.secretKey) {
    const headers = { "X-Api-Key": key };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return json(await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), `${method} ${path}`);
  }

  /** A new event of the demo chart; its key. */
  async newEvent(eventKey) {
    const ev = await this.call("POST", "/api/v1/events", { chartKey: this.chartKey, ...(eventKey ? { eventKey } : {}) });
    return ev.eventKey;
  }

  /** Non-free status entries, flagged for `holdToken` when given. */
  async status(eventKey, holdToken) {
    const q = holdToken ? `?holdToken=${encodeURIComponent(holdToken)}` : "";
    const body = await this.call("GET", `/api/v1/events/${eventKey}/status${q}`, undefined, this.publicKey);
    return new Map(body.objects.map((o) => [o.objectLabel, o]));
  }
}

/** A sandbox workspace with a published demo chart and the event `demo-event`. */
export async function provision(baseUrl, adminToken) {
  const admin = (path, body) =>
    fetch(baseUrl + path, {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ws = await json(await admin("/admin/v1/workspaces", { name: "E2E demo workspace" }), "create workspace");
  const sk = await json(await admin(`/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/sandbox`), "create secret key");
  const api = new Api(baseUrl, sk.secretKey, ws.publicKeys.sandbox);
  const chart = await api.call("POST", "/api/v1/charts", { name: "E2E demo hall", draftVersion: demoLayout() });
  await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
  api.chartKey = chart.chartKey;
  await api.newEvent("demo-event");
  return { secretKey: sk.secretKey, publicKey: ws.publicKeys.sandbox, chartKey: chart.chartKey };
}
