/**
 * The draft's round trips to the server as the page shows them: save the whole draft with
 * If-Match, and when someone else saved first (412), offer to reload theirs or to save this one as
 * a new chart; the save-state line says which version is saved and whether changes are not.
 * The requests themselves are draft-api.ts.
 */
import { EMPTY_SCENE } from "../actions";
import type { Editor } from "../editor";
import { checkScene, describeProblem } from "../validate";
import { loadDraft, saveCopy, saveDraft } from "./draft-api";
import { $ } from "./form-fields";
import { showNotice, showProblems } from "./page-messages";
import { pageWords, say } from "./words";

/** How many of a draft's problems the error summary lists. */
const SHOWN_PROBLEMS = 10;

export class DraftSaving {
  private saving = false;
  /** Why the last save failed, until one succeeds: the save state says so while changes are unsaved. */
  private failedSave: string | null = null;
  /** Set while leaving on purpose (after a save as copy): no unsaved-changes question. */
  leaving = false;

  constructor(
    private readonly chartKey: string,
    private readonly chartName: string,
    private readonly editor: Editor,
    /** Called after a save ends (the page shows the new state) and after a reload (to fit the view). */
    private readonly after: { saved(): void; reloaded(): void },
  ) {}

  /** Saves the whole draft if it is a valid layout; a conflict or a refusal is shown, nothing is lost. */
  async save(): Promise<void> {
    if (this.saving) return;
    const editor = this.editor;
    const checked = checkScene(editor.scene);
    if (!checked.ok)
      return showProblems(
        say("save.invalid"),
        checked.problems.slice(0, SHOWN_PROBLEMS).map((p) => describeProblem(editor.scene, p, pageWords)),
      );
    this.saving = true;
    const scene = editor.scene;
    this.showState("saving", say("save.saving"));
    try {
      const result = await saveDraft(this.chartKey, checked.scene, editor.version);
      if (result.ok) {
        this.failedSave = null;
        editor.markSaved(result.version, scene);
        $("conflict").hidden = true;
        showNotice(say("save.done", { version: result.version }));
      } else if (result.failure.code === "precondition_failed") {
        this.failedSave = "conflict";
        const box = $("conflict");
        $("conflict-message").textContent = say("conflict.message", { message: result.failure.message });
        box.hidden = false;
        box.focus();
      } else {
        this.failedSave = result.failure.message;
        const details = Object.entries(result.failure.errors ?? {}).map(([path, msgs]) => msgs.map((m) => pageWords.problem(path, m)).join(", "));
        showProblems(say("save.refused", { message: result.failure.message }), details);
      }
    } catch (err) {
      this.failedSave = "network";
      showProblems(say("save.offline"), [String(err)]);
    } finally {
      this.saving = false;
      this.after.saved();
    }
  }

  /** Reads the draft again (after a conflict): a new history from the server's version. */
  async reload(): Promise<void> {
    const read = await loadDraft(this.chartKey);
    if (!read.ok) return showProblems(say("page.readFailed", { message: read.failure.message }), []);
    const checked = checkScene(read.layout);
    this.editor.reset(checked.ok ? checked.scene : EMPTY_SCENE, read.version);
    this.failedSave = null;
    $("conflict").hidden = true;
    showNotice(say("save.reloaded", { version: read.version }));
    this.after.reloaded();
  }

  /** Saves this draft as a new chart and opens it in the designer. */
  async saveAsCopy(): Promise<void> {
    const result = await saveCopy(say("save.copyName", { name: this.chartName }), this.editor.scene);
    if (!result.ok) return showProblems(say("save.copyFailed", { message: result.failure.message }), []);
    this.leaving = true;
    window.location.assign(`/dashboard/charts/${encodeURIComponent(result.chartKey)}/design`);
  }

  /** Shows whether the draft is saved (nothing while a save is on its way: it says "Saving…"). */
  showSavedState(): void {
    if (this.saving) return;
    if (this.failedSave && this.editor.dirty) this.showState("unsaved", say("save.unsavedFailed"));
    else if (this.editor.dirty) this.showState("unsaved", say("save.unsaved"));
    else this.showState("saved", say("save.saved", { version: this.editor.version }));
  }

  private showState(state: string, text: string): void {
    const n = $("save-state");
    n.dataset.state = state;
    n.textContent = text;
  }
}
