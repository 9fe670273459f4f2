/**
 * Tables (docs/tables.md): best available for a party of 6 on a gala of 1,000 round tables of 10
 * seats: server time (Server-Timing) of hold-best-available with `"tables": true`, each answer
 * released again (unmeasured) so the hall stays as it was.
 * - by seat: every third table has 5 of its 10 seats sold one by one;
 * - whole (by_table), on a second event: every third table sold whole.
 * Baseline (same run): plain best available (no tables) for 6 on the first event's seats.
 */
import { galaLayout } from "../lib/gala.mjs";
import { timedRequest } from "../lib/http.mjs";
import { command } from "../lib/scenario.mjs";
import { ms, summarise } from "../lib/stats.mjs";

export const name = "tables";

const eventPath = (eventKey) => `/api/v1/events/${encodeURIComponent(eventKey)}`;
const serverMs = (res) => Number(/app;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "")?.[1]);

/** Holds and books `labels` in blocks of 200 under one token each. */
async function sell(api, keys, eventKey, labels) {
  for (let i = 0; i < labels.length; i += 200) {
    const holdToken = `sold-${api.runId}-${eventKey}-${i}`;
    const objectLabels = labels.slice(i, i + 200);
    await api.call("POST", `${eventPath(eventKey)}/seats/hold`, { key: keys.sk, body: { objectLabels, holdToken, ttlSeconds: 3600 } });
    await api.call("POST", `${eventPath(eventKey)}/seats/book`, { key: keys.sk, body: { objectLabels, holdToken } });
  }
}

/** `calls` best-available calls of `body`, each released again; the server times and how many sat at one table. */
async function parties(ctx, keys, eventKey, body, calls, tag) {
  const api = ctx.api;
  const warm = `warm-${tag}-${api.runId}`;
  // The first call builds the seat index from the layout (once per wake): not measured.
  await api.call("POST", `${eventPath(eventKey)}/seats/hold-best-available`, { key: keys.pk, body: { ...body, holdToken: warm } });
  await api.call("POST", `${eventPath(eventKey)}/seats/release`, { key: keys.sk, body: { holdToken: warm } });
  const server = [];
  const wall = [];
  let oneTable = 0;
  for (let n = 0; n < calls; n++) {
    const holdToken = `party-${tag}-${api.runId}-${n}`;
    const res = await timedRequest(api.baseUrl, "POST", `${eventPath(eventKey)}/seats/hold-best-available`, {
      agent: api.agent,
      headers: { "x-api-key": keys.pk },
      body: { ...body, holdToken },
    });
    if (res.status !== 200) throw new Error(`hold-best-available answered ${res.status}: ${String(res.text).slice(0, 200)}`);
    server.push(serverMs(res));
    wall.push(res.ms);
    if (JSON.parse(res.text).tableLabels?.length === 1) oneTable++;
    await api.call("POST", `${eventPath(eventKey)}/seats/release`, { key: keys.sk, body: { holdToken } });
  }
  return { s: summarise(server.filter(Number.isFinite)), w: summarise(wall), oneTable };
}

export async function run(ctx) {
  const api = ctx.api;
  const calls = ctx.opts.quick ? 20 : 300;
  const keys = await api.workspace("Bench tables");
  const { layout, tableLabels } = galaLayout(1000);
  ctx.log("  tables: a gala of 1,000 tables of 10 seats, two events…");
  const chartKey = await api.publishedChart(keys, layout, "Bench gala");
  const bySeat = await api.event(keys, chartKey);
  const whole = await api.event(keys, chartKey);
  const third = tableLabels.filter((_, i) => i % 3 === 0);
  await sell(
    api,
    keys,
    bySeat,
    third.flatMap((t) => [1, 2, 3, 4, 5].map((n) => `${t}-${n * 2}`)),
  );
  await api.call("PUT", `${eventPath(whole)}/table-booking`, { key: keys.sk, body: { mode: "by_table" } });
  await sell(api, keys, whole, third);

  const plain = await parties(ctx, keys, bySeat, { quantity: 6 }, calls, "plain");
  const baseline = `p50 ${ms(plain.s.p50)}, p99 ${ms(plain.s.p99)} (plain best available for 6, no tables, same event)`;
  for (const [mode, eventKey] of [
    ["by seat", bySeat],
    ["whole tables, by_table", whole],
  ]) {
    const { s, w, oneTable } = await parties(ctx, keys, eventKey, { quantity: 6, tables: true }, calls, mode.replace(/\W+/g, "-"));
    ctx.report.add({
      scenario: name,
      figure: `Best available for a party of 6 at tables (${mode}), 1,000 tables of 10 seats, a third partly or wholly sold: server time (Server-Timing)`,
      target: "p50 <= 5 ms",
      result: `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (${calls} calls; ${oneTable} at one table); wall p50 ${ms(w.p50)}, p99 ${ms(w.p99)}`,
      met: s.p50 <= 5,
      baseline,
      ratio: plain.s.p50 > 0 ? `${(s.p50 / plain.s.p50).toFixed(2)}×` : "",
      command: command(name),
    });
  }
}
