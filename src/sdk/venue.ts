/**
 * The SDK's venue part (parts.ts, docs/sdk.md): everything only a layout with tables, booths, floors
 * or zones (docs/tables.md) needs, served as `venue.mjs` and loaded as soon as such a layout's
 * objects are read, before the map is drawn. A map of rows and standing areas never downloads it.
 * - objects-compact-venue.ts: tables and booths read from the compact objects form;
 * - ../geometry/venue-placement.ts: where tables, their seats and booths are drawn;
 * - svg-venue.ts: tables' tops and booths on the SVG map, and venue-styles.ts their look;
 * - venue-names.ts: what a table and a booth are called (with its price, when the event has prices);
 * - venue-controls.ts: the floor switcher and the zone chooser;
 * - list-venue.ts: the list mode's tables and booths;
 * - catalogs/en-venue.ts: their English words, added to the chart's English as the part loads.
 * The large map's canvas draws tables and booths in its own part (large-map-venue.ts).
 */
import { EN_VENUE } from "./catalogs/en-venue";
import { addEnglish } from "./words";

addEnglish(EN_VENUE);

export { venueReader } from "./objects-compact-venue";
export { addVenue } from "../geometry/venue-placement";
export { drawVenue } from "./svg-venue";
export { injectVenueStyles } from "./venue-styles";
export { venueName, venueTooltip } from "./venue-names";
export { floorObjects, venueNavigation, zoneBox } from "./venue-controls";
export { ListVenue } from "./list-venue";
