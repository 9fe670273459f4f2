/**
 * The chart designer's browser module (docs/dashboard.md#the-chart-designer), loaded by /dashboard/charts/{key}/design:
 * reads the draft, builds the designer (designer.ts: editor, renderer, camera, saving) and wires
 * what people do to it: the page's controls (controls.ts), keys from the command table
 * (keyboard.ts, ../commands.ts) and the pointer on the drawing (pointer-input.ts).
 */
import { EMPTY_SCENE } from "../actions";
import { checkScene } from "../validate";
import { attachControls } from "./controls";
import { Designer } from "./designer";
import { loadDraft } from "./draft-api";
import { $, input } from "./form-fields";
import { attachKeyboard } from "./keyboard";
import { attachPointer } from "./pointer-input";
import { nextCategoryColour } from "../palette";
import { say } from "./words";

async function boot(): Promise<void> {
  const root = document.getElementById("designer");
  if (!root) return;
  const started = performance.now();
  const chartKey = root.dataset.chartKey!;
  const read = await loadDraft(chartKey);
  if (!read.ok) {
    $("save-state").textContent = say("page.readFailed", { message: read.failure.message });
    return;
  }
  const checked = checkScene(read.layout);
  const designer = new Designer(chartKey, root.dataset.chartName ?? chartKey, checked.ok ? checked.scene : EMPTY_SCENE, read.version);
  attachControls(designer);
  attachKeyboard(designer);
  attachPointer(designer);
  designer.refresh("scene");
  designer.fit();
  input("category-colour").value = nextCategoryColour(designer.editor.scene.categories.map((c) => c.color));
  window.addEventListener("beforeunload", (e) => {
    if (!designer.editor.dirty || designer.drafts.leaving) return;
    e.preventDefault();
    e.returnValue = "";
  });
  root.dataset.readyMs = String(Math.round(performance.now() - started));
  // Since navigation started: what a person waits from the click to a drawing they can work on.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  root.dataset.readyAt = String(Math.round(performance.now()));
  root.dataset.ready = "true";
}

void boot().catch((err: unknown) => {
  const n = document.getElementById("save-state");
  if (n) n.textContent = say("page.startFailed", { message: err instanceof Error ? err.message : String(err) });
});
