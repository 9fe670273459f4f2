/**
 * Bots with the publishable key (docs/security.md): a crowd of 1,000 legitimate buyers, each its own
 * address, holds seats on one event for `duration` seconds alone, then for as long again while 20
 * bots on 20 IPv4 addresses and one bot on an IPv6 /64 (a fresh low 64 bits on every request) flood
 * the same event with holds, status reads, forged keys and live sockets.
 *
 * Reported: the crowd's holds/s without and with the bots (the target is at least 0.9 of it), the
 * most any one bot address (the /64 counted as one) holds at the end, and what the bots were
 * answered. On this machine the bots, the crowd and the service share two cores, so every refused
 * bot request still costs the crowd CPU that production would spread over Cloudflare's edge.
 */
import http from "node:http";
import { blast } from "../lib/load.mjs";
import { newAgent, timedRequest } from "../lib/http.mjs";
import { holdPath, newEvent, nonOk } from "../lib/scenario.mjs";
import { inspectorUrl, profiledRun } from "../lib/profile.mjs";
import { perSecond, ratio } from "../lib/stats.mjs";

export const name = "bots";
/** The crowd's buyers and the bots each have addresses of their own: run against the real per-client limits. */
export const clientLimits = true;

const BUYERS = 1000;
const CROWD_CONNECTIONS = 48;
const BOT_V4 = 20;
/**
 * Each bot address runs one loop of each kind (hold, read, forged key) as fast as it is answered.
 * BOTS_KINDS=hold,forged (for example) leaves a kind out, to see what each one costs the crowd;
 * BOTS_KINDS=nokey (not part of the default flood) sends requests with no key at all, answered 401
 * before any look-up: the floor of what any request costs this machine, whatever the service does.
 */
const KINDS = (process.env.BOTS_KINDS ?? "hold,read,forged").split(",").filter((k) => ["hold", "read", "forged", "nokey"].includes(k));
/** Live sockets each bot address tries to open (BOTS_SOCKETS overrides, to see what they cost the crowd). */
const SOCKETS_PER_BOT = Number(process.env.BOTS_SOCKETS ?? 16);
const V6_PREFIX = "2001:db8:b07:64";

/** Buyer i's address: one of 1,000, in 10.0.0.0/8. */
const buyer = (i) => {
  const n = i % BUYERS;
  return { "cf-connecting-ip": `10.77.${n >> 8}.${n & 255}` };
};

/** A bot's address for one request: a fixed IPv4, or a random address of the /64. */
function botAddress(bot) {
  if (bot < BOT_V4) return `198.18.0.${bot + 1}`;
  const r = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `${V6_PREFIX}:${r()}:${r()}:${r()}:${r()}`;
}
const botName = (bot) => (bot < BOT_V4 ? `198.18.0.${bot + 1}` : `${V6_PREFIX}::/64`);

/** A well-formed publishable key no workspace has. */
function forgedKey() {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let s = "pk_live_";
  for (let i = 0; i < 32; i++) s += alphabet[Math.floor(Math.random() * 62)];
  return s;
}

/** The crowd's holds for `duration` s (or `amount` of them): request i holds `labels[offset + i]` from buyer i % 1,000. */
async function crowd(ctx, ev, labels, offset, duration, tag, amount = labels.length - offset) {
  return blast({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path: holdPath(ev.eventKey),
    headers: { "x-api-key": ev.keys.pk },
    headersFor: buyer,
    body: (i) => JSON.stringify({ objectLabels: [labels[offset + i]], holdToken: `crowd-${tag}-${i}` }),
    connections: CROWD_CONNECTIONS,
    amount,
    duration,
  });
}

/** Tries SOCKETS_PER_BOT upgrades of the live socket from each bot; keeps the accepted ones open. */
async function openSockets(ctx, ev) {
  const url = new URL(ctx.baseUrl);
  const open = [];
  const answers = {};
  const attempt = (bot) =>
    new Promise((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: `/api/v1/events/${encodeURIComponent(ev.eventKey)}/live?key=${ev.keys.pk}`,
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"),
          "cf-connecting-ip": botAddress(bot),
        },
      });
      req.on("upgrade", (_res, socket) => {
        socket.on("error", () => {});
        socket.resume();
        open.push(socket);
        answers[101] = (answers[101] ?? 0) + 1;
        resolve();
      });
      req.on("response", (res) => {
        res.resume();
        answers[res.statusCode] = (answers[res.statusCode] ?? 0) + 1;
        resolve();
      });
      req.on("error", () => {
        answers.error = (answers.error ?? 0) + 1;
        resolve();
      });
      req.end();
    });
  for (let bot = 0; bot <= BOT_V4; bot++) await Promise.all(Array.from({ length: SOCKETS_PER_BOT }, () => attempt(bot)));
  return { answers, close: () => open.forEach((s) => s.destroy()) };
}

/** The bots' floods until `until` (ms): one loop per bot address and kind. */
async function flood(ctx, ev, labels, until) {
  const agent = newAgent(BOT_V4 * KINDS.length + KINDS.length);
  const held = new Map();
  const answers = Object.fromEntries(KINDS.map((k) => [k, {}]));
  const bytes = Object.fromEntries(KINDS.map((k) => [k, 0]));
  let next = 0;
  const loop = async (bot, kind) => {
    while (Date.now() < until) {
      const headers = { "cf-connecting-ip": botAddress(bot) };
      if (kind !== "nokey") headers["x-api-key"] = kind === "forged" ? forgedKey() : ev.keys.pk;
      let res;
      try {
        if (kind === "hold") {
          const label = labels[next++ % labels.length];
          res = await timedRequest(ctx.baseUrl, "POST", holdPath(ev.eventKey), {
            agent,
            headers,
            body: { objectLabels: [label], holdToken: `bot-token-${bot}-${next}` },
            keepText: false,
          });
          if (res.status === 200) held.set(botName(bot), (held.get(botName(bot)) ?? 0) + 1);
        } else {
          const path = kind === "read" ? `/api/v1/events/${encodeURIComponent(ev.eventKey)}/status` : `/api/v1/events/${encodeURIComponent(ev.eventKey)}`;
          res = await timedRequest(ctx.baseUrl, "GET", path, { agent, headers, keepText: false });
        }
        answers[kind][res.status] = (answers[kind][res.status] ?? 0) + 1;
        bytes[kind] += res.bytes;
      } catch {
        answers[kind].error = (answers[kind].error ?? 0) + 1;
      }
    }
  };
  const loops = [];
  for (let bot = 0; bot <= BOT_V4; bot++) for (const kind of KINDS) loops.push(loop(bot, kind));
  await Promise.all(loops);
  agent.destroy();
  return { held, answers, bytes };
}

/**
 * With --profile, a CPU profile of the Worker's isolate (Worker, event object and relays alike)
 * over the crowd's run beside the bots, reported as notes: what the bots' requests cost in our
 * JavaScript (lib/profile.mjs profiledRun).
 */
async function profiled(ctx, run) {
  const url = ctx.opts.profile && ctx.runtimePid ? await inspectorUrl(ctx.runtimePid) : null;
  return url ? profiledRun(ctx, name, url, () => "beside the bots", run) : run();
}

const counts = (o) =>
  Object.entries(o ?? {})
    .map(([code, n]) => `${n.toLocaleString("en-US")} x ${code}`)
    .join(", ");

/** Mean KiB per answer of `bytes` over the answers counted in `answers`. */
function kib(bytes, answers) {
  const n = Object.values(answers ?? {}).reduce((s, x) => s + x, 0);
  return n > 0 ? `${(bytes / n / 1024).toFixed(0)} KiB` : "-";
}

export async function run(ctx) {
  const { duration } = ctx.opts;
  // Enough seats for the crowd's two runs at 3,000 holds/s and the bots' holds, never one seat asked twice.
  const crowdSeats = Math.ceil(duration * 3000) + 1000;
  const ev = await newEvent(ctx, 2 * crowdSeats + 20_000, "bots");
  const alone = ev.labels.slice(0, crowdSeats);
  const beside = ev.labels.slice(crowdSeats, 2 * crowdSeats);
  const botLabels = ev.labels.slice(2 * crowdSeats);
  ctx.log("  warm-up: 500 crowd holds…");
  await crowd(ctx, ev, alone, 0, 30, "warm", 500);

  ctx.log(`  the crowd alone, ${duration} s…`);
  const a = await crowd(ctx, ev, alone, 600, duration, "alone");
  ctx.log("  bots open their sockets…");
  const sockets = await openSockets(ctx, ev);
  ctx.log(`  the crowd beside the bots, ${duration} s…`);
  const floodDone = flood(ctx, ev, botLabels, Date.now() + duration * 1000 + 500);
  const b = await profiled(ctx, () => crowd(ctx, ev, beside, 0, duration, "beside"));
  const bots = await floodDone;
  sockets.close();

  if (!ctx.clientLimits)
    ctx.report.note(name, "run with other scenarios, so the per-client seat-action limit was raised for the load generator; `--only bots` keeps it");
  const rateAlone = a.ok / a.elapsedS;
  const rateBeside = b.ok / b.elapsedS;
  ctx.figures.botsCrowdRatio = rateBeside / rateAlone;
  ctx.report.add({
    scenario: name,
    figure: `Crowd holds/s (1,000 buyers, ${CROWD_CONNECTIONS} connections) while 20 IPv4 bots and one IPv6 /64 flood the event (${KINDS.join(", ")}, sockets)`,
    target: ">= 0.9 of the crowd alone",
    result: `${perSecond(rateBeside)} with bots (${b.ok.toLocaleString("en-US")} holds${nonOk(b.statuses) ? `; non-200: ${nonOk(b.statuses)}` : ""}) vs ${perSecond(rateAlone)} alone${nonOk(a.statuses) ? ` (non-200: ${nonOk(a.statuses)})` : ""}`,
    met: rateBeside >= 0.9 * rateAlone,
    baseline: `${perSecond(rateAlone)} (the crowd alone, same run)`,
    ratio: ratio(rateBeside, rateAlone),
  });
  const most = [...bots.held.entries()].sort((x, y) => y[1] - x[1])[0] ?? ["none", 0];
  ctx.report.add({
    scenario: name,
    figure: "Most seats any one bot address holds at the end (the /64 counted as one address)",
    target: "<= the per-client hold cap",
    result: `${most[1].toLocaleString("en-US")} (${most[0]}); the /64: ${(bots.held.get(botName(BOT_V4)) ?? 0).toLocaleString("en-US")}; all bots together: ${[...bots.held.values()].reduce((s, n) => s + n, 0).toLocaleString("en-US")}`,
    met: null,
  });
  ctx.report.add({
    scenario: name,
    figure: "What the bots were answered",
    result: `holds: ${counts(bots.answers.hold)}; status reads: ${counts(bots.answers.read)} (${kib(bots.bytes.read, bots.answers.read)} each); forged keys: ${counts(bots.answers.forged)}${bots.answers.nokey ? `; no key: ${counts(bots.answers.nokey)}` : ""}; socket upgrades: ${counts(sockets.answers)}`,
    met: null,
  });
}
