/**
 * The keys the designer makes. Section keys: the letters a section gets when nobody names it (A, B,
 * C …), and the key of a section a person named, which is the name itself so that `{section}` in its
 * seat labels reads as they called it ("N1-A-1" for a stand named N1), not as a hidden letter. The
 * keys of categories, zones and floors: made from their names (keyFor).
 */
import type { Layout } from "../domain/layout";
import { generateSection, placementOf } from "./generate";

/** The next section key: A, B, C … Z, then AA … */
export function nextSectionKey(scene: Layout): string {
  const taken = new Set(scene.sections.map((s) => s.key));
  for (let i = 0; ; i++) {
    let n = i + 1;
    let key = "";
    for (; n > 0; n = Math.floor((n - 1) / 26)) key = String.fromCharCode(65 + ((n - 1) % 26)) + key;
    if (!taken.has(key)) return key;
  }
}

/**
 * The key of a section named `name`: the name itself, so that `{section}` in its seat labels is
 * what the person called it ("N1-A-1" for a stand named N1), with "-2", "-3" … after a name
 * another section's key already is.
 */
export function sectionKeyFor(scene: Layout, name: string, except?: string): string {
  const base = name.trim().slice(0, 120) || nextSectionKey(scene);
  const taken = new Set(scene.sections.map((s) => s.key).filter((k) => k !== except));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * A generated section renamed while its seat labels may still follow its name (a chart never
 * published): its key becomes the new name and its seats are labelled again from it. Other
 * sections, and sections made elsewhere, keep their key.
 */
export function rekeySection(scene: Layout, key: string, name: string): { scene: Layout; key: string } {
  const s = scene.sections.find((x) => x.key === key);
  if (!s?.generator || !name.trim()) return { scene, key };
  const next = sectionKeyFor(scene, name, key);
  if (next === key) return { scene, key };
  const section = generateSection(s.generator, { ...placementOf(s), key: next, label: name.trim() }, s);
  return { scene: { ...scene, sections: scene.sections.map((x) => (x.key === key ? section : x)) }, key: next };
}

/** A key not yet in `taken`: `base`, else base2, base3 … */
function freeKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}

/** A key from a name: lower-case letters, digits and dashes (`fallback` for a name with none of them), not in `taken`. */
export function keyFor(name: string, fallback: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || fallback;
  return freeKey(base, taken);
}
