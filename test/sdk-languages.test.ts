/**
 * The buyer's language in pure functions (docs/languages.md): messages with plurals by each language's
 * rules (Polish one/few/many, Arabic zero/one/two/few/many), numbers and prices by Intl (JPY with
 * no minor unit), values isolated in right-to-left text, the language a chart chooses and the
 * catalog it loads, and the layout's own translations of names.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MessageLocale, isRightToLeft, parseMessage } from "../src/domain/message-format";
import { currencyDigits, formatPrice } from "../src/domain/price-format";
import { labelFor } from "../src/domain/translated-names";
import { buyerMessage } from "../src/sdk/buyer-messages";
import de from "../src/sdk/catalogs/de";
import { EN } from "../src/sdk/catalogs/en";
import { chooseLanguage, loadWords } from "../src/sdk/language";
import { localizeLayout } from "../src/sdk/layout-labels";
import { seatName } from "../src/sdk/seat-name";
import type { ObjectsRead } from "../src/sdk/api";
import type { SeatObject } from "../src/sdk/types";
import { Words } from "../src/sdk/words";

const FSI = "\u2068";
const PDI = "\u2069";

describe("messages", () => {
  const en = new MessageLocale("en");
  const seats = "{n, plural, =0 {no seats} one {# seat} other {# seats}}";

  it("fills values and picks plural forms, an exact value first", () => {
    expect(en.format("Seat {label} selected", { label: "A-1-2" })).toBe("Seat A-1-2 selected");
    expect([0, 1, 2, 1234].map((n) => en.format(seats, { n }))).toEqual(["no seats", "1 seat", "2 seats", "1,234 seats"]);
    expect(en.format("{kind, select, vip {VIP lounge} other {Seat}}", { kind: "vip" })).toBe("VIP lounge");
    expect(en.format("{kind, select, vip {VIP lounge} other {Seat}}", { kind: "constructor" })).toBe("Seat");
  });

  it("uses Polish one, few and many", () => {
    const pl = new MessageLocale("pl");
    const text = "{n, plural, one {# miejsce} few {# miejsca} many {# miejsc} other {# miejsca}}";
    expect([1, 2, 4, 5, 12, 22, 25, 1.5].map((n) => pl.format(text, { n }))).toEqual([
      "1 miejsce",
      "2 miejsca",
      "4 miejsca",
      "5 miejsc",
      "12 miejsc",
      "22 miejsca",
      "25 miejsc",
      "1,5 miejsca",
    ]);
  });

  it("uses Arabic zero, one, two, few, many and other, in Arabic's digits, with values isolated", () => {
    const ar = new MessageLocale("ar");
    expect(ar.rtl).toBe(true);
    // Which digits "ar" writes (Arabic-Indic or Latin) is the runtime's CLDR's choice; Intl decides.
    const digits = new Intl.NumberFormat("ar");
    const text = "{n, plural, zero {z} one {o} two {t} few {f #} many {m #} other {x #}}";
    expect([0, 1, 2, 3, 10, 11, 99, 100].map((n) => ar.format(text, { n }))).toEqual(
      ["z", "o", "t", "f 3", "f 10", "m 11", "m 99", "x 100"].map((s) => s.replace(/\d+/, (d) => digits.format(Number(d)))),
    );
    expect(new MessageLocale("ar-EG").number(12)).toBe("١٢");
    expect(ar.format("المقعد {label}", { label: "A-1-2" })).toBe(`المقعد ${FSI}A-1-2${PDI}`);
    expect(new MessageLocale("de").format("Platz {label}", { label: "A-1-2" })).toBe("Platz A-1-2");
  });

  it("formats numbers in the language", () => {
    expect(new MessageLocale("de").format("{n} frei", { n: 12345 })).toBe("12.345 frei");
    expect(new MessageLocale("fr").number(12345)).toBe("12\u202f345");
    expect(new MessageLocale("ja").number(12345)).toBe("12,345");
  });

  it("never throws on a malformed message and keeps what it cannot read", () => {
    expect(en.format("a { b", {})).toBe("a { b");
    expect(en.format("{n, plural, one {x}", { n: 1 })).toBe("{n, plural, one {x}");
    expect(en.format("{missing} here")).toBe("{missing} here");
    expect(parseMessage("# outside a plural")).toEqual(["# outside a plural"]);
  });

  it("knows which languages are written right to left", () => {
    expect(["ar", "ar-EG", "he", "fa-IR"].every(isRightToLeft)).toBe(true);
    expect(["en", "de-AT", "ja", "arn"].some(isRightToLeft)).toBe(false);
  });
});

describe("prices", () => {
  it("reads minor units by the currency's digits, JPY with none", () => {
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("jpy")).toBe(0);
    expect(currencyDigits("BHD")).toBe(3);
    expect(formatPrice(4500, "EUR", "de")).toBe("45,00\u00a0€");
    expect(formatPrice(123456, "USD", "en")).toBe("$1,234.56");
    expect(formatPrice(4500, "JPY", "ja")).toBe("￥4,500");
    expect(formatPrice(4500, "JPY", "en")).toBe("¥4,500");
    expect(formatPrice(1250, "BHD", "en")).toBe("BHD\u00a01.250");
    expect(formatPrice(4500, "EUR", "fr")).toBe("45,00\u00a0€");
    expect(formatPrice(4500, "EUR", "ar-EG")).toMatch(/٤٥٫٠٠/);
  });

  it("writes an unknown currency as the amount and its code", () => {
    expect(formatPrice(1999, "XXQ1", "en")).toBe("19.99 XXQ1");
  });
});

describe("choosing the language", () => {
  it("takes the option, else the page's lang, else English; a region speaks its language's catalog", () => {
    expect(chooseLanguage("de", "fr")).toEqual({ tag: "de", catalog: "de" });
    expect(chooseLanguage(undefined, "fr-CA")).toEqual({ tag: "fr-CA", catalog: "fr" });
    expect(chooseLanguage("de-at", undefined)).toEqual({ tag: "de-AT", catalog: "de" });
    expect(chooseLanguage(undefined, "")).toEqual({ tag: "en", catalog: "en" });
    expect(chooseLanguage(undefined, undefined)).toEqual({ tag: "en", catalog: "en" });
    expect(chooseLanguage("sv", "de")).toBeNull();
    expect(chooseLanguage("not a tag", undefined)).toBeNull();
  });
});

describe("loading the words", () => {
  afterEach(() => vi.restoreAllMocks());

  it("falls back to English with one warning for a language without a catalog", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, "fetch");
    const first = await loadWords("https://seats.example", "tlh-unit", undefined);
    const second = await loadWords("https://seats.example", "tlh-unit", undefined);
    expect(first.language).toBe("en");
    expect(second.t("map.showList")).toBe("Choose from a list");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/tlh-unit.*English/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches the catalog of the language once, English filling a missing message, the integrator's words on top", async () => {
    const { ["map.stage"]: _left, ...partial } = de;
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ ...partial, "not.an.id": "x" }));
    const words = await loadWords("https://seats.example", "de-AT", { "map.showList": "Liste der Plätze" });
    await loadWords("https://seats.example", "de", undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe("https://seats.example/sdk/v5.11.0/i18n/de.json");
    expect(words.language).toBe("de-AT");
    expect(words.dir).toBe("ltr");
    expect(words.t("legend.booked")).toBe("Verkauft");
    expect(words.t("map.stage")).toBe(EN["map.stage"]);
    expect(words.t("map.showList")).toBe("Liste der Plätze");
    expect(words.t("list.section", { section: "Parkett", count: 1 })).toBe("Parkett, 1 Platz");
  });

  it("warns once about override ids it does not know", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const words = await loadWords("https://seats.example", "en", { "map.nope": "x", "map.zoomIn": "Closer" } as never);
    expect(words.t("map.zoomIn")).toBe("Closer");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("map.nope");
  });

  it("speaks English with a warning when the catalog cannot be fetched", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("gone", { status: 404 }));
    const words = await loadWords("https://down.example", "pl", undefined);
    expect(words.language).toBe("en");
    expect(words.t("legend.booked")).toBe("Booked");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("the words of the map", () => {
  const seat: SeatObject = { objectLabel: "A-3-12", objectType: "seat", categoryKey: "p", sectionKey: "a", sectionLabel: "Parkett", rowLabel: "3" };

  it("names a seat in German and in Arabic, lists joined the language's way", () => {
    const german = new Words("de", de);
    expect(seatName({ ...seat, features: ["wheelchair"] }, "Premium", { status: "free" }, german)).toBe(
      "Parkett, Reihe 3, Platz 12, Premium, Rollstuhlplatz, frei",
    );
    const arabic = new Words("ar", { "list.separator": "، ", "seat.row": "الصف {row}", "seat.number": "المقعد {seat}", "status.free": "متاح" });
    const name = seatName(seat, "Premium", { status: "free" }, arabic);
    expect(name.split("، ")).toHaveLength(5);
    expect(name.startsWith(`${FSI}Parkett${PDI}`)).toBe(true);
    expect(name).toContain(`المقعد ${FSI}12${PDI}`);
  });

  it("tells a refusal in the buyer's language", () => {
    const german = new Words("de", de);
    const failed = { code: "seat_unavailable", message: "x", failed: [{ objectLabel: "B-5-5", reason: "held" }] };
    expect(buyerMessage(failed, { what: german.t("seat.label", { label: "B-5-5" }) }, german)).toBe(
      "Platz B-5-5 wurde gerade vergeben – bitte wählen Sie einen anderen Platz",
    );
    expect(buyerMessage({ code: "max_selected_objects", message: "x" }, { what: "", reason: "max_total", limit: 1 }, german)).toBe(
      "Sie können höchstens 1 Platz auswählen",
    );
  });

  it("counts down in the language's digits", () => {
    expect(new Words("ar-EG").remaining(65_000)).toBe("١:٠٥");
    expect(new Words("de").remaining(3_725_000)).toBe("1:02:05");
  });
});

describe("names the layout translates", () => {
  it("picks the tag, then its language, then a region of it", () => {
    const labels = { de: "Parkett", "pt-BR": "Plateia", "DE-ch": "Parkett (CH)" };
    expect(labelFor(labels, "de-CH")).toBe("Parkett (CH)");
    expect(labelFor(labels, "de-AT")).toBe("Parkett");
    expect(labelFor(labels, "pt")).toBe("Plateia");
    expect(labelFor(labels, "fr")).toBeUndefined();
    expect(labelFor(undefined, "de")).toBeUndefined();
  });

  it("puts category and section names of the chart's language in place", () => {
    const read: ObjectsRead = {
      eventKey: "e",
      categories: [
        { key: "p", label: "Premium", color: "#123456", labels: { de: "Premium-Kategorie" } },
        { key: "s", label: "Standard", color: "#654321" },
      ],
      objects: [{ ...seatOf("A-1-1") }, { ...seatOf("B-1-1"), sectionKey: "b", sectionLabel: "Balcony" }],
      rows: [],
      sectionLabels: { a: { de: "Parkett", fr: "Parterre" } },
    };
    const german = localizeLayout(read, "de-DE");
    expect(german.categories.map((c) => c.label)).toEqual(["Premium-Kategorie", "Standard"]);
    expect(german.objects.map((o) => (o.objectType === "seat" ? o.sectionLabel : ""))).toEqual(["Parkett", "Balcony"]);
    expect(read.categories[0]!.label).toBe("Premium");
  });
});

function seatOf(label: string): SeatObject {
  return { objectLabel: label, objectType: "seat", categoryKey: "p", sectionKey: "a", sectionLabel: "Stalls" };
}
