/**
 * What a seat is called, in words, built from the same data that draws it (section, row, seat,
 * category, features, status): the list mode's buttons and the map's seats say the same thing
 * (contract §14), so sight and speech never disagree.
 */
import type { SeatFeature } from "../domain/layout";
import type { ObjectView } from "./map-view";
import type { SeatObject } from "./types";

/** Each feature as a buyer would say it. */
export const FEATURE_WORDS: Record<SeatFeature, string> = {
  wheelchair: "wheelchair space",
  companion: "companion seat",
  restrictedView: "restricted view",
  stepFree: "step-free access",
  hearingLoop: "hearing loop",
  extraLegroom: "extra legroom",
};

/** Each status as a buyer would say it. */
export const STATUS_TEXT: Record<ObjectView["status"], string> = {
  free: "available",
  selected: "selected",
  held: "held by another buyer",
  booked: "booked",
  not_for_sale: "not for sale",
};

/** A seat outside this chart's channels, or held back for buyers who state an access need. */
export const UNAVAILABLE_TEXT = "not available here";

/** The seat's number within its row: the label's last part ("A-3-12" → "12"), else the label. */
export function seatNumber(label: string): string {
  const parts = label.split(/[-\s/.]+/).filter((p) => p.length > 0);
  return parts.length > 1 ? parts[parts.length - 1]! : label;
}

/** The features, in words, joined by commas ("wheelchair space, step-free access"); empty when none. */
export function featureText(features: readonly SeatFeature[] | undefined): string {
  return (features ?? []).map((f) => FEATURE_WORDS[f]).join(", ");
}

/** The status a buyer hears for a seat now. */
export function statusText(view: ObjectView): string {
  return view.unavailable ? UNAVAILABLE_TEXT : STATUS_TEXT[view.status];
}

/**
 * The list mode's name of a seat: "Section A, row 3, seat 12, Premium, €45.00, wheelchair space, available".
 * The section's own label is used as written ("Section A" when the layout calls it so).
 */
export function seatName(seat: SeatObject, categoryLabel: string, view: ObjectView): string {
  const parts = [seat.sectionLabel || seat.sectionKey];
  if (seat.rowLabel) parts.push(`row ${seat.rowLabel}`);
  parts.push(`seat ${seatNumber(seat.objectLabel)}`, categoryLabel);
  // Contract §20: what the seat costs, after its category, as the map's name says it.
  if (view.price) parts.push(view.price);
  const features = featureText(seat.features);
  if (features) parts.push(features);
  parts.push(statusText(view));
  return parts.join(", ");
}
