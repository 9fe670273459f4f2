/**
 * What the bundle asks of the SDK's venue part (venue.ts, parts.ts): the part's exports as the
 * chart, the maps, the list mode and the objects read call them. Types only, over the SDK's plain
 * types, so the modules that hold a part (map-state.ts, map-view.ts, api.ts) do not depend on the
 * part's code, nor the part's code on them through this file; chart.ts checks that the part module
 * is one where it loads it (parts.ts).
 */
import type { MapGeometry, VenuePlacer } from "../geometry/object-placement";
import type { ObjectView } from "./object-view";
import type { ApiCategory, ApiObject, ApiObjectsResponse, CompactObjects, SeatObject } from "./types";
import type { Words } from "./words";

type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;
type CompactSection = CompactObjects["sections"][number];

/** What objects-compact.ts asks of the venue while it reads a compact body (objects-compact-venue.ts). */
export interface VenueReader {
  /** What gives an object of `section` the section's floor and zones; null for a section on no floor and in no zone. */
  placer(section: CompactSection): ((o: { floorKey?: string; zoneKeys?: string[] }) => void) | null;
  /** Reads a section's tables and booths, after its rows. */
  section(section: CompactSection): void;
  /** Reads the booths outside sections. */
  booths(): void;
}

/** What the venue's list and controls read of the map's state (map-state.ts's MapState is one). */
export interface VenueState {
  readonly objects: Map<string, ApiObject>;
  readonly categories: Map<string, ApiCategory>;
  readonly floors: NonNullable<ApiObjectsResponse["floors"]>;
  readonly zones: NonNullable<ApiObjectsResponse["zones"]>;
  view(label: string): ObjectView;
}

/** What the venue controls act on: the chart's map, its redrawing on another floor, and its live region. */
export interface VenueHost {
  /** The map shown, to zoom to a zone or back to the whole venue. */
  map(): { reset(): void; zoomToZone(sectionKeys: ReadonlySet<string>): boolean } | null;
  /** Draws floor `floorKey` in place of the map shown; false when it could not be drawn. */
  redraw(floorKey: string): Promise<boolean>;
  /** Says `text` in the chart's live region. */
  announce(text: string): void;
}

/** The floor switcher and the zone chooser of one chart (venue-controls.ts). */
export interface VenueControlsView {
  readonly root: HTMLDivElement;
  /** The floor shown: the first of the layout's floors until the buyer picks another. */
  readonly floor: string | undefined;
  /** Draws floor `key` in place of the one shown, and says so. */
  showFloor(key: string): Promise<void>;
}

/** The list mode's tables and booths (list-venue.ts). */
export interface ListVenueView {
  /** One list item per section with tables or booths. */
  build(): HTMLLIElement[];
  /** Repaints one object's button, if the list shows it. */
  update(label: string): void;
}

export interface VenuePart {
  /** Reads tables, booths, floors and zones of a compact body into `out` (objects-compact-venue.ts). */
  venueReader(body: CompactObjects, held: Set<string> | null, out: ApiObject[]): VenueReader;
  /** Places tables, their seats and booths on the map (../geometry/venue-placement.ts). */
  addVenue: VenuePlacer;
  /** Draws tables' tops and booths into the SVG map (svg-venue.ts). */
  drawVenue(
    frag: DocumentFragment,
    geometry: MapGeometry,
    objects: Map<string, ApiObject>,
    categories: Map<string, ApiCategory>,
    elements: Map<string, SVGElement>,
  ): void;
  /** Adds the venue's look to the page (venue-styles.ts). */
  injectVenueStyles(doc: Document): void;
  /** A table's or booth's name; null for any other object (venue-names.ts). */
  venueName(obj: ApiObject, categoryLabel: string, view: ObjectView, words: Words): string | null;
  /** The first lines of a table's or booth's tooltip (venue-names.ts). */
  venueTooltip(obj: TableObject | BoothObject, words: Words): { title: string; details: string[] };
  /** The objects drawn on `floorKey`, and the layout's rows among them (venue-controls.ts). */
  floorObjects(objects: ApiObject[], rows: SeatObject[][], floorKey: string): { objects: ApiObject[]; rows: SeatObject[][] };
  /** The box a zone's drawn objects cover, or null (venue-controls.ts). */
  zoneBox(
    geometry: MapGeometry,
    objects: Map<string, ApiObject>,
    sectionKeys: ReadonlySet<string>,
  ): { x: number; y: number; width: number; height: number } | null;
  /** The floor switcher and the zone chooser; null for a layout with neither (venue-controls.ts). */
  venueNavigation(doc: Document, state: VenueState, words: Words, host: VenueHost): VenueControlsView | null;
  /** The list mode's tables and booths (list-venue.ts). */
  ListVenue: new (doc: Document, state: VenueState, words: Words) => ListVenueView;
}
