/**
 * The designer checks every scene with the API's own layout schema (src/domain/layout-schema.ts,
 * bundled for the browser): one set of rules, so a draft the designer accepts is a draft the API
 * accepts, and a duplicate label is refused before anything is saved.
 */
import { layoutSchema } from "../domain/layout-schema";
import type { Scene } from "./actions";
import { ENGLISH, type DesignerWords } from "./words";

/** One problem: where (a dotted path into the layout) and what. */
export interface Problem {
  path: string;
  message: string;
}

/** The scene as the API would store it, or the problems the API would answer 400 with. */
export function checkScene(scene: unknown): { ok: true; scene: Scene } | { ok: false; problems: Problem[] } {
  const result = layoutSchema.safeParse(scene);
  if (result.success) return { ok: true, scene: result.data };
  return { ok: false, problems: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) };
}

/**
 * A problem in words a person can act on, in the language of `words`: "sections.0.rows.2.seats.4.label:
 * duplicate …" names the section and row, and zod's own wording becomes words for people
 * ("Section Stalls must be …").
 */
export function describeProblem(scene: Scene, p: Problem, words: DesignerWords = ENGLISH): string {
  const m = /^sections\.(\d+)(?:\.rows\.(\d+))?/.exec(p.path);
  if (m) {
    const section = scene.sections[Number(m[1])];
    const row = m[2] !== undefined ? section?.rows[Number(m[2])] : undefined;
    const where = section ? (row ? words.t("problem.inRow", { section: section.label, row: row.label }) : section.label) : p.path;
    return words.problem(where, p.message);
  }
  const g = /^generalAdmission\.(\d+)/.exec(p.path);
  if (g) return words.problem(words.t("problem.area", { label: scene.generalAdmission[Number(g[1])]?.label ?? g[1]! }), p.message);
  return words.problem(p.path, p.message);
}
