/**
 * The chart's prices (docs/prices.md), wired into what the map already draws: the price book made
 * from the pricing read beside the map, each object's price in its view (so the map's and the
 * list's accessible names and the tooltip say it), the legend's category prices, and the prices
 * bar (ticket types and the running total) under the legend. An event without pricing gets none
 * of it and looks as it did.
 */
import type { Pricing } from "../domain/pricing";
import type { ObjectsRead } from "./api";
import type { Chrome } from "./chrome";
import type { MapState } from "./map-state";
import { PricePanel } from "./price-panel";
import { PriceBook } from "./prices";
import type { Words } from "./words";

export interface ChartPrices {
  readonly book: PriceBook;
  /** Shows the selection's total again (after a hold, a release, an expiry). */
  update(): void;
  destroy(): void;
}

/**
 * Sets the chart's prices up once the map is read; null for an event without pricing. `repaint`
 * redraws one object (a ticket type chosen changes its category's prices).
 */
export function attachPrices(
  chrome: Chrome,
  state: MapState,
  read: { objects: ObjectsRead; pricing: Pricing | null },
  channelKeys: readonly string[] | undefined,
  /** The chart's words: prices are written in its language, the bar speaks it. */
  words: Words,
  repaint: (label: string) => void,
): ChartPrices | null {
  if (!read.pricing) return null;
  const channelOf = new Map<string, string>();
  for (const [key, labels] of Object.entries(read.objects.channels ?? {})) for (const l of labels) channelOf.set(l, key);
  const doc = chrome.root.ownerDocument;
  const book = new PriceBook(
    read.pricing,
    channelKeys ?? ["NO_CHANNEL"],
    (label) => channelOf.get(label) ?? null,
    words,
    (label) => state.objects.get(label),
  );
  state.priceOf = (obj) => book.text(obj);
  // A seat without a price cannot be held by a buyer (the server refuses it as not_priced), nor a
  // table with such a seat (docs/tables.md): drawn "not available here", like another channel's seat.
  for (const o of state.objects.values()) if ((o.objectType === "seat" || o.objectType === "table") && book.unit(o) === null) state.outside.add(o.objectLabel);
  // The categories as the map names them (the layout's own translations for this language).
  const panel = new PricePanel(doc, book, [...state.categories.values()], (categoryKey) => {
    // A table's price is its seats': it is redrawn too.
    for (const o of state.objects.values()) if (o.categoryKey === categoryKey || o.objectType === "table") repaint(o.objectLabel);
  });
  chrome.root.insertBefore(panel.root, chrome.live);
  const update = () => panel.showTotal(book.total(state.selection.values(), (label) => state.objects.get(label)));
  update();
  return {
    book,
    update,
    destroy: () => {
      state.priceOf = null;
      panel.root.remove();
    },
  };
}
