/**
 * The look of tables, booths, the floor switcher and the zone chooser (docs/tables.md), added to
 * the map's stylesheet (styles.ts) by the venue part when a chart draws a venue that has them.
 */
const VENUE_CSS = `
.seating-table,.seating-booth{cursor:pointer}
.seating-table-top{fill:#f6f7f9;stroke-width:2}
.seating-table[data-status=selected] .seating-table-top{fill:#e8efff;stroke:#1d2330;stroke-width:3.5}
.seating-table[data-status=held] .seating-table-top,.seating-table[data-status=booked] .seating-table-top,.seating-table[data-status=not_for_sale] .seating-table-top{fill:#c3c8d2;stroke:#8f96a3}
.seating-table[data-status=partially_taken] .seating-table-top{fill:#e2e5eb;stroke-dasharray:4 2}
.seating-table-name,.seating-booth-name{font-weight:600;font-size:11px;fill:#1d2330;pointer-events:none}
.seating-booth-shape{fill-opacity:.3;stroke-width:2}
.seating-booth[data-status=selected] .seating-booth-shape{fill-opacity:.55;stroke:#1d2330;stroke-width:3.5}
.seating-booth[data-status=held] .seating-booth-shape,.seating-booth[data-status=booked] .seating-booth-shape,.seating-booth[data-status=not_for_sale] .seating-booth-shape{fill:#c3c8d2!important;stroke:#8f96a3!important}
.seating-table:focus,.seating-booth:focus{outline:none}
.seating-table:focus-visible .seating-table-top,.seating-booth:focus-visible .seating-booth-shape{stroke:#0b3d91;stroke-width:4}
.seating-map-large .seating-table-top,.seating-map-large .seating-booth-shape{fill:#000;fill-opacity:0;stroke-opacity:0}
.seating-venue{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;order:-1;margin-right:8px}
.seating-floors{display:flex;gap:4px}
.seating-controls .seating-floors button{width:auto;padding:0 10px;font-size:14px}
.seating-controls .seating-floors button[aria-pressed=true]{background:#1d2330;color:#fff;border-color:#1d2330}
.seating-zone{display:flex;align-items:center;gap:4px;font-size:14px}
.seating-zone select{height:32px;border:1px solid #d0d5df;border-radius:6px;background:#fff;color:#1d2330}
`;

const STYLE_ID = "seating-sdk-venue-styles";

/** Adds the venue's rules to `doc`, once per document. */
export function injectVenueStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = VENUE_CSS;
  doc.head.appendChild(style);
}
