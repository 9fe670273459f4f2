/**
 * (c) Same-seat race: 100 clients (autocannon, 100 connections, one request each) hold the same
 * seat with 100 different tokens. Exactly one may win. Repeated over several seats to get enough
 * winning samples. Two cost comparisons:
 * - in the race, mean latency of losing vs winning attempts (queue position inside the Durable
 *   Object dominates: the winner is usually served first);
 * - in isolation, one sequential client alternating a hold of a free seat (win) and a hold of an
 *   already-held seat under another token (lose), which is the per-attempt cost the target is about.
 */
import { blast, sequential } from "../lib/load.mjs";
import { holdPath, newEvent, sequentialBaseline } from "../lib/scenario.mjs";
import { mean, ms, ratio } from "../lib/stats.mjs";

export const name = "race";
const CLIENTS = 100;

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const rounds = ctx.opts.raceRounds;
  const isolated = 200;
  const ev = await newEvent(ctx, rounds + isolated * 2 + 10, "race");
  const path = holdPath(ev.eventKey);
  const headers = { "x-api-key": ev.keys.pk };
  const winners = [];
  const winLat = [];
  const loseLat = [];
  const other = {};
  for (let round = 0; round < rounds; round++) {
    const label = ev.labels[round];
    let won = 0;
    await blast({
      baseUrl: ctx.baseUrl,
      method: "POST",
      path,
      headers,
      body: (i) => JSON.stringify({ objectLabels: [label], holdToken: `race-${round}-${i}-${ctx.api.runId}`, ttlSeconds: 900 }),
      connections: CLIENTS,
      amount: CLIENTS,
      duration: 30,
      onResponse(status, latency) {
        if (status === 200) {
          won++;
          winLat.push(latency);
        } else if (status === 409) loseLat.push(latency);
        else other[status] = (other[status] ?? 0) + 1;
      },
    });
    winners.push(won);
  }
  const exactlyOne = winners.every((w) => w === 1);
  const otherText = Object.entries(other)
    .map(([c, n]) => `${n} x ${c}`)
    .join(", ");
  ctx.report.add({
    scenario: name,
    figure: `Same-seat race, ${CLIENTS} clients x ${rounds} seats: winners per seat`,
    target: "exactly 1 winner",
    result: `winners per seat: ${summariseWinners(winners)}${otherText ? `; other answers: ${otherText}` : ""}`,
    met: exactlyOne && !otherText,
  });
  ctx.report.add({
    scenario: name,
    figure: "Same-seat race: mean latency, losing vs winning attempts (in the race)",
    target: "losing <= winning",
    result: `losing ${ms(mean(loseLat))} (n=${loseLat.length}), winning ${ms(mean(winLat))} (n=${winLat.length})`,
    met: null,
    ratio: `lose/win ${ratio(mean(loseLat), mean(winLat))}`,
  });

  // Isolated cost: one client, alternating a winning hold (fresh seat) and a losing one (seat
  // already held by the first token of the race).
  const base = await sequentialBaseline(ctx);
  const freeOffset = rounds + 5;
  const iso = await sequential(ctx.baseUrl, isolated * 2, (n) => {
    const lose = n % 2 === 1;
    const label = lose ? ev.labels[0] : ev.labels[freeOffset + n / 2];
    return {
      method: "POST",
      path,
      headers: { ...headers, "content-type": "application/json" },
      body: { objectLabels: [label], holdToken: `iso-${n}-${ctx.api.runId}`, ttlSeconds: 900 },
    };
  });
  const wins = iso.latencies.filter((_, n) => n % 2 === 0);
  const losses = iso.latencies.filter((_, n) => n % 2 === 1);
  const okIso = (iso.statuses[200] ?? 0) === isolated && (iso.statuses[409] ?? 0) === isolated;
  ctx.report.add({
    scenario: name,
    figure: "Hold attempt cost in isolation, 1 client: losing (409) vs winning (200)",
    target: "losing <= winning",
    result: `losing ${ms(mean(losses))}, winning ${ms(mean(wins))} (${isolated} each, interleaved)${okIso ? "" : `; unexpected statuses ${JSON.stringify(iso.statuses)}`}`,
    met: okIso ? mean(losses) <= mean(wins) * 1.05 : false,
    baseline: `${ms(base.mean)} mean (${base.label})`,
    ratio: `lose/win ${ratio(mean(losses), mean(wins))}; win/baseline ${ratio(mean(wins), base.mean)}`,
  });
}

/** "1 (all 10 seats)" or the list when some seat had 0 or 2+ winners. */
function summariseWinners(winners) {
  if (winners.every((w) => w === 1)) return `1 on every one of ${winners.length} seats`;
  return winners.join(", ");
}
