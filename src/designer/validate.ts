/**
 * The designer checks every scene with the API's own layout schema (src/domain/layout-schema.ts,
 * bundled for the browser): one set of rules, so a draft the designer accepts is a draft the API
 * accepts, and a duplicate label is refused before anything is saved.
 */
import { isSchemaWording, plainMessage } from "../domain/plain-messages";
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

/** "Where: message", with zod's own wording turned into words for people ("Section Stalls must be …"). */
function said(where: string, message: string): string {
  return isSchemaWording(message) ? plainMessage(where, message) : `${where}: ${message}`;
}

/** A problem in words a person can act on: "sections.0.rows.2.seats.4.label: duplicate …" names the section and row. */
export function describeProblem(scene: Scene, p: Problem): string {
  const m = /^sections\.(\d+)(?:\.rows\.(\d+))?/.exec(p.path);
  if (m) {
    const section = scene.sections[Number(m[1])];
    const row = m[2] !== undefined ? section?.rows[Number(m[2])] : undefined;
    const where = section ? `${section.label}${row ? `, row ${row.label}` : ""}` : p.path;
    return said(where, p.message);
  }
  const g = /^generalAdmission\.(\d+)/.exec(p.path);
  if (g) return said(`GA area ${scene.generalAdmission[Number(g[1])]?.label ?? g[1]}`, p.message);
  return p.path ? said(p.path, p.message) : plainMessage("", p.message);
}
