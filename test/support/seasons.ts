import { call, expectOk, newChart, newWorkspace, smallLayout, uniqueKey, type EventFixture, type TestKeys } from "./fixtures";

/** Shared by the season tests (docs/seasons.md): a season over new events, its seat actions, and each event as a fixture. */

export interface Season {
  keys: TestKeys;
  sk: string;
  pk: string;
  chartKey: string;
  seasonKey: string;
  eventKeys: string[];
}

/** A season of `events` new sandbox events on a new chart (`smallLayout()` unless told otherwise). */
export async function newSeason(events = 3, opts: { keys?: TestKeys; layout?: unknown } = {}): Promise<Season> {
  const k = opts.keys ?? (await newWorkspace());
  const chartKey = await newChart(k, { layout: opts.layout ?? smallLayout() });
  const seasonKey = uniqueKey("season");
  const eventKeys = Array.from({ length: events }, (_, i) => `${seasonKey}-g${i + 1}`);
  expectOk(await call("POST", "/api/v1/seasons", { key: k.skTest, body: { seasonKey, name: "Home games", chartKey, eventKeys } }), 201);
  return { keys: k, sk: k.skTest, pk: k.pkTest, chartKey, seasonKey, eventKeys };
}

/** A season seat action (`hold`, `book`, `release`, `extend`), of the season or of one of its partial seasons. */
export function seasonSeats(s: Season, action: string, body: unknown, opts: { key?: string; partial?: string; headers?: Record<string, string> } = {}) {
  const path = `/api/v1/seasons/${s.seasonKey}${opts.partial ? `/partial-seasons/${opts.partial}` : ""}/seats/${action}`;
  return call("POST", path, { key: opts.key ?? s.sk, body, headers: opts.headers });
}

/** One event of the season as an event fixture (for the event routes and the object's test hooks). */
export function eventOf(s: Season, eventKey: string): EventFixture {
  return { keys: s.keys, chartKey: s.chartKey, eventKey, environment: "sandbox", sk: s.sk, pk: s.pk };
}

/** The status entry of a label in one event (secret key), or undefined while it is free. */
export async function statusIn(s: Season, eventKey: string, label: string): Promise<Record<string, unknown> | undefined> {
  const res = await call("GET", `/api/v1/events/${eventKey}/status`, { key: s.sk });
  expectOk(res);
  return (res.body.objects as Record<string, unknown>[]).find((o) => o.objectLabel === label);
}
