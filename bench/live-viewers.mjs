/**
 * A hold's cost with live viewers: `node bench/live-viewers.mjs [rev]` (default HEAD; SOCKETS=200).
 * Serves the revision from a frozen copy (bench/lib/runtime.mjs), takes single-seat holds with a
 * production publishable key at 64 connections, each from a buyer address of its own, in three
 * 3 s slices with no live socket open, then opens SOCKETS live sockets on the event (as the SDK's
 * seat maps do) and takes three slices more. Printed: CPU per hold of the runtime's process group
 * and holds/s per slice, and how many live messages the sockets received. The sockets are read in
 * this process too, so holds/s under sockets is lower than the server alone would allow; CPU per
 * hold is the server's own.
 */
import { Api } from "./lib/api.mjs";
import { blast } from "./lib/load.mjs";
import { groupCpuSeconds, startRuntime } from "./lib/runtime.mjs";
import { buyerAddresses, holdPath, newEvent, singleSeatHolds } from "./lib/scenario.mjs";
const log = (m) => console.error(m);
const N = Number(process.env.SOCKETS ?? 200);
const runtime = await startRuntime({ log, source: process.argv[2] ?? "HEAD" });
const url = runtime.directUrl ?? runtime.proxyUrl;
let offset = 0;
try {
  const ev = await newEvent({ api: new Api(url, runtime.adminToken), log }, 60000, "live");
  const slice = async (duration, amount) => {
    const before = groupCpuSeconds(runtime.pid);
    const r = await blast({
      baseUrl: url,
      method: "POST",
      headersFor: buyerAddresses(offset),
      connections: 64,
      duration,
      path: holdPath(ev.eventKey),
      headers: { "x-api-key": ev.keys.pk },
      body: singleSeatHolds(ev.labels, offset, "lv"),
      amount: amount ?? ev.labels.length - offset,
    });
    offset += r.completed + 64;
    return { cpu: ((groupCpuSeconds(runtime.pid) - before) * 1e6) / r.completed, rps: r.ok / r.elapsedS };
  };
  await slice(20, 1500);
  const show = async (label) => {
    const xs = [];
    for (let i = 0; i < 3; i++) xs.push(await slice(3));
    console.log(`${label}: CPU per hold ${xs.map((x) => Math.round(x.cpu)).join(", ")} us; holds/s ${xs.map((x) => Math.round(x.rps)).join(", ")}`);
  };
  await show("0 sockets");
  let received = 0;
  const sockets = [];
  const wsUrl = `${url.replace(/^http/, "ws")}/api/v1/events/${encodeURIComponent(ev.eventKey)}/live?key=${encodeURIComponent(ev.keys.pk)}`;
  for (let i = 0; i < N; i++) {
    const ws = new WebSocket(wsUrl);
    ws.addEventListener("message", () => received++);
    sockets.push(
      new Promise((res) => {
        ws.addEventListener("open", () => res(ws));
        ws.addEventListener("error", () => res(null));
      }),
    );
  }
  const open = (await Promise.all(sockets)).filter(Boolean);
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`${open.length} sockets open`);
  received = 0;
  await show(`${open.length} sockets`);
  console.log(`messages received by the sockets: ${received}`);
  for (const ws of open) ws.close();
} finally {
  await runtime.stop();
}
