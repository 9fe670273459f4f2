import { describe, expect, it } from "vitest";
import { feeOf, totalOf, unitQuote } from "../src/domain/price-quote";
import type { Pricing } from "../src/domain/pricing";
import { seatName } from "../src/sdk/seat-name";
import { currencyDigits, decimalText, formatPrice, minorOf } from "../src/domain/price-format";
import { PriceBook } from "../src/sdk/prices";
import de from "../src/sdk/catalogs/de";
import { addEnglish, ENGLISH, Words } from "../src/sdk/words";
import { EN_VENUE } from "../src/sdk/catalogs/en-venue";
import type { ApiObject, AreaObject, SeatObject } from "../src/sdk/types";
import { tableName } from "../src/sdk/venue-names";

type TableObject = Extract<ApiObject, { objectType: "table" }>;

/** The arithmetic of prices and the words the seat map puts them in (docs/prices.md). */

const PRICING: Pricing = {
  currency: "EUR",
  categories: {
    stalls: { amount: 4500 },
    balcony: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  channels: { presale: { stalls: 3900 } },
  fee: { percent: 2.5, fixed: 50 },
};

const seat = (label: string, categoryKey: string): SeatObject => ({
  objectLabel: label,
  objectType: "seat",
  categoryKey,
  sectionKey: "A",
  sectionLabel: "Section A",
  rowLabel: "1",
});
const area: AreaObject = { objectLabel: "Floor", objectType: "generalAdmission", categoryKey: "stalls", capacity: 50, remaining: 50, label: "Floor" };

describe("the arithmetic", () => {
  it("rounds a percentage fee half up to a minor unit and adds the fixed part, in integers", () => {
    expect(feeOf(1250, { percent: 2.5 })).toBe(31); // 31.25
    expect(feeOf(1260, { percent: 2.5 })).toBe(32); // 31.5 → 32
    expect(feeOf(1, { percent: 50 })).toBe(1); // 0.5 → 1
    expect(feeOf(4500, { percent: 2.55, fixed: 50 })).toBe(115 + 50); // 114.75 → 115
    expect(feeOf(999_999_999, { percent: 100 })).toBe(999_999_999);
    expect(feeOf(4500, undefined)).toBe(0);
  });

  it("prices by ticket type (the first by default) and by channel, whatever the type", () => {
    expect(unitQuote(PRICING, "balcony", null)).toMatchObject({ kind: "price", amount: 3000, ticketType: "adult" });
    expect(unitQuote(PRICING, "balcony", null, "child")).toMatchObject({ amount: 1500, fee: 88, ticketType: "child" });
    expect(unitQuote(PRICING, "balcony", null, "senior")).toMatchObject({ kind: "unknown_ticket_type" });
    expect(unitQuote(PRICING, "stalls", "presale")).toMatchObject({ amount: 3900, fee: 148 });
    expect(unitQuote(PRICING, "opera", null)).toEqual({ kind: "not_priced" });
    expect(totalOf([{ amount: 1, fee: 2, currency: "EUR" }, undefined, { amount: 3, fee: 4, currency: "EUR" }])).toEqual({
      amount: 4,
      fee: 6,
      currency: "EUR",
    });
    expect(
      totalOf([
        { amount: 1, fee: 2, currency: "EUR" },
        { amount: 3, fee: 4, currency: "USD" },
      ]),
    ).toBeNull();
  });
});

describe("the words", () => {
  it("formats minor units with the currency's own digits in the page's language", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    expect(formatPrice(4550, "EUR", "en")).toBe("€45.50");
    expect(formatPrice(4550, "EUR", "de").replace(/\s/g, " ")).toBe("45,50 €");
    expect(formatPrice(125000, "JPY", "en")).toBe("¥125,000");
    expect(formatPrice(5, "EUR", "en")).toBe("€0.05");
    expect(formatPrice(1234567, "BHD", "en")).toMatch(/1,234\.567/);
  });

  it("reads what a venue types into minor units exactly, and writes it back", () => {
    expect(minorOf("45", "EUR")).toBe(4500);
    expect(minorOf("45.5", "EUR")).toBe(4550);
    expect(minorOf("45,50", "EUR")).toBe(4550);
    expect(minorOf("1 250", "JPY")).toBe(1250);
    expect(minorOf("0.29", "EUR")).toBe(29);
    expect(minorOf("12.345", "EUR")).toBeNull();
    expect(minorOf("12.5", "JPY")).toBeNull();
    expect(minorOf("-3", "EUR")).toBeNull();
    expect(minorOf("abc", "EUR")).toBeNull();
    expect(decimalText(4550, "EUR")).toBe("45.50");
    expect(decimalText(5, "EUR")).toBe("0.05");
    expect(decimalText(1250, "JPY")).toBe("1250");
    expect(decimalText(1234, "BHD")).toBe("1.234");
  });

  it("gives the legend's 'from', each seat's price, the hold's ticket types and the running total", () => {
    const book = new PriceBook(PRICING, ["NO_CHANNEL", "presale"], (l) => (l === "A-1-1" ? "presale" : null), ENGLISH);
    expect(book.categoryText("stalls")).toBe("€45.00");
    expect(book.categoryText("balcony")).toBe("from €15.00");
    expect(book.categoryText("opera")).toBeUndefined();
    expect(book.text(seat("A-1-1", "stalls"))).toBe("€39.00");
    expect(book.text(seat("A-1-2", "balcony"))).toBe("€30.00");
    expect(book.ticketTypesFor(seat("A-1-2", "balcony"), 1)).toBeUndefined();
    book.choose("balcony", "child");
    expect(book.text(seat("A-1-2", "balcony"))).toBe("€15.00");
    expect(book.ticketTypesFor(seat("A-1-2", "balcony"), 1)).toEqual({ "A-1-2": "child" });
    expect(book.ticketTypes("stalls")).toEqual([]);
    expect(book.ticketTypes("balcony").map((t) => t.key)).toEqual(["adult", "child"]);
    book.locked.set("A-1-1", { amount: 3900, fee: 148, currency: "EUR" });
    const objects = new Map<string, SeatObject | AreaObject>([
      ["A-1-1", seat("A-1-1", "stalls")],
      ["A-1-2", seat("A-1-2", "balcony")],
      ["Floor", area],
    ]);
    const held = [
      { objectLabel: "A-1-1", quantity: 1 },
      { objectLabel: "A-1-2", quantity: 1 },
      { objectLabel: "Floor", quantity: 2 },
    ];
    expect(book.total(held, (l) => objects.get(l))).toEqual({ amount: 3900 + 1500 + 2 * 4500, fee: 148 + 88 + 2 * 163 });
  });

  it("writes prices in the chart's language, with its catalog's words", () => {
    const book = new PriceBook(PRICING, ["NO_CHANNEL"], () => null, new Words("de", de));
    expect(book.categoryText("stalls")?.replace(/\s/g, " ")).toBe("45,00 €");
    expect(book.categoryText("balcony")?.replace(/\s/g, " ")).toBe("ab 15,00 €");
  });

  it("puts the price in a seat's accessible name, after its category", () => {
    expect(seatName(seat("A-1-2", "balcony"), "Balcony", { status: "free", price: "€30.00" })).toBe("Section A, row 1, seat 2, Balcony, €30.00, available");
    expect(seatName(seat("A-1-2", "balcony"), "Balcony", { status: "free" })).toBe("Section A, row 1, seat 2, Balcony, available");
  });

  it("prices a table at its seats' prices together: in its name, its total, and not at all when a seat has none", () => {
    const atTable = (label: string, categoryKey: string): SeatObject => ({ ...seat(label, categoryKey), tableLabel: "T1" });
    const table: TableObject = {
      objectLabel: "T1",
      objectType: "table",
      categoryKey: "stalls",
      sectionKey: "A",
      sectionLabel: "Section A",
      shape: "round",
      seatLabels: ["T1-1", "T1-2", "T1-3"],
    };
    const objects = new Map<string, ApiObject>([
      ["T1", table],
      ["T1-1", atTable("T1-1", "stalls")],
      ["T1-2", atTable("T1-2", "stalls")],
      ["T1-3", atTable("T1-3", "balcony")],
    ]);
    const book = new PriceBook(
      PRICING,
      ["NO_CHANNEL"],
      () => null,
      ENGLISH,
      (l) => objects.get(l),
    );
    // Two stalls seats at 45.00 and a balcony seat at its first ticket type, 30.00; each seat's fee.
    expect(book.unit(table)).toEqual({ amount: 4500 + 4500 + 3000, fee: 163 + 163 + 125, ticketType: null });
    expect(book.text(table)).toBe("€120.00");
    // A ticket type chosen for a category changes the tables with seats of it.
    book.choose("balcony", "child");
    expect(book.text(table)).toBe("€105.00");
    // The venue part brings its English words as it loads (venue.ts).
    addEnglish(EN_VENUE);
    const name = tableName(table, "Stalls", { status: "free", price: "€105.00" }, ENGLISH);
    expect(name).toBe("Table T1, 3 seats, Section A, Stalls, €105.00, available");
    // Held whole, the table adds the price its hold locked (the server's sum of its seats').
    book.locked.set("T1", { amount: 10500, fee: 401, currency: "EUR" });
    expect(book.total([{ objectLabel: "T1", quantity: 1 }], (l) => objects.get(l))).toEqual({ amount: 10500, fee: 401 });
    // A hold restored after a reload, whose answer the map never saw: what the table costs now.
    book.locked.clear();
    expect(book.total([{ objectLabel: "T1", quantity: 1 }], (l) => objects.get(l))).toEqual({ amount: 10500, fee: 163 + 163 + 88 });
    // A seat without a price: the table has none (the server refuses it as not_priced).
    objects.set("T1-3", atTable("T1-3", "opera"));
    const again = new PriceBook(
      PRICING,
      ["NO_CHANNEL"],
      () => null,
      ENGLISH,
      (l) => objects.get(l),
    );
    expect(again.unit(table)).toBeNull();
    expect(again.text(table)).toBeUndefined();
  });
});
