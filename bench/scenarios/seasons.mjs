/**
 * Seasons (docs/seasons.md#the-protocol):
 *   - a season hold of 4 seats across 40 events, one client at a time (each hold is one
 *     coordinator run: 40 prepares in parallel, then 40 commits in parallel): p50 and p99, judged
 *     against 150 ms and 400 ms;
 *   - what a single-event hold costs on an event that belongs to a season against one that does
 *     not (the single-event path never meets the season's coordinator): one client alternating
 *     single-seat holds request by request between the two events; per round the ratio of the two
 *     sides' p50, and the median over the rounds, judged against 1.05.
 */
import { sequential } from "../lib/load.mjs";
import { seatLayout } from "../lib/layouts.mjs";
import { holdPath, nonOk } from "../lib/scenario.mjs";
import { median, ms } from "../lib/stats.mjs";

export const name = "seasons";

const EVENTS = 40;
const SEATS_PER_HOLD = 4;

export async function run(ctx) {
  const holds = ctx.opts.quick ? 40 : 100;
  const rounds = ctx.opts.quick ? 3 : 7;
  const perRound = ctx.opts.quick ? 50 : 150;
  const keys = await ctx.api.workspace("Bench seasons");
  const { layout, labels } = seatLayout(Math.max(2000, holds * SEATS_PER_HOLD + 2 * rounds * perRound + 100));
  const chartKey = await ctx.api.publishedChart(keys, layout, "Bench seasons");
  const seasonKey = ctx.api.unique("season");
  const eventKeys = Array.from({ length: EVENTS }, (_, i) => `${seasonKey}-g${i + 1}`);
  ctx.log(`  seasons: a season of ${EVENTS} events…`);
  await ctx.api.call("POST", "/api/v1/seasons", { key: keys.sk, body: { seasonKey, chartKey, eventKeys }, what: "POST /api/v1/seasons" });
  const outsider = await ctx.api.event(keys, chartKey);

  const seasonHold = (i, tag) => ({
    method: "POST",
    path: `/api/v1/seasons/${encodeURIComponent(seasonKey)}/seats/hold`,
    headers: { "x-api-key": keys.pk, "content-type": "application/json" },
    body: JSON.stringify({
      objectLabels: labels.slice(i * SEATS_PER_HOLD, (i + 1) * SEATS_PER_HOLD),
      holdToken: `bench-${tag}-${i}-${ctx.api.runId}`,
      ttlSeconds: 900,
    }),
  });
  ctx.log("  seasons: warm-up (10 season holds)…");
  const warm = await sequential(ctx.baseUrl, 10, (i) => seasonHold(i, "warm"));
  ctx.log(`  seasons: ${holds} season holds of ${SEATS_PER_HOLD} seats across ${EVENTS} events, one at a time…`);
  const r = await sequential(ctx.baseUrl, holds, (i) => seasonHold(i + 10, "season"));
  const bad = nonOk({ ...r.statuses, ...Object.fromEntries(Object.entries(warm.statuses).filter(([k]) => k !== "200")) });
  ctx.report.add({
    scenario: name,
    figure: `Season hold, ${SEATS_PER_HOLD} seats across ${EVENTS} events (1 client, ${holds} holds)`,
    target: "p50 ≤ 150 ms, p99 ≤ 400 ms",
    result: `p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}${bad ? `; non-200: ${bad}` : ""}`,
    met: !bad && r.latency.p50 <= 150 && r.latency.p99 <= 400,
    baseline: "",
    ratio: "",
  });

  // Single-event holds, one client alternating request by request between the two events (so the
  // machine's other work falls on both alike): seats past those the season holds used.
  let next = (holds + 10) * SEATS_PER_HOLD;
  const round = async (tag) => {
    const start = next;
    next += 2 * perRound;
    const r = await sequential(ctx.baseUrl, 2 * perRound, (i) => ({
      method: "POST",
      path: holdPath(i % 2 === 0 ? eventKeys[0] : outsider),
      headers: { "x-api-key": keys.pk, "content-type": "application/json" },
      body: JSON.stringify({ objectLabels: [labels[start + i]], holdToken: `bench-${tag}-${start + i}-${ctx.api.runId}`, ttlSeconds: 900 }),
    }));
    const inSeason = r.latencies.filter((_, i) => i % 2 === 0);
    const plain = r.latencies.filter((_, i) => i % 2 === 1);
    return { inSeason: median(inSeason), plain: median(plain) };
  };
  await round("warm");
  const ratios = [];
  const inP50 = [];
  const outP50 = [];
  for (let k = 0; k < rounds; k++) {
    const r = await round(`r${k}`);
    inP50.push(r.inSeason);
    outP50.push(r.plain);
    ratios.push(r.inSeason / r.plain);
  }
  const ratio = median(ratios);
  ctx.report.add({
    scenario: name,
    figure: `Single-event hold on an event of a season vs one of none (1 client alternating request by request, ${rounds} rounds of ${perRound} each)`,
    target: "≤ 1.05×",
    result: `p50 ${ms(median(inP50))} in a season`,
    met: ratio <= 1.05,
    baseline: `p50 ${ms(median(outP50))} (event of no season)`,
    ratio: `${ratio.toFixed(3)}× (median of the rounds' p50 ratios: ${ratios.map((x) => x.toFixed(2)).join(", ")})`,
  });
}
