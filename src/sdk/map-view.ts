/**
 * What the chart needs from a drawn map, whichever way it is drawn: one SVG element per object
 * (maps of up to {@link LARGE_MAP_OBJECTS} objects, small-map.ts) or a canvas with elements only
 * where seats are big enough to click (large-map.ts, docs/sdk.md#large-maps-more-than-10000-objects).
 */
import type { ObjectView } from "./object-view";
import type { ApiCategory, ApiObject } from "./types";
import type { VenuePart } from "./venue-part";
import type { Words } from "./words";

/** The SDK's venue part (venue.ts, docs/sdk.md): what draws, names and lists tables, booths, floors and zones. */
export type { VenuePart } from "./venue-part";
export type { ObjectView } from "./object-view";

/** Above this many objects a map is drawn as a large map. */
export const LARGE_MAP_OBJECTS = 10_000;

/** What a renderer reads: the objects, their categories and each object's current view. */
export interface MapModel {
  eventKey: string;
  objects: Map<string, ApiObject>;
  categories: Map<string, ApiCategory>;
  viewOf(label: string): ObjectView;
  /** The chart's language: every name and count drawn or spoken. */
  words: Words;
  /** The venue part, for a map with tables, booths, floors or zones; null otherwise. */
  venue: VenuePart | null;
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
