/**
 * What an object looks like now, from one chart's point of view: the one shape every renderer,
 * the list and the names (seat-name.ts, venue-names.ts) read. Types only.
 */
import type { SeatStatus } from "./types";

/** What an object looks like now: its status from this chart's point of view, and GA counts. */
export interface ObjectView {
  /** `partially_taken`: a table some of whose seats are taken one by one (docs/tables.md). */
  status: SeatStatus | "selected" | "partially_taken";
  capacity?: number;
  /** GA: the places this buyer can take now (its channels' free places, docs/channels.md). */
  remaining?: number;
  /** GA: channels set places aside in the area, so `remaining` counts only this buyer's pools, not the area's capacity. */
  pooled?: true;
  /** GA places this chart holds. */
  quantity?: number;
  /** A seat outside this chart's channels (docs/channels.md): drawn unavailable, not clickable. */
  unavailable?: true;
  /** docs/prices.md: what one seat (or one GA place) costs this buyer, in words ("€45.00"). */
  price?: string;
}
