/**
 * The prices bar under the legend (docs/prices.md): a ticket-type picker for each category that has
 * several (a labelled select, so a keyboard and a screen reader use it like any form control), and
 * the selection's running total. Shown only for an event with prices. The choice applies to the
 * seats held after it; a seat already held keeps the price its hold locked.
 */
import type { PriceBook } from "./prices";
import type { ApiCategory } from "./types";

/** The bar's own look, scoped under the map's root like the rest of the stylesheet. */
export const PRICE_PANEL_CSS = `
.seating-prices{display:flex;flex-wrap:wrap;align-items:center;gap:8px 20px;padding:8px 12px;border-top:1px solid #e3e6ee;background:#fff;font-size:13px}
.seating-ticket-type{display:inline-flex;align-items:center;gap:6px}
.seating-ticket-type select{font:inherit;padding:4px 6px;min-height:32px;border:1px solid #8a93a6;border-radius:6px;background:#fff;color:#1d2330}
.seating-ticket-type select:focus-visible{outline:3px solid #2f5bea;outline-offset:1px}
.seating-total{margin:0 0 0 auto;font-weight:600}
`;

let panels = 0;

export class PricePanel {
  readonly root: HTMLDivElement;
  private readonly totalLine: HTMLParagraphElement;

  constructor(
    doc: Document,
    private readonly book: PriceBook,
    categories: readonly ApiCategory[],
    /** A category's ticket type was chosen: the objects of that category are to be redrawn. */
    private readonly chosen: (categoryKey: string) => void,
  ) {
    const n = ++panels;
    this.root = doc.createElement("div");
    this.root.className = "seating-prices";
    this.root.setAttribute("role", "group");
    const words = book.words;
    this.root.setAttribute("aria-label", words.t("price.bar"));
    for (const c of categories) {
      const types = book.ticketTypes(c.key);
      if (types.length === 0) continue;
      const wrap = doc.createElement("span");
      wrap.className = "seating-ticket-type";
      const id = `seating-ticket-type-${n}-${c.key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
      const label = doc.createElement("label");
      label.htmlFor = id;
      label.textContent = words.t("price.ticketTypeFor", { category: c.label });
      const select = doc.createElement("select");
      select.id = id;
      for (const t of types) {
        const option = doc.createElement("option");
        option.value = t.key;
        option.textContent = words.t("price.ticketTypeOption", { label: t.label, price: book.format(t.amount) });
        select.appendChild(option);
      }
      const current = book.chosen.get(c.key);
      if (current !== undefined) select.value = current;
      select.addEventListener("change", () => {
        book.choose(c.key, select.value);
        this.chosen(c.key);
      });
      wrap.append(label, select);
      this.root.appendChild(wrap);
    }
    this.totalLine = doc.createElement("p");
    this.totalLine.className = "seating-total";
    this.root.appendChild(this.totalLine);
  }

  /** Shows the selection's total: its locked prices, the fees apart. */
  showTotal(total: { amount: number; fee: number } | null): void {
    const words = this.book.words;
    if (total === null) {
      this.totalLine.textContent = words.t("price.totalNone");
      return;
    }
    const amount = this.book.format(total.amount);
    this.totalLine.textContent =
      total.fee > 0 ? words.t("price.totalWithFees", { amount, fee: this.book.format(total.fee) }) : words.t("price.total", { amount });
  }
}
