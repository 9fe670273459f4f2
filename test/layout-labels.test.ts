/**
 * Translations of names in layouts (docs/languages.md): `labels` on categories and sections are
 * validated (BCP 47 tags, names of 1 to 255 characters, a language once), kept by draft and
 * published reads, given back by the event's objects reads (full and compact, a restart and a
 * staged publish included), and changing them has no publish impact. The designer writes them one
 * language per line.
 */
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseTranslations, setTranslations, translationsOf, translationsText } from "../src/designer/translations";
import { parseLayout } from "../src/domain/layout-schema";
import { api, call, expectError, expectOk, newEvent, smallLayout, stubOf, token } from "./support/fixtures";

type Layout = ReturnType<typeof smallLayout> & {
  categories: { key: string; label: string; color: string; labels?: Record<string, string> }[];
  sections: { key: string; label: string; labels?: Record<string, string> }[];
};

/** The small layout with German and French names for a category and the section. */
function translated(stalls = "Parkett"): Layout {
  const layout = smallLayout(4, 20) as Layout;
  layout.categories[0]!.labels = { de: stalls, fr: "Orchestre" };
  layout.sections[0]!.labels = { de: "Block A", "pt-BR": "Setor A" };
  return layout;
}

describe("labels in the layout", () => {
  it("are kept by the draft and published reads and given back by both objects reads", async () => {
    const f = await newEvent({ layout: translated() });
    const published = await call("GET", `/api/v1/charts/${f.chartKey}/published`, { key: f.sk });
    expect(published.body.categories[0].labels).toEqual({ de: "Parkett", fr: "Orchestre" });
    expect(published.body.sections[0].labels).toEqual({ de: "Block A", "pt-BR": "Setor A" });
    const draft = await call("GET", `/api/v1/charts/${f.chartKey}/draft`, { key: f.sk });
    expect(draft.body.sections[0].labels).toEqual({ de: "Block A", "pt-BR": "Setor A" });

    const full = await api.objects(f);
    expectOk(full);
    expect(full.body.categories[0]).toEqual({ key: "stalls", label: "Stalls", color: "#4f7cff", labels: { de: "Parkett", fr: "Orchestre" } });
    expect(full.body.categories[1]).not.toHaveProperty("labels");
    expect(full.body.sectionLabels).toEqual({ A: { de: "Block A", "pt-BR": "Setor A" } });
    const compact = await api.objects(f, "?format=compact");
    expect(compact.body.categories[0].labels).toEqual({ de: "Parkett", fr: "Orchestre" });
    expect(compact.body.sectionLabels).toEqual({ A: { de: "Block A", "pt-BR": "Setor A" } });
    const some = await api.objects(f, "?format=compact&labels=A-1-1");
    expect(some.body.sectionLabels).toEqual({ A: { de: "Block A", "pt-BR": "Setor A" } });

    await evictDurableObject(stubOf(f));
    expect((await api.objects(f)).body.sectionLabels).toEqual({ A: { de: "Block A", "pt-BR": "Setor A" } });
    expect((await api.objects(f, "?format=compact")).body.categories[0].labels).toEqual({ de: "Parkett", fr: "Orchestre" });
  });

  it("a layout without translations reads as before", async () => {
    const f = await newEvent();
    expect((await api.objects(f)).body).not.toHaveProperty("sectionLabels");
    expect((await api.objects(f, "?format=compact")).body).not.toHaveProperty("sectionLabels");
  });

  it("changing them is no publish impact, with seats held and booked, and reaches the event", async () => {
    const f = await newEvent({ layout: translated() });
    const holdToken = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken }));
    expectOk(await api.book(f, { objectLabels: ["A-1-2"], holdToken }));
    const next = translated("Parterre (de)");
    delete next.sections[0]!.labels;
    expectOk(await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: next } }));
    const check = await call("GET", `/api/v1/charts/${f.chartKey}/publish-check`, { key: f.sk });
    expectOk(check);
    expect(check.body.affected).toEqual([]);
    expectOk(await call("POST", `/api/v1/charts/${f.chartKey}/publish`, { key: f.sk }));
    const full = await api.objects(f);
    expect(full.body.categories[0].labels).toEqual({ de: "Parterre (de)", fr: "Orchestre" });
    expect(full.body).not.toHaveProperty("sectionLabels");
  });

  it.each([
    ["a tag that is not BCP 47", { de_DE: "Parkett" }, "categories.0.labels.de_DE"],
    ["an empty name", { de: "" }, "categories.0.labels.de"],
    ["a name of 256 characters", { de: "x".repeat(256) }, "categories.0.labels.de"],
    ["one language twice", { de: "Parkett", DE: "Parkett" }, "categories.0.labels.DE"],
    ["a name that is not text", { de: 7 }, "categories.0.labels.de"],
  ])("refuses %s, naming the path", async (_what, labels, path) => {
    const layout = smallLayout() as Layout;
    layout.categories[0]!.labels = labels as never;
    const f = await newEvent();
    const res = await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain(`draftVersion.${path}`);
  });

  it("refuses a bad section translation too", async () => {
    const layout = smallLayout() as Layout;
    layout.sections[0]!.labels = { "en-": "Stalls" };
    const f = await newEvent();
    const res = await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain("draftVersion.sections.0.labels.en-");
  });
});

describe("translations in the designer", () => {
  it("reads one language per line and says which line is wrong", () => {
    expect(parseTranslations("de: Parkett\n\n pt-BR :  Plateia \nja: 1階席")).toEqual({ labels: { de: "Parkett", "pt-BR": "Plateia", ja: "1階席" } });
    expect(parseTranslations("")).toEqual({ labels: {} });
    expect(parseTranslations("de Parkett\nfr_FR: Orchestre\nde: A\nDE: B\nit: ")).toEqual({
      errors: [
        "Line 1 must be a language, a colon and the name, for example de: Parkett",
        'Line 2: "fr_FR" is not a language tag; use one like de, fr or pt-BR',
        "Line 4: DE is named twice",
        "Line 5: the name must be 1 to 255 characters",
      ],
    });
    expect(translationsText({ de: "Parkett", fr: "Orchestre" })).toBe("de: Parkett\nfr: Orchestre");
  });

  it("sets and removes a category's or section's translations, leaving the rest as it was, and the API accepts the result", () => {
    const scene = parseLayout(smallLayout());
    const one = setTranslations(scene, { kind: "section", key: "A" }, { de: "Block A" });
    expect(translationsOf(one, { kind: "section", key: "A" })).toEqual({ de: "Block A" });
    expect(one.categories).toBe(scene.categories);
    const two = setTranslations(one, { kind: "category", key: "balcony" }, { fr: "Balcon" });
    expect(two.categories[1]).toEqual({ key: "balcony", label: "Balcony", color: "#ff7c4f", labels: { fr: "Balcon" } });
    expect(two.categories[0]).toBe(scene.categories[0]);
    expect(parseLayout(two)).toEqual(two);
    const none = setTranslations(two, { kind: "section", key: "A" }, {});
    expect(none.sections[0]).not.toHaveProperty("labels");
    expect(translationsOf(none, { kind: "category", key: "gone" })).toBeUndefined();
  });
});
