import type { ChannelDef } from "../../domain/channels";
import type { SalesFigures, SalesReport } from "../../domain/sales-report";
import { poolOf } from "../state/ga-pools";
import { parsePlaces } from "../state/prices";
import type { LayoutIndex } from "../state/layout-index";

/**
 * The sales report (docs/prices.md) from what is booked now: booked seats with the prices locked on
 * their rows, and each token's booked GA places with theirs. Category and section come from the
 * current layout (a booking a forced publish kept on a label the layout lost counts under null).
 * One read of the booked seats as row tuples and one of the booked GA rows; the rest is counting
 * in memory, so a stadium's 100,000 booked seats report in well under half a second.
 */

type Figures = Omit<SalesFigures, "currency">;
type Dim = "category" | "ticket_type" | "channel" | "section" | "season" | "total";

/** Figures per (dimension, key, currency), in first-seen order. */
class Tally {
  private readonly rows = new Map<string, { dim: Dim; key: string | null; category: string | null; currency: string | null; f: Figures }>();

  add(dim: Dim, key: string | null, category: string | null, currency: string | null, count: number, amount: number, fee: number): void {
    const id = `${dim}\u0000${category ?? "\u0001"}\u0000${key ?? "\u0001"}\u0000${currency ?? "\u0001"}`;
    let row = this.rows.get(id);
    if (!row) this.rows.set(id, (row = { dim, key, category, currency, f: { count: 0, amount: 0, fee: 0 } }));
    row.f.count += count;
    row.f.amount += amount;
    row.f.fee += fee;
  }

  of(dim: Dim): { key: string | null; category: string | null; figures: SalesFigures }[] {
    const out: { key: string | null; category: string | null; figures: SalesFigures }[] = [];
    for (const r of this.rows.values()) if (r.dim === dim) out.push({ key: r.key, category: r.category, figures: { currency: r.currency, ...r.f } });
    return out;
  }
}

/** One booking's part of the figures: so many places of one category, section, ticket type, pool and season. */
interface Sale {
  category: string | null;
  section: string | null;
  ticketType: string | null;
  channel: string | null;
  season: string | null;
  currency: string | null;
  count: number;
  amount: number;
  fee: number;
}

function tallySale(t: Tally, s: Sale): void {
  t.add("total", null, null, s.currency, s.count, s.amount, s.fee);
  t.add("category", s.category, null, s.currency, s.count, s.amount, s.fee);
  t.add("ticket_type", s.ticketType, s.category, s.currency, s.count, s.amount, s.fee);
  t.add("channel", s.channel, null, s.currency, s.count, s.amount, s.fee);
  t.add("section", s.section, null, s.currency, s.count, s.amount, s.fee);
  if (s.season !== null) t.add("season", s.season, null, s.currency, s.count, s.amount, s.fee);
}

type BookedSeat = [
  label: string,
  amount: number | null,
  fee: number | null,
  currency: string | null,
  ticketType: string | null,
  channel: string | null,
  season: string | null,
];

/**
 * Booked seats grouped by everything a dimension reads (category, section, ticket type, pool,
 * season, currency): one key and one map entry per seat, the dimensions tallied per group after.
 */
function seatSales(sql: SqlStorage, layout: LayoutIndex, channelOf: (label: string) => string | null): Sale[] {
  const groups = new Map<string, Sale>();
  const seats = sql
    .exec("SELECT label, price_amount, price_fee, price_currency, ticket_type, price_channel, season_key FROM seats WHERE status = 'booked'")
    .raw<BookedSeat>();
  for (const [label, amount, fee, currency, ticketType, channel, season] of seats) {
    const obj = layout.object(label);
    const priced = amount !== null && currency !== null;
    const category = obj?.categoryKey ?? null;
    const section = obj ? (obj.sectionKey ?? "") : null;
    const pool = priced ? channel : channelOf(label);
    const type = priced ? ticketType : null;
    const cur = priced ? currency : null;
    const key = `${category}\u0000${section}\u0000${type}\u0000${pool}\u0000${season}\u0000${cur}\u0000${category === null ? 0 : 1}${section === null ? 0 : 1}${type === null ? 0 : 1}${pool === null ? 0 : 1}${season === null ? 0 : 1}${cur === null ? 0 : 1}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { category, section, ticketType: type, channel: pool, season, currency: cur, count: 0, amount: 0, fee: 0 }));
    g.count++;
    if (priced) {
      g.amount += amount;
      g.fee += fee ?? 0;
    }
  }
  return [...groups.values()];
}

/**
 * The sales report of the event now. `channelOf` names a seat's channel, for seats booked without a
 * price (a priced seat names the pool it was taken from on its row).
 */
export function salesReportOf(
  sql: SqlStorage,
  layout: LayoutIndex,
  defs: readonly ChannelDef[],
  channelOf: (label: string) => string | null,
  eventKey: string,
): SalesReport {
  const t = new Tally();
  for (const sale of seatSales(sql, layout, channelOf)) tallySale(t, sale);
  const areas = sql
    .exec("SELECT area, booked, booked_price, channel, season_key FROM ga WHERE booked > 0")
    .raw<[area: string, booked: number, price: string | null, channel: string | null, season: string | null]>();
  for (const [area, booked, price, channel, season] of areas) {
    const category = layout.object(area)?.categoryKey ?? null;
    const places = parsePlaces(price);
    let priced = 0;
    for (const l of places?.lines ?? []) {
      priced += l.quantity;
      const sale = { category, section: null, ticketType: l.ticketType, channel: l.channel, season, currency: places!.currency };
      tallySale(t, { ...sale, count: l.quantity, amount: l.amount * l.quantity, fee: l.fee * l.quantity });
    }
    if (booked > priced)
      tallySale(t, {
        category,
        section: null,
        ticketType: null,
        channel: poolOf(defs, channel),
        season,
        currency: null,
        count: booked - priced,
        amount: 0,
        fee: 0,
      });
  }
  return {
    eventKey,
    totals: t.of("total").map((r) => r.figures),
    byCategory: t.of("category").map((r) => ({ categoryKey: r.key, ...r.figures })),
    byTicketType: t.of("ticket_type").map((r) => ({ categoryKey: r.category, ticketType: r.key, ...r.figures })),
    byChannel: t.of("channel").map((r) => ({ channelKey: r.key, ...r.figures })),
    bySection: t.of("section").map((r) => ({ sectionKey: r.key, ...r.figures })),
    bySeason: t.of("season").map((r) => ({ seasonKey: r.key ?? "", ...r.figures })),
  };
}
