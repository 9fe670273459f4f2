/**
 * The people's side in pure functions: validation messages in plain words, category
 * colours that stand apart, the sales plot's round ticks, a buyer's refusal in a sentence, and
 * the hold countdown's clock.
 */
import { describe, expect, it } from "vitest";
import { counted, isSchemaWording, plainMessage } from "../src/domain/plain-messages";
import { CATEGORY_PALETTE, nextCategoryColour } from "../src/designer/palette";
import { countTicks, timeTicks } from "../src/dashboard/pages/plot-axes";
import { buyerMessage } from "../src/sdk/buyer-messages";
import { ENGLISH } from "../src/sdk/words";

describe("plain messages", () => {
  it("turns zod's wording into the GOV.UK phrase for the field", () => {
    expect(plainMessage("Order id", "Invalid input: expected string, received undefined")).toBe("Enter an order id");
    expect(plainMessage("Name", "Too small: expected string to have >=1 characters")).toBe("Enter a name");
    expect(plainMessage("Name", "Too big: expected string to have <=255 characters")).toBe("Name must be 255 characters or fewer");
    expect(plainMessage("Quantity", "Too small: expected number to be >=1")).toBe("Quantity must be 1 or more");
    expect(plainMessage("Quantity", "Invalid input: expected int, received number")).toBe("Quantity must be a whole number");
    expect(plainMessage("URL", "Invalid URL")).toMatch(/^Enter URL as a web address/);
    expect(plainMessage("", "Invalid input: expected string, received undefined")).toBe("Enter a value");
  });

  it("keeps a message written for people, after its label", () => {
    expect(plainMessage("Name", "must be unique")).toBe("Name must be unique");
    expect(plainMessage("Objects", "Select objects or give an order id")).toBe("Objects: Select objects or give an order id");
    expect(isSchemaWording("Select objects or give an order id")).toBe(false);
    expect(isSchemaWording("Invalid input: expected string, received undefined")).toBe(true);
  });

  it("pluralises", () => {
    expect(counted(1, "section", "sections")).toBe("1 section");
    expect(counted(0, "section", "sections")).toBe("0 sections");
  });
});

describe("category colours", () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };

  it("each has 3:1 against the map's background and white, and differs from the one before", () => {
    for (const c of CATEGORY_PALETTE) {
      expect(contrast(c, "#f7f8fb")).toBeGreaterThanOrEqual(3);
      expect(contrast(c, "#ffffff")).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(CATEGORY_PALETTE).size).toBe(CATEGORY_PALETTE.length);
  });

  it("a new category takes the first colour not in use", () => {
    expect(nextCategoryColour([])).toBe(CATEGORY_PALETTE[0]);
    expect(nextCategoryColour([CATEGORY_PALETTE[0].toUpperCase()])).toBe(CATEGORY_PALETTE[1]);
    expect(nextCategoryColour(["#123456", CATEGORY_PALETTE[1]])).toBe(CATEGORY_PALETTE[0]);
    expect(CATEGORY_PALETTE).toContain(nextCategoryColour([...CATEGORY_PALETTE]));
  });
});

describe("the sales plot's ticks", () => {
  it("counts in round steps from 0", () => {
    expect(countTicks(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countTicks(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countTicks(130).ticks).toEqual([0, 50, 100, 150]);
  });

  it("time on whole steps, at most about six, in UTC", () => {
    const t0 = Date.parse("2026-11-26T20:03:00Z");
    const ticks = timeTicks(t0, t0 + 40 * 60_000);
    expect(ticks.map((t) => t.label)).toEqual(["20:15", "20:30"]);
    expect(timeTicks(t0, t0 + 3 * 86_400_000).length).toBeLessThanOrEqual(6);
  });
});

describe("a buyer's refusal in words", () => {
  const seat = { what: "Seat B-5-5" };
  it("says why, per reason", () => {
    const failed = (reason: string) => ({
      code: "seat_unavailable",
      message: "One or more seats cannot be held; nothing was held",
      failed: [{ objectLabel: "B-5-5", reason }],
    });
    expect(buyerMessage(failed("held"), seat)).toBe("Seat B-5-5 was just taken — choose another seat");
    expect(buyerMessage(failed("held"), { ...seat, known: true })).toBe("Seat B-5-5 is taken — choose another seat");
    expect(buyerMessage(failed("booked"), seat)).toBe("Seat B-5-5 is already booked — choose another seat");
    expect(buyerMessage(failed("not_for_sale"), seat)).toBe("Seat B-5-5 is not for sale — choose another seat");
    expect(buyerMessage(failed("max_total"), { ...seat, limit: 10 })).toBe("You can select up to 10 seats");
    expect(buyerMessage(failed("max_per_category"), { ...seat, limit: 2, categoryName: "VIP" })).toBe("You can select up to 2 seats in VIP");
    expect(buyerMessage({ code: "network_error", message: "TypeError" }, seat)).toMatch(/check your connection/);
  });
});

it("the countdown reads minutes and seconds", () => {
  expect(ENGLISH.remaining(9 * 60_000 + 5_000)).toBe("9:05");
  expect(ENGLISH.remaining(500)).toBe("0:01");
  expect(ENGLISH.remaining(-3)).toBe("0:00");
  expect(ENGLISH.remaining(3_725_000)).toBe("1:02:05");
});
