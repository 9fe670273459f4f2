/**
 * The parts of the dashboard, in the order of its navigation: the one list that the navigation,
 * the addresses without an environment, the environment switch and the error pages all read.
 */
export const SECTIONS = [
  { key: "keys", name: "Keys" },
  { key: "charts", name: "Charts" },
  { key: "events", name: "Events" },
  { key: "seasons", name: "Seasons" },
  { key: "webhooks", name: "Webhooks" },
] as const;

export type Section = (typeof SECTIONS)[number]["key"];

/** Whether a path segment names a section. */
export function isSection(s: string | undefined): s is Section {
  return SECTIONS.some((x) => x.key === s);
}

/** The sections as a route pattern's alternation (`keys|charts|…`), grouped for Hono. */
export const SECTION_PATTERN = `(?:${SECTIONS.map((s) => s.key).join("|")})`;
