// Provisions the crash test's world through the public APIs only (docs/deploy.md#operator-api-and-cli, docs/charts.md#the-layout, docs/events.md#events, docs/webhooks.md): a
// workspace with production keys (the sandbox rate limit would refuse a 12-client rush), a chart of
// seats plus one GA area, published, one event, and a webhook endpoint for every seat.* type.
import { exchange } from "./http.mjs";

export const GA_AREA = "Floor";
export const SEAT_EVENT_TYPES = ["seat.held", "seat.booked", "seat.released", "seat.hold_expired"];

const SEATS_PER_ROW = 50;
const ROWS_PER_SECTION = 20;

/** A layout of `seats` seats (sections of 20 rows × 50, two categories) and a GA area. */
export function crashLayout(seats, gaCapacity) {
  const labels = [];
  const sections = [];
  for (let s = 0; labels.length < seats; s++) {
    const rows = [];
    for (let r = 0; r < ROWS_PER_SECTION && labels.length < seats; r++) {
      const row = [];
      for (let n = 0; n < SEATS_PER_ROW && labels.length < seats; n++) {
        const label = `S${s}-${r + 1}-${n + 1}`;
        labels.push(label);
        row.push({ label, categoryKey: r < 5 ? "premium" : "standard" });
      }
      rows.push({ label: String(r + 1), seats: row });
    }
    sections.push({ key: `S${s}`, label: `Section ${s}`, rows });
  }
  return {
    labels,
    layout: {
      categories: [
        { key: "premium", label: "Premium", color: "#d4a017" },
        { key: "standard", label: "Standard", color: "#4f7cff" },
        { key: "floor", label: "Floor", color: "#2f9e44" },
      ],
      sections,
      generalAdmission: [{ label: GA_AREA, categoryKey: "floor", capacity: gaCapacity }],
    },
  };
}

/** One provisioning call; anything but the expected status aborts the run with the answer. */
async function call(baseUrl, method, path, expected, opts) {
  const x = await exchange(baseUrl, method, path, { ...opts, timeoutMs: 60_000 });
  if (x.status !== expected) {
    throw new Error(`provisioning: ${method} ${path} answered ${x.status ?? x.error}: ${JSON.stringify(x.body).slice(0, 300)}`);
  }
  return x.body;
}

/**
 * @param {{ baseUrl: string, adminToken: string, seats: number, gaCapacity: number, receiverUrl: string, runId: string }} o
 * @returns {Promise<{ pk: string, sk: string, chartKey: string, eventKey: string, labels: string[], webhookSecret: string, webhookId: string }>}
 */
export async function provision(o) {
  const ws = await call(o.baseUrl, "POST", "/admin/v1/workspaces", 201, { adminToken: o.adminToken, body: { name: `Crash test ${o.runId}` } });
  const key = await call(o.baseUrl, "POST", `/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/production`, 201, { adminToken: o.adminToken });
  const pk = ws.publicKeys.production;
  const sk = key.secretKey;
  const { layout, labels } = crashLayout(o.seats, o.gaCapacity);
  const chartKey = `crash-${o.runId}`;
  await call(o.baseUrl, "POST", "/api/v1/charts", 201, { apiKey: sk, body: { chartKey, name: "Crash test chart", draftVersion: layout } });
  await call(o.baseUrl, "POST", `/api/v1/charts/${chartKey}/publish`, 200, { apiKey: sk });
  const eventKey = `crash-${o.runId}`;
  await call(o.baseUrl, "POST", "/api/v1/events", 201, { apiKey: sk, body: { chartKey, eventKey } });
  // Every simulated buyer comes from this one loopback address: the per-client hold cap (20 by
  // default) would refuse them as one client, which a real on-sale's many addresses never meet.
  await call(o.baseUrl, "PUT", `/api/v1/events/${eventKey}/selection-rules`, 200, { apiKey: sk, body: { maxHeldSeatsPerClient: 10_000 } });
  const hook = await call(o.baseUrl, "POST", "/api/v1/webhooks", 201, {
    apiKey: sk,
    body: { url: o.receiverUrl, events: SEAT_EVENT_TYPES, description: "crash test receiver" },
  });
  return { pk, sk, chartKey, eventKey, labels, webhookSecret: hook.secret, webhookId: hook.id };
}
