/**
 * The editor: the scene's history, the selection and the saved state, with no DOM. Every change
 * goes through {@link Editor.apply}: the action's result is checked with the API's layout schema
 * and refused (the scene stays as it was) when the API would refuse it, so a duplicate label never
 * reaches a save. The page (client/main.ts) and the renderer listen and only read.
 */
import { seatsOfSections, type Scene } from "./actions";
import { findBooth, findTable } from "./venue-edits";
import { canRedo, canUndo, commit, redo, startHistory, undo, type History } from "./undo-history";
import { checkScene, describeProblem } from "./validate";
import { ENGLISH, type DesignerWords } from "./words";

export interface Selection {
  /** Whole sections: what moves, turns, copies and deletes. */
  sections: ReadonlySet<string>;
  /** Seats: what a category is assigned to. */
  seats: ReadonlySet<string>;
  /** GA areas. */
  areas: ReadonlySet<string>;
  /** One table, by label: what the table form edits and the arrow keys move. */
  table?: string;
  /** One booth, by label. */
  booth?: string;
}

export const NOTHING: Selection = { sections: new Set(), seats: new Set(), areas: new Set() };

/** Every object label a category would go to: the selected seats, the seats of selected sections, the selected areas. */
export function selectedObjects(scene: Scene, selection: Selection): Set<string> {
  return new Set([...selection.seats, ...seatsOfSections(scene, selection.sections), ...selection.areas]);
}

export type ApplyResult = { ok: true } | { ok: false; problems: string[] };

export class Editor {
  private history: History<Scene>;
  private saved: Scene;
  selection: Selection = NOTHING;
  private readonly listeners = new Set<(why: "scene" | "selection") => void>();

  constructor(
    scene: Scene,
    /** The draftVersion the scene was read at (the If-Match of the next save). */
    public version: number,
    /** The language a refusal's problems are told in. */
    private readonly words: DesignerWords = ENGLISH,
  ) {
    this.history = startHistory(scene);
    this.saved = scene;
  }

  get scene(): Scene {
    return this.history.present;
  }

  get dirty(): boolean {
    return this.history.present !== this.saved;
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
  }

  onChange(f: (why: "scene" | "selection") => void): void {
    this.listeners.add(f);
  }

  private emit(why: "scene" | "selection"): void {
    for (const f of this.listeners) f(why);
  }

  /** Makes `next` the scene if the layout schema accepts it; else answers the problems and changes nothing. */
  apply(next: Scene, selection?: Selection): ApplyResult {
    if (next === this.scene) {
      if (selection) this.select(selection);
      return { ok: true };
    }
    const checked = checkScene(next);
    if (!checked.ok) return { ok: false, problems: checked.problems.slice(0, 10).map((p) => describeProblem(next, p, this.words)) };
    this.history = commit(this.history, next);
    if (selection) this.selection = selection;
    this.pruneSelection();
    this.emit("scene");
    return { ok: true };
  }

  undo(): void {
    if (!this.canUndo) return;
    this.history = undo(this.history);
    this.pruneSelection();
    this.emit("scene");
  }

  redo(): void {
    if (!this.canRedo) return;
    this.history = redo(this.history);
    this.pruneSelection();
    this.emit("scene");
  }

  select(selection: Selection): void {
    this.selection = selection;
    this.emit("selection");
  }

  /** The scene was saved as `version`: it is the clean state now. */
  markSaved(version: number, scene: Scene = this.scene): void {
    this.version = version;
    this.saved = scene;
    this.emit("selection");
  }

  /** Starts again from a scene read from the server (reload): a new history. */
  reset(scene: Scene, version: number): void {
    this.history = startHistory(scene);
    this.saved = scene;
    this.version = version;
    this.selection = NOTHING;
    this.emit("scene");
  }

  /** Drops selected things the scene no longer has (after undo, delete …). */
  private pruneSelection(): void {
    const s = this.selection;
    if (s.sections.size + s.seats.size + s.areas.size === 0 && !s.table && !s.booth) return;
    const sections = new Set(this.scene.sections.map((x) => x.key));
    const areas = new Set(this.scene.generalAdmission.map((a) => a.label));
    const seats = new Set<string>();
    if (s.seats.size > 0)
      for (const sec of this.scene.sections) for (const row of sec.rows) for (const seat of row.seats) if (s.seats.has(seat.label)) seats.add(seat.label);
    this.selection = {
      sections: new Set([...s.sections].filter((k) => sections.has(k))),
      seats,
      areas: new Set([...s.areas].filter((k) => areas.has(k))),
    };
    if (s.table && findTable(this.scene, s.table)) this.selection.table = s.table;
    if (s.booth && findBooth(this.scene, s.booth)) this.selection.booth = s.booth;
  }
}
