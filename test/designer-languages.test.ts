/**
 * The chart designer in the dashboard's languages: its page in German by Accept-Language and by
 * the member's Language control, the shortcut list with German key names, the command table's
 * English agreeing with the catalog's, and the designer's checks (translations typed, a layout the
 * schema refuses) told in German.
 */
import { describe, expect, it } from "vitest";
import { chordText, commandLabel, commandNamed, COMMANDS, shortcutText } from "../src/designer/commands";
import { parseTranslations } from "../src/designer/translations";
import { checkScene, describeProblem } from "../src/designer/validate";
import { designerWords, ENGLISH, isDesignerMessageId } from "../src/designer/words";
import type { Scene } from "../src/designer/actions";
import { dash, fetchWorker, ORIGIN, signedIn } from "./support/dashboard";

const GERMAN = designerWords("de-AT");

/** A new chart's designer page as `cookie` sees it, with the headers given. */
async function designerPage(cookie: string, headers: Record<string, string> = {}): Promise<string> {
  const created = await dash<{ chartKey: string }>(cookie, "POST", "/dashboard/api/charts", { name: "Stadthalle" });
  expect(created.status).toBe(201);
  const res = await fetchWorker(`/dashboard/charts/${created.body.chartKey}/design`, { headers: { Cookie: cookie, ...headers } });
  expect(res.status).toBe(200);
  return res.text();
}

describe("the designer page's language", () => {
  it("is German for a browser asking for German: headings, controls, commands and their keys", async () => {
    const { cookie } = await signedIn();
    const html = await designerPage(cookie, { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("<h1>Saalplan Stadthalle gestalten</h1>");
    expect(html).toContain('aria-label="Zeichnung des Saalplans"');
    expect(html).toMatch(/<button type="button" id="add-section">\s*Block hinzufügen\s*<\/button>/);
    expect(html).toMatch(/data-command="undo" aria-keyshortcuts="Control\+Z">Rückgängig<\/button>/);
    expect(html).toContain("<td>Wiederholen</td><td><kbd>Strg+Umschalt+Z oder Strg+Y</kbd></td>");
    expect(html).toContain("Rollstuhlplatz");
    expect(html).toContain("<strong>Stehplatzbereich hinzufügen</strong>");
    for (const english of ["Add section", "Seat map drawing", "Keyboard shortcuts", "Wheelchair space", "Save draft"]) expect(html).not.toContain(english);
  });

  it("follows the member's Language control over the browser's", async () => {
    const { cookie } = await signedIn();
    const chosen = await fetchWorker("/dashboard/language", {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ language: "de", back: "/dashboard/sandbox/charts" }).toString(),
    });
    expect(chosen.status).toBe(303);
    const html = await designerPage(cookie, { "Accept-Language": "en-GB" });
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Übersetzungen speichern");
  });

  it("stays English for an English browser, word for word as the command table says", async () => {
    const { cookie } = await signedIn();
    const html = await designerPage(cookie, { "Accept-Language": "en-US" });
    expect(html).toContain("<h1>Design Stadthalle</h1>");
    expect(html).toContain("<td>Redo</td><td><kbd>Ctrl+Shift+Z or Ctrl+Y</kbd></td>");
  });
});

describe("the designer's words", () => {
  it("holds every command's English label in the catalog, and words it in German", () => {
    for (const c of COMMANDS) {
      expect(isDesignerMessageId(`command.${c.name}`), c.name).toBe(true);
      expect(commandLabel(c)).toBe(c.label);
    }
    expect(commandLabel(commandNamed("redo"), GERMAN)).toBe("Wiederholen");
    expect(commandLabel(commandNamed("redo"))).toBe("Redo");
  });

  it("names keys as German keyboards print them", () => {
    expect(shortcutText(commandNamed("delete"), GERMAN)).toBe("Entf oder Rücktaste");
    expect(shortcutText(commandNamed("move"), GERMAN)).toBe("Pfeiltasten");
    expect(chordText("Shift+Alt+Arrow", GERMAN)).toBe("Umschalt+Alt+Pfeiltasten");
    expect(shortcutText(commandNamed("clear"), GERMAN)).toBe("Esc");
    expect(shortcutText(commandNamed("delete"))).toBe("Delete or Backspace");
  });

  it("tells typed translations' mistakes in German", () => {
    expect(parseTranslations("de Parkett\nxx_1: Parkett\nen: Stalls\nEN: Stalls", GERMAN)).toEqual({
      errors: [
        "Zeile 1 muss aus Sprachkürzel, Doppelpunkt und Name bestehen, zum Beispiel en: Stalls",
        "Zeile 2: „xx_1“ ist kein Sprachkürzel; verwenden Sie eines wie de, fr oder pt-BR",
        "Zeile 4: EN kommt zweimal vor",
      ],
    });
    expect(parseTranslations("de Parkett")).toEqual({ errors: ["Line 1 must be a language, a colon and the name, for example de: Parkett"] });
  });

  it("tells the layout schema's refusals in German, naming the block and row", () => {
    const seat = (label: string) => ({ label, categoryKey: "parkett", x: 0, y: 0 });
    const scene: Scene = {
      categories: [{ key: "parkett", label: "Parkett", color: "#2f5bea" }],
      sections: [{ key: "A", label: "Parkett links", rows: [{ label: "C", seats: [seat("A-C-1"), seat("A-C-1")] }] }],
      generalAdmission: [{ label: "Innenraum", categoryKey: "fehlt", capacity: 0 }],
    };
    const checked = checkScene(scene);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const said = checked.problems.map((p) => describeProblem(scene, p, GERMAN));
    expect(said).toContain("Parkett links, Reihe C: Die Bezeichnung „A-C-1“ kommt mehrfach vor");
    expect(said.some((s) => s.startsWith("Stehplatzbereich Innenraum"))).toBe(true);
    const english = checked.problems.map((p) => describeProblem(scene, p, ENGLISH));
    expect(english.some((s) => s.startsWith("Parkett links, row C"))).toBe(true);
  });
});
