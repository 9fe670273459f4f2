/**
 * The designer page's state and its commands: the editor (scene, selection, history), the
 * renderer that draws it, the camera, and the draft's saving. Every change goes through
 * {@link Designer.apply}, which runs an action's result through the editor (checked with the
 * API's layout schema) and shows a refusal instead of making it. Implements the command table's
 * target (../commands.ts), so keys, buttons and the shortcut list all run the same methods.
 */
import { copySections, deleteObjects, moveAreas, moveSections, rotateSections, setFocalPoint, type Scene } from "../actions";
import type { CommandTarget } from "../commands";
import { Editor, NOTHING, type Selection } from "../editor";
import { CanvasCamera } from "./canvas-camera";
import { DraftSaving } from "./draft-saving";
import { $ } from "./form-fields";
import { clearProblems, showNotice, showProblems } from "./page-messages";
import { showEditor } from "./page-view";
import { Renderer } from "./scene-renderer";
import { findBooth, findTable, moveBooth, moveTable } from "../venue-edits";
import { removeBooths, removeTables } from "../venue-actions";
import { pageWords, say } from "./words";

/** Screen pixels one arrow press pans the view when nothing is selected. */
const PAN_STEP = 60;

export class Designer implements CommandTarget {
  readonly editor: Editor;
  readonly renderer: Renderer;
  readonly camera: CanvasCamera;
  readonly drafts: DraftSaving;
  /** After "Place the stage": the next click on the drawing (or Enter) places it. */
  placingStage = false;

  constructor(
    readonly chartKey: string,
    chartName: string,
    scene: Scene,
    version: number,
  ) {
    this.editor = new Editor(scene, version, pageWords);
    this.renderer = new Renderer($("canvas"));
    this.camera = new CanvasCamera(this.renderer);
    this.drafts = new DraftSaving(chartKey, chartName, this.editor, { saved: () => this.refresh("selection"), reloaded: () => this.fit() });
    this.editor.onChange((why) => this.refresh(why));
  }

  /** Shows the editor's scene and selection in the drawing and the page. */
  refresh(why: "scene" | "selection"): void {
    showEditor(this.editor, this.renderer, this.drafts, why);
  }

  /** Runs an action's result through the editor; a refusal is shown and changes nothing. */
  apply(next: Scene, selection?: Selection, done?: string): boolean {
    const result = this.editor.apply(next, selection);
    if (!result.ok) {
      showProblems(say("edit.refused"), result.problems);
      return false;
    }
    clearProblems();
    if (done) showNotice(done);
    return true;
  }

  /** Whether anything is selected that moves (sections, GA areas, a table or a booth). */
  private get somethingMovable(): boolean {
    const sel = this.editor.selection;
    return sel.sections.size > 0 || sel.areas.size > 0 || Boolean(sel.table ?? sel.booth);
  }

  undo(): void {
    this.editor.undo();
  }

  redo(): void {
    this.editor.redo();
  }

  save(): void {
    void this.drafts.save();
  }

  copySelected(): void {
    const keys = this.editor.selection.sections;
    if (keys.size === 0) return showProblems(say("edit.copyNone"), [say("edit.copySelectFirst")]);
    const { scene, copies } = copySections(this.editor.scene, keys, undefined, (name) => say("edit.copyName", { name }));
    this.apply(scene, { ...NOTHING, sections: new Set(copies) }, say("edit.copied", { keys: copies.join(", ") }));
  }

  deleteSelected(): void {
    const sel = this.editor.selection;
    if (!this.somethingMovable) return showProblems(say("edit.deleteNone"), [say("edit.deleteSelectFirst")]);
    if (sel.table) return void this.apply(removeTables(this.editor.scene, new Set([sel.table])), NOTHING, say("venue.tableRemoved", { label: sel.table }));
    if (sel.booth) return void this.apply(removeBooths(this.editor.scene, new Set([sel.booth])), NOTHING, say("venue.boothRemoved", { label: sel.booth }));
    this.apply(deleteObjects(this.editor.scene, sel.sections, sel.areas), NOTHING, say("edit.deleted"));
  }

  selectAllSeats(): void {
    const all = new Set<string>();
    for (const s of this.editor.scene.sections) for (const r of s.rows) for (const seat of r.seats) all.add(seat.label);
    this.editor.select({ ...NOTHING, seats: all });
  }

  clearSelection(): void {
    this.stopPlacingStage();
    this.editor.select(NOTHING);
  }

  /** Places the stage (the focal point) at `at` in layout units, else at the middle of the view. */
  placeStage(at?: { x: number; y: number }): void {
    this.stopPlacingStage();
    this.apply(setFocalPoint(this.editor.scene, at ?? this.camera.centre()), undefined, say("stage.placed"));
  }

  /** Starts or stops waiting for a click that places the stage. */
  togglePlacingStage(): void {
    this.placingStage = !this.placingStage;
    $("place-stage").setAttribute("aria-pressed", String(this.placingStage));
    if (this.placingStage) showNotice(say("stage.clickMap"));
  }

  private stopPlacingStage(): void {
    this.placingStage = false;
    $("place-stage").setAttribute("aria-pressed", "false");
  }

  /**
   * Moves what is selected by (dx, dy) layout units: one step in the history. A chosen table or
   * booth moves alone (it is what the person picked last); else the selected sections and areas.
   */
  move(dx: number, dy: number): void {
    const sel = this.editor.selection;
    if (!this.somethingMovable) return;
    if (sel.table) {
      const next = moveTable(this.editor.scene, sel.table, dx, dy);
      const t = findTable(next, sel.table)?.table;
      return void this.apply(next, undefined, say("venue.tableMoved", { label: sel.table, x: t?.x ?? 0, y: t?.y ?? 0 }));
    }
    if (sel.booth) {
      const next = moveBooth(this.editor.scene, sel.booth, dx, dy);
      const b = findBooth(next, sel.booth)?.booth;
      return void this.apply(next, undefined, say("venue.boothMoved", { label: sel.booth, x: b?.x ?? 0, y: b?.y ?? 0 }));
    }
    this.apply(moveAreas(moveSections(this.editor.scene, sel.sections, dx, dy), sel.areas, dx, dy));
  }

  nudge(dx: number, dy: number): void {
    if (this.somethingMovable) this.move(dx, dy);
    else this.pan(-Math.sign(dx) * PAN_STEP, -Math.sign(dy) * PAN_STEP);
  }

  rotate(degrees: number): void {
    const sel = this.editor.selection.sections;
    if (sel.size === 0) return;
    this.apply(rotateSections(this.editor.scene, sel, degrees));
  }

  pan(dx: number, dy: number): void {
    this.camera.pan(dx, dy);
  }

  zoom(factor: number, at?: { x: number; y: number }): void {
    this.camera.zoom(factor, at);
  }

  fit(): void {
    this.camera.fit();
  }
}
