/**
 * What a seat's or GA area's tooltip says (section, row, seat, category, price, features, whether it
 * can be chosen), apart from the element that shows it, so that the words are tested without a
 * browser.
 */
import type { MapState } from "./map-state";
import { featureText } from "./seat-name";
import type { ApiObject, TooltipOptions } from "./types";

/** The lines of an object's tooltip: a title, then "Name: value" details. */
export function tooltipLines(obj: ApiObject, state: MapState, options: TooltipOptions): { title: string; details: string[] } {
  const details: string[] = [];
  const category = state.categories.get(obj.categoryKey);
  let title: string;
  if (obj.objectType === "seat") {
    title = obj.sectionLabel;
    if (obj.rowLabel) details.push(`Row ${obj.rowLabel}`);
    const seat = obj.objectLabel.split("-").pop();
    details.push(`Seat ${seat && seat !== obj.objectLabel ? seat : obj.objectLabel}`);
  } else {
    title = obj.label;
    // What this buyer's channels can take (contract §12), as the area itself says.
    const area = state.view(obj.objectLabel);
    const remaining = area.remaining ?? obj.remaining;
    details.push(area.pooled ? `${remaining} places left` : `${remaining} of ${area.capacity ?? obj.capacity} places left`);
  }
  if (category) details.push(category.label);
  // Contract §20: the server's price for this buyer; a page's own `prices` only for an event without.
  const served = state.view(obj.objectLabel).price;
  const price = served ?? options.prices?.[obj.categoryKey];
  if (price !== undefined)
    details.push(typeof price === "number" ? formatPrice(price, options.currency) : obj.objectType === "generalAdmission" && served ? `${price} each` : price);
  // Contract §14: features in the words the seat's accessible name uses ("wheelchair space").
  const features = obj.objectType === "seat" ? featureText(obj.features) : "";
  if (features) details.push(features.charAt(0).toUpperCase() + features.slice(1));
  const view = state.view(obj.objectLabel);
  const status = view.unavailable
    ? "Not available here"
    : { free: "", selected: "Your selection", held: "Taken", booked: "Booked", not_for_sale: "Not for sale" }[view.status];
  if (status) details.push(status);
  return { title, details };
}

function formatPrice(amount: number, currency = "EUR"): string {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);
  } catch {
    return String(amount);
  }
}
