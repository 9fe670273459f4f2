/**
 * What the chart needs from a drawn map, whichever way it is drawn: one SVG element per object
 * (maps of up to {@link LARGE_MAP_OBJECTS} objects, small-map.ts) or a canvas with elements only
 * where seats are big enough to click (large-map.ts, docs/sdk.md#large-maps-more-than-10000-objects).
 */
import type { ApiCategory, ApiObject, SeatStatus } from "./types";
import type { Words } from "./words";

/** Above this many objects a map is drawn as a large map. */
export const LARGE_MAP_OBJECTS = 10_000;

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

/** What a renderer reads: the objects, their categories and each object's current view. */
export interface MapModel {
  eventKey: string;
  objects: Map<string, ApiObject>;
  categories: Map<string, ApiCategory>;
  viewOf(label: string): ObjectView;
  /** The chart's language: every name and count drawn or spoken. */
  words: Words;
}

export interface MapView {
  /** The element that carries the objects' elements (the chart listens for clicks and keys here). */
  readonly root: SVGSVGElement;
  /** Redraws one object after its view changed. */
  update(label: string): void;
  zoomBy(factor: number): void;
  reset(): void;
  /** How many CSS pixels across a seat is drawn now. */
  seatPixels(): number;
  /** Zooms until seats are drawn `px` CSS pixels across, keeping the map point under the client point (clientX, clientY) where it is. */
  zoomToSeats(px: number, clientX: number, clientY: number): void;
  /** Shows the sections of a zone (docs/tables.md) whole; false when none of them is drawn on this map. */
  zoomToZone(sectionKeys: ReadonlySet<string>): boolean;
  destroy(): void;
}
