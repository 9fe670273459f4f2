/**
 * What a seat's or GA area's tooltip says (section, row, seat, category, price, features, whether it
 * can be chosen), apart from the element that shows it, so that the words are tested without a
 * browser.
 */
import { currencyDigits, formatPrice } from "../domain/price-format";
import type { MapState } from "./map-state";
import { featureText, seatNumber } from "./seat-name";
import type { ApiObject, TooltipOptions } from "./types";
import { ENGLISH, type MessageId, type Words } from "./words";

/** The status line of a seat that is not free (a free seat says nothing). */
const STATUS_LINES: Record<string, MessageId> = {
  selected: "legend.selected",
  held: "tooltip.taken",
  booked: "legend.booked",
  not_for_sale: "legend.notForSale",
  partially_taken: "tooltip.partlyTaken",
};

/** The lines of an object's tooltip: a title, then "Name: value" details. */
export function tooltipLines(obj: ApiObject, state: MapState, options: TooltipOptions, words: Words = ENGLISH): { title: string; details: string[] } {
  const details: string[] = [];
  const category = state.categories.get(obj.categoryKey);
  let title: string;
  if (obj.objectType === "seat") {
    title = obj.sectionLabel;
    if (obj.rowLabel) details.push(words.t("tooltip.row", { row: obj.rowLabel }));
    if (obj.tableLabel) details.push(words.t("table.label", { label: obj.tableLabel }));
    details.push(words.t("tooltip.seat", { seat: seatNumber(obj.objectLabel) }));
  } else if (obj.objectType === "table" || obj.objectType === "booth") {
    // Said by the venue part (venue-names.ts), loaded for every map with tables or booths.
    const lines = state.venue?.venueTooltip(obj, words) ?? { title: obj.objectLabel, details: [] };
    title = lines.title;
    details.push(...lines.details);
  } else {
    title = obj.label;
    // What this buyer's channels can take (docs/channels.md), as the area itself says.
    const area = state.view(obj.objectLabel);
    const remaining = area.remaining ?? obj.remaining;
    details.push(words.t(area.pooled ? "tooltip.placesLeft" : "tooltip.placesLeftOf", { remaining, capacity: area.capacity ?? obj.capacity }));
  }
  if (category) details.push(category.label);
  // docs/prices.md: the server's price for this buyer; a page's own `prices` only for an event without.
  const served = state.view(obj.objectLabel).price;
  if (served !== undefined) details.push(obj.objectType === "generalAdmission" ? words.t("price.each", { price: served }) : served);
  else {
    const price = options.prices?.[obj.categoryKey];
    if (price !== undefined) details.push(typeof price === "number" ? pagePrice(price, options.currency, words.language) : price);
  }
  // docs/accessibility.md: features in the words the seat's accessible name uses ("wheelchair space").
  const features = obj.objectType === "seat" ? featureText(obj.features, words) : "";
  if (features) details.push(features.charAt(0).toLocaleUpperCase(words.language) + features.slice(1));
  const view = state.view(obj.objectLabel);
  const status = view.unavailable ? "legend.unavailable" : STATUS_LINES[view.status];
  if (status) details.push(words.t(status));
  return { title, details };
}

/**
 * The tooltip option's price, a number in the currency's major unit ("45" euros), written as every
 * price on the map is: in minor units through the one formatter, in the chart's language.
 */
function pagePrice(amount: number, currency = "EUR", language: string): string {
  return formatPrice(Math.round(amount * 10 ** currencyDigits(currency)), currency, language);
}
