/**
 * The English words of tables, booths, floors and zones (docs/tables.md) that only the SDK's venue
 * part says: a table's and a booth's names, the floor switcher and the zone chooser, and the list's
 * groups of tables and booths. They travel in the venue part (venue.ts), which adds them to the
 * chart's English when it loads, so a map of rows does not carry them; every other language has
 * them in its own catalog. Their ids start with `venue.`, `table.` or `booth.` (words.ts).
 */
export const EN_VENUE = {
  "table.label": "Table {label}",
  "table.seats": "{n, plural, one {# seat} other {# seats}}",
  "booth.label": "Booth {label}",
  "venue.floors": "Floors",
  "venue.floorShown": "{floor} shown",
  "venue.zoomTo": "Zoom to",
  "venue.wholeVenue": "the whole venue",
  "venue.zoneShown": "{zone} shown",
  "venue.listTables": "{n, plural, one {# table} other {# tables}}",
  "venue.listBooths": "{n, plural, one {# booth} other {# booths}}",
  "venue.boothsHeading": "Booths",
} as const;
