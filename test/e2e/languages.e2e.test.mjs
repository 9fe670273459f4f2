/**
 * The buyer's map in the buyer's language: a German map and list found by role and accessible
 * name (the layout's own German names of sections and categories included), the page's `<html
 * lang>` followed without the option, an Arabic map laid out right to left with the venue itself
 * not mirrored, the `messages` override, an unknown language in English with one console warning,
 * the waiting room's queue in German and Arabic, and axe in German and Arabic, map and list, at
 * 1280 and 390 px. Writes docs/buyer-map-ar.png.
 */
import { describe, expect, inject, it } from "vitest";
import { openMap, seriousViolations, useBrowser, waitForStatus, waitForText } from "./browser.mjs";
import { clubLayout, TERRACE } from "./club-layout.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The club's stand with its sections and categories also named in German and Arabic; a new event on it. */
async function translatedEvent() {
  api.translatedChart ??= (async () => {
    const layout = clubLayout();
    const names = { lower: ["Unterrang", "المدرج السفلي"], upper: ["Oberrang", "المدرج العلوي"], terrace: ["Familienstehplätze", "منطقة العائلات"] };
    for (const c of layout.categories) c.labels = { de: names[c.key][0], ar: names[c.key][1] };
    layout.sections[0].labels = { de: "Nord 1", ar: "الشمال 1" };
    layout.sections[1].labels = { de: "Nord 2", ar: "الشمال 2" };
    const chart = await api.call("POST", "/api/v1/charts", { name: "Club stand in three languages", draftVersion: layout });
    await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    return chart.chartKey;
  })();
  const { eventKey } = await api.call("POST", "/api/v1/events", { chartKey: await api.translatedChart });
  await api.call("POST", `/api/v1/events/${eventKey}/seats/not-for-sale`, { objectLabels: ["N1-F-12"] });
  return eventKey;
}

const box = (locator) => locator.evaluate((el) => el.getBoundingClientRect().toJSON());

describe("a German buyer", () => {
  it("finds the map, its legend and the list by German names, the venue's own German names included", async () => {
    const eventKey = await translatedEvent();
    const { page, context, errors } = await openMap(browser(), e2e, eventKey, { language: "de" });
    const root = page.locator(".seating-root");
    expect(await root.getAttribute("lang")).toBe("de");
    expect(await root.getAttribute("dir")).toBe("ltr");
    expect(await page.evaluate(() => window.chart.language)).toBe("de");

    // The map: seats named in German, the section and category as the venue translated them.
    const wheelchair = page.getByRole("button", { name: "Platz N1-A-1, Nord 1, Unterrang, Rollstuhlplatz, stufenloser Zugang, frei", exact: true });
    expect(await wheelchair.count()).toBe(1);
    for (const name of ["Vergrößern", "Verkleinern", "Ganzen Plan zeigen", "Aus einer Liste wählen"])
      expect(await page.getByRole("button", { name }).count()).toBe(1);
    const legend = await page.getByLabel("Legende").textContent();
    for (const entry of [
      "Unterrang",
      "Oberrang",
      "Familienstehplätze",
      "Ihre Auswahl",
      "Reserviert",
      "Verkauft",
      "Nicht im Verkauf",
      "Rollstuhlplatz",
      "Begleitplatz",
    ])
      expect(legend).toContain(entry);
    expect(await page.locator(".seating-section-label").allTextContents()).toEqual(["Nord 1", "Nord 2"]);
    expect(await page.locator(".seating-stage-mark text").textContent()).toBe("Bühne");

    // A hold: the seat's name, the live region, the countdown.
    await page.getByRole("button", { name: /^Platz N1-C-5, Nord 1, Oberrang, frei$/ }).click();
    await waitForStatus(page, "N1-C-5", "selected");
    expect(await page.locator('[data-object-label="N1-C-5"]').getAttribute("aria-label")).toBe("Platz N1-C-5, Nord 1, Oberrang, ausgewählt");
    await waitForText(page.locator(".seating-root > .seating-sr"), /^Platz N1-C-5 ausgewählt$/);
    const timer = page.getByRole("timer", { name: "Verbleibende Zeit, um Ihre Plätze zu buchen" });
    expect(await timer.textContent()).toMatch(/^Noch 1?\d:\d\d reserviert$/);

    // A refusal, told in German where the buyer looks.
    await page.locator('[data-object-label="N1-F-12"]').click();
    await page.getByRole("alert").filter({ hasText: "Platz N1-F-12 ist nicht im Verkauf – bitte wählen Sie einen anderen Platz" }).waitFor({ timeout: 5000 });
    expect(await page.getByRole("button", { name: "Meldung schließen" }).count()).toBe(1);

    // The list: sections, rows and seats by German names; the filter; the terrace's form.
    await page.getByRole("button", { name: "Aus einer Liste wählen" }).click();
    const list = page.getByRole("region", { name: "Plätze als Liste" });
    await list.getByRole("button", { name: "Nord 1, 72 Plätze" }).click();
    expect(await list.getByRole("group", { name: "Nord 1, Reihe B" }).count()).toBe(1);
    const listSeat = list.getByRole("button", { name: "Nord 1, Reihe A, Platz 1, Unterrang, Rollstuhlplatz, stufenloser Zugang, frei", exact: true });
    expect(await listSeat.count()).toBe(1);
    expect(await list.getByRole("button", { name: "Nord 1, Reihe C, Platz 5, Oberrang, ausgewählt" }).getAttribute("aria-pressed")).toBe("true");
    await list.getByRole("checkbox", { name: "Rollstuhl- und Begleitplätze" }).check();
    expect(await list.getByRole("button", { name: "Nord 1, 4 Rollstuhl- und Begleitplätze" }).count()).toBe(1);
    await list.getByRole("checkbox", { name: "Rollstuhl- und Begleitplätze" }).uncheck();
    const terrace = list.getByRole("form", { name: TERRACE });
    expect(await terrace.locator(".seating-list-area-status").textContent()).toBe("Stehplätze, Familienstehplätze, 300 Plätze frei.");
    await terrace.getByRole("spinbutton", { name: `Plätze in ${TERRACE}` }).fill("2");
    await terrace.getByRole("button", { name: `Plätze in ${TERRACE} reservieren` }).click();
    await waitForText(terrace.locator(".seating-list-area-status"), /^Stehplätze, Familienstehplätze, 298 Plätze frei, 2 für Sie reserviert\.$/);
    await list.getByRole("button", { name: "Sitzplan zeigen" }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is spoken to in the page's language without the option, a region formatting its own way", async () => {
    const eventKey = await translatedEvent();
    const { page, context } = await openMap(browser(), e2e, eventKey, { pageLang: "de-AT" });
    expect(await page.evaluate(() => window.chart.language)).toBe("de-AT");
    expect(await page.locator(".seating-root").getAttribute("lang")).toBe("de-AT");
    expect(await page.getByRole("button", { name: "Aus einer Liste wählen" }).count()).toBe(1);
    await context.close();
  });
});

describe("an Arabic buyer", () => {
  it("gets the chart laid out right to left, and the venue drawn as it is built", async () => {
    const eventKey = await translatedEvent();
    const arabic = await openMap(browser(), e2e, eventKey, { language: "ar" });
    const english = await openMap(browser(), e2e, eventKey, { language: "en" });
    const { page } = arabic;
    const root = page.locator(".seating-root");
    expect(await root.getAttribute("dir")).toBe("rtl");
    expect(await root.getAttribute("lang")).toBe("ar");
    // The toolbar and the legend run from the right: the list button right of the zoom buttons,
    // the legend's first entry at its right edge (at its left edge in English).
    const listButton = await box(page.getByRole("button", { name: "الاختيار من قائمة" }));
    const zoom = await box(page.locator(".seating-controls"));
    expect(listButton.x).toBeGreaterThan(zoom.x);
    const firstEntryInset = async (p, side) => {
      const legend = await box(p.locator(".seating-legend"));
      const first = await box(p.locator(".seating-legend-item").first());
      return side === "right" ? legend.right - first.right : first.left - legend.left;
    };
    expect(await firstEntryInset(page, "right")).toBeLessThan(20);
    expect(await firstEntryInset(english.page, "left")).toBeLessThan(20);
    const englishList = await box(english.page.getByRole("button", { name: "Choose from a list" }));
    expect(englishList.x).toBeLessThan(listButton.x);
    // The venue is not mirrored: each seat and the stage where the English map draws them.
    for (const label of ["N1-A-1", "N2-F-12"]) {
      const a = await box(page.locator(`[data-object-label="${label}"]`));
      const e = await box(english.page.locator(`[data-object-label="${label}"]`));
      expect(Math.abs(a.x - e.x) + Math.abs(a.y - e.y)).toBeLessThan(1);
    }
    expect((await box(page.locator('[data-object-label="N1-A-1"]'))).x).toBeLessThan((await box(page.locator('[data-object-label="N2-A-1"]'))).x);
    expect(await page.locator(".seating-map").evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    // Names in Arabic, the venue's Arabic names included; the legend in Arabic.
    // Each part of the name isolated (FSI … PDI), so a Latin label keeps its place inside Arabic.
    const name = await page.locator('[data-object-label="N1-A-1"]').getAttribute("aria-label");
    expect(name.replace(/[\u2068\u2069]/g, "")).toBe("المقعد N1-A-1، الشمال 1، المدرج السفلي، مكان لكرسي متحرك، دخول بلا درج، متاح");
    expect(name.startsWith("\u2068المقعد \u2068N1-A-1\u2069\u2069، ")).toBe(true);
    expect(await page.getByLabel("مفتاح المخطط").textContent()).toContain("غير معروض للبيع");
    await page.locator("#seating").screenshot({ path: "docs/buyer-map-ar.png" });
    // The list runs right to left too.
    await page.getByRole("button", { name: "الاختيار من قائمة" }).click();
    const section = page.getByRole("button", { name: /^.*الشمال 1.*مقعدًا$/ });
    expect(await section.evaluate((el) => [getComputedStyle(el).direction, getComputedStyle(el).textAlign])).toEqual(["rtl", "start"]);
    await section.click();
    const seatButton = page.locator('.seating-list-seat[data-object-label="N1-A-1"]');
    const sectionBox = await box(section);
    const seatBox = await box(seatButton);
    // Text starts at the right edge: the button's text ends near its right side.
    const textRight = await seatButton.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    });
    expect(seatBox.x + seatBox.width - textRight).toBeLessThan(20);
    expect(sectionBox.width).toBeGreaterThan(200);
    expect(arabic.errors).toEqual([]);
    await arabic.context.close();
    await english.context.close();
  });
});

describe("the integrator's words and an unknown language", () => {
  it("replaces single messages, keeping the catalog's others", async () => {
    const eventKey = await translatedEvent();
    const { page, context } = await openMap(browser(), e2e, eventKey, {
      language: "de",
      messages: { "map.showList": "Plätze als Liste wählen", "legend.booked": "Schon vergeben" },
    });
    expect(await page.getByRole("button", { name: "Plätze als Liste wählen" }).count()).toBe(1);
    expect(await page.getByLabel("Legende").textContent()).toContain("Schon vergeben");
    expect(await page.getByRole("button", { name: "Vergrößern" }).count()).toBe(1);
    await context.close();
  });

  it("speaks English for a language it has no catalog for, with one console warning and no catalog fetched", async () => {
    const eventKey = await translatedEvent();
    const context = await browser().newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const warnings = [];
    const catalogs = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning") warnings.push(msg.text());
    });
    page.on("request", (req) => {
      if (req.url().includes("/i18n/")) catalogs.push(req.url());
    });
    await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: eventKey, language: "tlh" })}`);
    await page.waitForSelector("body[data-rendered=true]", { timeout: 30_000 });
    expect(await page.getByRole("button", { name: "Choose from a list" }).count()).toBe(1);
    expect(await page.locator('[data-object-label="N1-A-1"]').getAttribute("aria-label")).toBe(
      "Seat N1-A-1, North 1, Lower tier, wheelchair space, step-free access, available",
    );
    expect(await page.evaluate(() => window.chart.language)).toBe("en");
    const ours = warnings.filter((w) => w.startsWith("SeatingChart"));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('"tlh"');
    expect(catalogs).toEqual([]);
    await context.close();
  });
});

describe("the waiting room's queue", () => {
  for (const [language, heading, place, live] of [
    ["de", "Warteraum", /Sie sind in der Warteschlange\. Der Verkauf beginnt um .*Geschätzte Wartezeit/, "Sie sind in der Warteschlange"],
    ["ar", "غرفة الانتظار", /أنت في قائمة الانتظار\..*مدة الانتظار المتوقعة/, "أنت في قائمة الانتظار"],
  ])
    it(`speaks ${language} while the buyer waits, and the map follows in ${language}`, async () => {
      const eventKey = await translatedEvent();
      const opensAt = new Date(Date.now() + 5000).toISOString();
      await api.call("PUT", `/api/v1/events/${eventKey}/waiting-room`, { enabled: true, opensAt, admitPerMinute: 600, sessionMinutes: 10 });
      const context = await browser().newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: eventKey, language })}`);
      await page.getByRole("heading", { name: heading }).waitFor({ timeout: 10_000 });
      expect(await page.locator(".seating-queue").textContent()).toMatch(place);
      await waitForText(page.locator(".seating-queue [role=status]"), new RegExp(live));
      expect(await page.locator(".seating-root").getAttribute("dir")).toBe(language === "ar" ? "rtl" : "ltr");
      expect(await seriousViolations(page)).toEqual([]);
      await page.waitForSelector("body[data-rendered=true]", { timeout: 30_000 });
      expect(await page.locator(".seating-root").getAttribute("lang")).toBe(language);
      await context.close();
    }, 60_000);
});

describe("no serious or critical axe violation", () => {
  for (const language of ["de", "ar"])
    for (const mode of ["map", "list"])
      for (const [width, viewport] of [
        ["1280", { width: 1280, height: 860 }],
        ["390", PHONE],
      ])
        it(`in ${language}, ${mode} mode, ${width} px`, async () => {
          const eventKey = await translatedEvent();
          const { page, context } = await openMap(browser(), e2e, eventKey, {
            language,
            mode: mode === "list" ? "list" : undefined,
            viewport,
            ...(viewport === PHONE ? { hasTouch: true, isMobile: true } : {}),
          });
          if (mode === "list") await page.locator(".seating-list-section").first().click();
          expect(await seriousViolations(page)).toEqual([]);
          await context.close();
        });
});
