import { EVENT_KEY } from "../domain/events";

/**
 * The season form's games (client/forms.ts sends them as a list of rows): a game may be given a
 * name and a start and no event key, and is then keyed after what the venue called things, so the
 * keys read like the fixtures list ("home-2027-city-v-united") rather than like random ids.
 */

/** A row of the season form as it arrives: every field optional. */
export interface GameRow {
  eventKey?: string;
  name?: string;
  startsAt?: string;
}

/** A key part from a name: lower-case letters, digits and dashes, at most `max` characters. */
export function slug(name: string, max = 60): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/** A season key from the season's name when none was typed (null: let the service make one up). */
export function seasonKeyFrom(name: string | undefined): string | null {
  const s = name ? slug(name, 100) : "";
  return s && EVENT_KEY.test(s) ? s : null;
}

/**
 * Each game with an event key: the one typed, else `<base>-<name>`, else `<base>-<n>` (its place
 * in the list), made unique among the games (typed keys are left as typed, for the service to judge).
 */
export function keyedGames(base: string, rows: GameRow[]): GameRow[] {
  const taken = new Set(rows.map((r) => r.eventKey).filter((k): k is string => !!k));
  return rows.map((row, i) => {
    if (row.eventKey) return row;
    const stem = `${base}-${(row.name && slug(row.name)) || String(i + 1)}`.slice(0, 120);
    let key = stem;
    for (let n = 2; taken.has(key); n++) key = `${stem}-${n}`;
    taken.add(key);
    return { ...row, eventKey: key };
  });
}
