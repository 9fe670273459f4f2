/**
 * The designer checks every scene with the API's own layout schema (src/domain/layout-schema.ts,
 * bundled for the browser): one set of rules, so a draft the designer accepts is a draft the API
 * accepts, and a duplicate label is refused before anything is saved.
 */
import { layoutSchema } from "../domain/layout-schema";
import type { Scene } from "./actions";

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

/** A problem in words a person can act on: "sections.0.rows.2.seats.4.label: duplicate …" names the section and row. */
export function describeProblem(scene: Scene, p: Problem): string {
  const m = /^sections\.(\d+)(?:\.rows\.(\d+))?/.exec(p.path);
  if (m) {
    const section = scene.sections[Number(m[1])];
    const row = m[2] !== undefined ? section?.rows[Number(m[2])] : undefined;
    const where = section ? `Section ${section.key}${row ? `, row ${row.label}` : ""}` : p.path;
    return `${where}: ${p.message}`;
  }
  const g = /^generalAdmission\.(\d+)/.exec(p.path);
  if (g) return `GA area ${scene.generalAdmission[Number(g[1])]?.label ?? g[1]}: ${p.message}`;
  return p.path ? `${p.path}: ${p.message}` : p.message;
}
