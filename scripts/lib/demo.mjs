// Provisions the local demo through the public APIs, idempotently: a workspace with its four keys,
// a published chart and one event per environment. Every step checks what exists first, so a later
// `npm run dev` reuses the demo and repairs whatever is missing (say, after `.wrangler/state` was wiped).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CallError, request } from "./client.mjs";

export const DEMO_CHART_KEY = "demo-theatre";
export const DEMO_EVENT_KEY = "demo-event";

/**
 * The demo chart: two sections of 5 rows x 12 seats in front of a standing "Floor" area of 200.
 * Rows 1-2 are premium, rows 3-5 standard. Coordinates are in abstract units (seat pitch 30).
 */
export function demoLayout() {
  const sections = ["A", "B"].map((key, s) => ({
    key,
    label: `Section ${key}`,
    rows: Array.from({ length: 5 }, (_, r) => ({
      label: String(r + 1),
      seats: Array.from({ length: 12 }, (_, n) => ({
        label: `${key}-${r + 1}-${n + 1}`,
        categoryKey: r < 2 ? "premium" : "standard",
        x: s * 420 + n * 30,
        y: 200 + r * 32,
      })),
    })),
  }));
  return {
    categories: [
      // Colours of the designer's palette (src/designer/palette.ts): 3:1 against the map, apart from each other.
      { key: "premium", label: "Premium", color: "#c2410c" },
      { key: "standard", label: "Standard", color: "#2f5bea" },
      { key: "floor", label: "Floor (standing)", color: "#0f7b5f" },
    ],
    sections,
    // Well clear of the sections' names, which are written in front of their first rows (y 200).
    generalAdmission: [{ label: "Floor", categoryKey: "floor", capacity: 200, x: 0, y: 0, width: 750, height: 110 }],
  };
}

function readState(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  } catch {
    return {};
  }
}

function writeState(file, state) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Makes sure the demo exists and returns its keys.
 * @param {{ baseUrl: string, adminToken: string, stateFile: string, log: (msg: string) => void }} opts
 */
export async function ensureDemo({ baseUrl, adminToken, stateFile, log }) {
  const admin = (method, p) => request(baseUrl, method, `/admin/v1${p}`, { adminToken });
  const api = (key, method, p, body) => request(baseUrl, method, `/api/v1${p}`, { apiKey: key, body });
  const state = readState(stateFile);
  const warnings = [];
  const eventsIn = [];

  // 1. The workspace: reuse it while the server still knows it.
  let ws = state.workspaceKey ? await admin("GET", `/workspaces/${encodeURIComponent(state.workspaceKey)}`) : null;
  if (ws && ws.status === 401) throw new CallError("Reading the demo workspace (is ADMIN_TOKEN right?)", ws);
  if (!ws || ws.status !== 200) {
    ws = await request(baseUrl, "POST", "/admin/v1/workspaces", { adminToken, body: { name: "Demo workspace" } });
    if (ws.status !== 201) throw new CallError("Creating the demo workspace", ws);
    log(`created demo workspace ${ws.body.workspaceKey}`);
    for (const k of Object.keys(state)) delete state[k];
  }
  state.workspaceKey = ws.body.workspaceKey;
  state.pkLive = ws.body.publicKeys.production;
  state.pkTest = ws.body.publicKeys.sandbox;

  // 2. Secret keys: reissue one that no longer authenticates (rotated with the admin CLI, say).
  for (const [environment, field] of [
    ["production", "skLive"],
    ["sandbox", "skTest"],
  ]) {
    if (state[field]) {
      const probe = await api(state[field], "GET", `/charts/${DEMO_CHART_KEY}`);
      if (probe.status !== 401) continue;
    }
    const issued = await admin("POST", `/workspaces/${state.workspaceKey}/secret-keys/${environment}`);
    if (issued.status !== 201) throw new CallError(`Issuing the ${environment} secret key`, issued);
    state[field] = issued.body.secretKey;
    log(`issued the ${environment} secret key`);
  }
  writeState(stateFile, state);

  // 3. The chart, published.
  let chart = await api(state.skTest, "GET", `/charts/${DEMO_CHART_KEY}`);
  if (chart.status === 404) {
    chart = await api(state.skTest, "POST", "/charts", { chartKey: DEMO_CHART_KEY, name: "Demo theatre", draftVersion: demoLayout() });
    if (chart.status !== 201) throw new CallError("Creating the demo chart", chart);
    log(`created chart ${DEMO_CHART_KEY}`);
  } else if (chart.status !== 200) {
    throw new CallError("Reading the demo chart", chart);
  }
  if (chart.body.publishedVersion === null || chart.body.publishedVersion === undefined) {
    const published = await api(state.skTest, "POST", `/charts/${DEMO_CHART_KEY}/publish`);
    if (published.status !== 200) throw new CallError("Publishing the demo chart", published);
    log(`published chart ${DEMO_CHART_KEY}`);
  }
  state.chartKey = DEMO_CHART_KEY;

  // 4. One event per environment (the same key twice: the environments are independent).
  for (const [environment, field] of [
    ["sandbox", "skTest"],
    ["production", "skLive"],
  ]) {
    const existing = await api(state[field], "GET", `/events/${DEMO_EVENT_KEY}`);
    if (existing.status === 200) {
      eventsIn.push(environment);
      continue;
    }
    const created = await api(state[field], "POST", "/events", { chartKey: DEMO_CHART_KEY, eventKey: DEMO_EVENT_KEY });
    if (created.status === 201 || (created.status === 409 && created.body?.code === "event_exists")) {
      log(`created ${environment} event ${DEMO_EVENT_KEY}`);
      eventsIn.push(environment);
    } else if (created.status === 404 && created.body?.code === "not_found") {
      warnings.push(`The events API is not available yet (POST /api/v1/events answered 404 not_found): no ${environment} demo event.`);
    } else {
      throw new CallError(`Creating the ${environment} demo event`, created);
    }
  }
  state.eventKey = DEMO_EVENT_KEY;
  writeState(stateFile, state);
  return { ...state, eventsIn, warnings };
}
