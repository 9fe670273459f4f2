import type { Permission } from "../domain/roles";
import type { DashboardMessageId } from "./words";

/**
 * The parts of the dashboard, in the order of its navigation: the one list that the navigation,
 * the addresses without an environment, the environment switch and the error pages all read. Each
 * says what a role needs to see it in the navigation (the Team page is for owners and admins).
 */
export const SECTIONS = [
  { key: "keys", name: "nav.keys", needs: "read" },
  { key: "charts", name: "nav.charts", needs: "read" },
  { key: "events", name: "nav.events", needs: "read" },
  { key: "seasons", name: "nav.seasons", needs: "read" },
  { key: "webhooks", name: "nav.webhooks", needs: "read" },
  { key: "team", name: "nav.team", needs: "members.manage" },
  { key: "activity", name: "nav.activity", needs: "read" },
  { key: "account", name: "nav.account", needs: "read" },
] as const satisfies readonly { key: string; name: DashboardMessageId; needs: Permission }[];

export type Section = (typeof SECTIONS)[number]["key"];

/** Whether a path segment names a section. */
export function isSection(s: string | undefined): s is Section {
  return SECTIONS.some((x) => x.key === s);
}

/** The sections as a route pattern's alternation (`keys|charts|…`), grouped for Hono. */
export const SECTION_PATTERN = `(?:${SECTIONS.map((s) => s.key).join("|")})`;
