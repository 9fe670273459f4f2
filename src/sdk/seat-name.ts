/**
 * What a seat is called, in words, built from the same data that draws it (section, row, seat,
 * category, features, status): the list mode's buttons, the map's seats and the tooltip say the
 * same thing (docs/accessibility.md), so sight and speech never disagree. The words come from the chart's
 * catalog (words.ts); English when none is given.
 */
import type { SeatFeature } from "../domain/layout";
import type { ObjectView } from "./map-view";
import type { SeatObject } from "./types";
import { ENGLISH, type MessageId, type Words } from "./words";

/** Each feature's message. */
const FEATURE_IDS: Record<SeatFeature, MessageId> = {
  wheelchair: "feature.wheelchair",
  companion: "feature.companion",
  restrictedView: "feature.restrictedView",
  stepFree: "feature.stepFree",
  hearingLoop: "feature.hearingLoop",
  extraLegroom: "feature.extraLegroom",
};

/** Each status's message, as a buyer hears it in a seat's name. */
const STATUS_IDS: Record<ObjectView["status"], MessageId> = {
  free: "status.free",
  selected: "status.selected",
  held: "status.held",
  booked: "status.booked",
  not_for_sale: "status.notForSale",
  partially_taken: "status.partiallyTaken",
};

/** The seat's number within its row: the label's last part ("A-3-12" → "12"), else the label. */
export function seatNumber(label: string): string {
  const parts = label.split(/[-\s/.]+/).filter((p) => p.length > 0);
  return parts.length > 1 ? parts[parts.length - 1]! : label;
}

/** The features, in words ("wheelchair space", "step-free access"), in the layout's order. */
export function featureWords(features: readonly SeatFeature[] | undefined, words: Words = ENGLISH): string[] {
  return (features ?? []).map((f) => words.t(FEATURE_IDS[f]));
}

/** The features as one phrase ("wheelchair space, step-free access"); empty when none. */
export function featureText(features: readonly SeatFeature[] | undefined, words: Words = ENGLISH): string {
  return words.list(featureWords(features, words));
}

/** The status a buyer hears for a seat now; a seat outside this chart's channels is "not available here". */
export function statusText(view: ObjectView, words: Words = ENGLISH): string {
  return words.t(view.unavailable ? "status.unavailable" : STATUS_IDS[view.status]);
}

/**
 * The list mode's name of a seat: "Section A, row 3, seat 12, Premium, €45.00, wheelchair space, available".
 * The section's own label is used as written ("Section A" when the layout calls it so).
 */
export function seatName(seat: SeatObject, categoryLabel: string, view: ObjectView, words: Words = ENGLISH): string {
  const parts = [seat.sectionLabel || seat.sectionKey];
  if (seat.rowLabel) parts.push(words.t("seat.row", { row: seat.rowLabel }));
  if (seat.tableLabel) parts.push(words.t("seat.table", { table: seat.tableLabel }));
  // docs/prices.md: what the seat costs, after its category, as the map's name says it.
  parts.push(
    words.t("seat.number", { seat: seatNumber(seat.objectLabel) }),
    categoryLabel,
    ...(view.price ? [view.price] : []),
    ...featureWords(seat.features, words),
    statusText(view, words),
  );
  return words.list(parts);
}

/**
 * The map's name of a seat: "Seat A-3-12, Stalls, Premium, €45.00, wheelchair space, available". It starts
 * with the label a sighted buyer reads in the tooltip and the refusals.
 */
export function mapSeatName(seat: SeatObject, categoryLabel: string, view: ObjectView, words: Words = ENGLISH): string {
  const parts = [words.t("seat.label", { label: seat.objectLabel })];
  if (seat.tableLabel) parts.push(words.t("seat.table", { table: seat.tableLabel }));
  if (seat.sectionLabel) parts.push(seat.sectionLabel);
  parts.push(categoryLabel, ...(view.price ? [view.price] : []), ...featureWords(seat.features, words), statusText(view, words));
  return words.list(parts);
}
