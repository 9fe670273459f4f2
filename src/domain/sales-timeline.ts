/**
 * An event's sales over time (the dashboard's plot, docs/dashboard.md), computed by the event object
 * from its status history and drawn by the dashboard's event page.
 */

/** Spans a timeline is cut into unless the caller asks for another number: enough for a smooth line, a few rows to send. */
export const SALES_SPANS = 60;
/** Most spans one timeline may be cut into. */
export const MAX_SALES_SPANS = 500;

/** Booked and held places at the end of one span of the sales timeline. */
export interface SalesPoint {
  at: string;
  booked: number;
  held: number;
  /** The booked amount so far at the prices locked with the bookings (docs/prices.md), minor units; 0 without prices. */
  revenue: number;
}

/** The event's sales over time, from its history: the dashboard's plot. */
export interface SalesTimeline {
  /** When the first record was written; null for an empty history. */
  from: string | null;
  /** Length of each span in milliseconds. */
  spanMs: number;
  /** One point per span, at its end, in time order. */
  points: SalesPoint[];
}
