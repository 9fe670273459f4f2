/**
 * What a table and a booth are called, in words (docs/tables.md), as seat-name.ts names seats: the
 * map's accessible name, the list's button and the tooltip say the same thing. With prices
 * (docs/prices.md) a table's name states its price, the sum of its seats' prices, and a booth's its
 * own, after the category, as a seat's does. Part of the SDK's venue part.
 */
import type { ObjectView } from "./map-view";
import { statusText } from "./seat-name";
import type { ApiObject } from "./types";
import type { Words } from "./words";

type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;

/** The name of a table, whole: "Table T1, 8 seats, Hall, Gala, €360.00, available". */
export function tableName(table: TableObject, categoryLabel: string, view: ObjectView, words: Words): string {
  const parts = [words.t("table.label", { label: table.objectLabel }), words.t("table.seats", { n: table.seatLabels.length })];
  if (table.sectionLabel) parts.push(table.sectionLabel);
  parts.push(categoryLabel, ...(view.price ? [view.price] : []), statusText(view, words));
  return words.list(parts);
}

/** The name of a booth: "Booth B1, Hall 1, Exhibitor, €900.00, available". */
export function boothName(booth: BoothObject, categoryLabel: string, view: ObjectView, words: Words): string {
  const parts = [words.t("booth.label", { label: booth.objectLabel })];
  if (booth.sectionLabel) parts.push(booth.sectionLabel);
  parts.push(categoryLabel, ...(view.price ? [view.price] : []), statusText(view, words));
  return words.list(parts);
}

/** The name of a table or a booth; null for any other object. */
export function venueName(obj: ApiObject, categoryLabel: string, view: ObjectView, words: Words): string | null {
  if (obj.objectType === "table") return tableName(obj, categoryLabel, view, words);
  if (obj.objectType === "booth") return boothName(obj, categoryLabel, view, words);
  return null;
}

/**
 * The first lines of a table's or booth's tooltip (tooltip-lines.ts adds the category, the price
 * and the status): its section as the title, then what it is.
 */
export function venueTooltip(obj: TableObject | BoothObject, words: Words): { title: string; details: string[] } {
  if (obj.objectType === "table")
    return { title: obj.sectionLabel, details: [words.t("table.label", { label: obj.objectLabel }), words.t("table.seats", { n: obj.seatLabels.length })] };
  const booth = words.t("booth.label", { label: obj.objectLabel });
  return obj.sectionLabel ? { title: obj.sectionLabel, details: [booth] } : { title: booth, details: [] };
}
