// The season rush of the crash test (docs/seasons.md): clients hold and book a few seats for a
// season of several events through the season routes, while other clients hold the same seats
// event by event, all during the kills. After the rush, every seat must read as taken for one
// season action in every event of the season or in none, within 10 s (the season's coordinator
// and the event objects' alarms settle whatever a kill interrupted).
import { exchange, newAgent } from "./http.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

export const SEASON_EVENTS = 4;
/** The seats the season rush fights over (few, so that conflicts are frequent). */
export const SEASON_SEATS = 12;

/**
 * A season of SEASON_EVENTS new events on the crash test's chart.
 * @returns {Promise<{ seasonKey: string, eventKeys: string[], labels: string[] }>}
 */
export async function provisionSeason({ baseUrl, sk, chartKey, runId, labels }) {
  const seasonKey = `season-${runId}`;
  const eventKeys = Array.from({ length: SEASON_EVENTS }, (_, i) => `${seasonKey}-g${i + 1}`);
  const x = await exchange(baseUrl, "POST", "/api/v1/seasons", { apiKey: sk, body: { seasonKey, chartKey, eventKeys }, timeoutMs: 60_000 });
  if (x.status !== 201) throw new Error(`provisioning the season answered ${x.status ?? x.error}: ${JSON.stringify(x.body).slice(0, 300)}`);
  // One loopback address for every buyer (see provision.mjs): the per-client cap lifted in each game.
  for (const eventKey of eventKeys) {
    const r = await exchange(baseUrl, "PUT", `/api/v1/events/${eventKey}/selection-rules`, { apiKey: sk, body: { maxHeldSeatsPerClient: 10_000 } });
    if (r.status !== 200) throw new Error(`lifting the per-client cap of ${eventKey} answered ${r.status ?? r.error}`);
  }
  return { seasonKey, eventKeys, labels: labels.slice(0, SEASON_SEATS) };
}

/**
 * Season buyers (hold 1-2 seats for the season, then book half of what they got) and single-event
 * buyers (hold one seat of one event), until stopAt. Every season hold carries its operation id in
 * extraData, so the final reads can tell which action took a seat.
 */
export async function runSeasonRush({ baseUrl, pk, sk, season, stopAt, clients = 4 }) {
  const stats = {
    seasonHolds: { ack: 0, rejected: 0, unknown: 0 },
    seasonBooks: { ack: 0, rejected: 0, unknown: 0 },
    seasonReleases: { ack: 0, rejected: 0, unknown: 0 },
    singles: { ack: 0, rejected: 0, unknown: 0 },
    fivexx: 0,
  };
  const tally = (bucket, x) => {
    if (x.refused) bucket.refused = (bucket.refused ?? 0) + 1;
    else if (x.status === 200) bucket.ack++;
    else if (x.status !== null && x.status < 500) bucket.rejected++;
    else bucket.unknown++;
    if (x.status !== null && x.status >= 500) stats.fivexx++;
  };
  let op = 0;
  const seasonBuyer = async (c) => {
    const agent = newAgent(1);
    while (Date.now() < stopAt) {
      const id = `sop-${c}-${++op}`;
      const labels = [...new Set([pick(season.labels), pick(season.labels)])];
      const token = `season-${id}-${Math.random().toString(36).slice(2, 10)}`;
      const held = await exchange(baseUrl, "POST", `/api/v1/seasons/${season.seasonKey}/seats/hold`, {
        agent,
        apiKey: pk,
        clientIp: `198.51.100.${200 + c}`,
        body: { objectLabels: labels, holdToken: token, ttlSeconds: 900, extraData: { seasonOp: id } },
      });
      tally(stats.seasonHolds, held);
      if (held.status === 200 && Math.random() < 0.3) {
        tally(
          stats.seasonBooks,
          await exchange(baseUrl, "POST", `/api/v1/seasons/${season.seasonKey}/seats/book`, {
            agent,
            apiKey: sk,
            body: { objectLabels: labels, holdToken: token },
          }),
        );
      } else if (held.status === 200) {
        // Most season buyers let go again, so the seats stay contested through the whole rush.
        await sleep(Math.random() * 300);
        const released = await exchange(baseUrl, "POST", `/api/v1/seasons/${season.seasonKey}/seats/release`, {
          agent,
          apiKey: pk,
          clientIp: `198.51.100.${200 + c}`,
          body: { holdToken: token },
        });
        tally(stats.seasonReleases, released);
      }
      await sleep(Math.random() * 150);
    }
  };
  const singleBuyer = async (c) => {
    const agent = newAgent(1);
    while (Date.now() < stopAt) {
      const eventKey = pick(season.eventKeys);
      const holdToken = `single-${c}-${++op}-${Math.random().toString(36).slice(2, 10)}`;
      const x = await exchange(baseUrl, "POST", `/api/v1/events/${eventKey}/seats/hold`, {
        agent,
        apiKey: pk,
        clientIp: `198.51.100.${220 + c}`,
        body: { objectLabels: [pick(season.labels)], holdToken, ttlSeconds: 900 },
      });
      tally(stats.singles, x);
      if (x.status === 200) {
        await sleep(Math.random() * 300);
        await exchange(baseUrl, "POST", `/api/v1/events/${eventKey}/seats/release`, {
          agent,
          apiKey: pk,
          clientIp: `198.51.100.${220 + c}`,
          body: { holdToken },
        });
      }
      await sleep(Math.random() * 150);
    }
  };
  await Promise.all([...Array.from({ length: clients }, (_, c) => seasonBuyer(c)), ...Array.from({ length: clients }, (_, c) => singleBuyer(c))]);
  return stats;
}

/**
 * Which season action holds each seat in each event (secret status reads: extraData.seasonOp), and
 * the seats taken for a season action in some events of the season but not all.
 */
export async function partialSeats({ baseUrl, sk, season }) {
  const byEvent = [];
  for (const eventKey of season.eventKeys) {
    const x = await exchange(baseUrl, "GET", `/api/v1/events/${eventKey}/status?labels=${season.labels.join(",")}`, { apiKey: sk, timeoutMs: 10_000 });
    if (x.status !== 200) return { partial: null, error: `status of ${eventKey} answered ${x.status ?? x.error}` };
    byEvent.push(new Map(x.body.objects.map((o) => [o.objectLabel, o.extraData?.seasonOp ?? null])));
  }
  const partial = [];
  for (const label of season.labels) {
    const owners = byEvent.map((m) => m.get(label) ?? null);
    for (const owner of new Set(owners.filter((o) => o !== null))) {
      const count = owners.filter((o) => o === owner).length;
      if (count !== season.eventKeys.length) partial.push(`${label}: season action ${owner} in ${count} of ${season.eventKeys.length} events`);
    }
  }
  return { partial, error: null };
}

const fmt = (b) => (b ? `${b.ack}/${b.rejected}/${b.unknown}/${b.refused ?? 0}` : "0/0/0/0");

/**
 * The check: polls until no seat is partially taken for a season, for at most 10 s after the
 * server is up again.
 */
export async function checkSeasonAtomic({ baseUrl, sk, season, stats }) {
  const start = Date.now();
  let last = { partial: null, error: "not read" };
  while (Date.now() - start < 10_000) {
    last = await partialSeats({ baseUrl, sk, season });
    if (last.partial !== null && last.partial.length === 0) break;
    await sleep(500);
  }
  const took = Date.now() - start;
  const details = last.error ? [last.error] : last.partial;
  const s = stats;
  return {
    name: "no seat partially taken for a season",
    ok: details.length === 0,
    summary: `${details.length === 0 ? `all-or-none in every event after ${(took / 1000).toFixed(1)} s` : `${details.length} partial after 10 s`}; ok/refused/unknown/not reached: season holds ${fmt(s.seasonHolds)}, season books ${fmt(s.seasonBooks)}, season releases ${fmt(s.seasonReleases)}, single-event holds ${fmt(s.singles)}; ${s.fivexx} answers 5xx`,
    details,
  };
}
