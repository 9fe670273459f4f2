/**
 * The layout as a file: export the scene as JSON (a download), import one back. An import goes
 * through the editor like any change, so it is checked with the layout schema and undoable.
 */
import { NOTHING } from "../editor";
import { checkScene } from "../validate";
import type { Designer } from "./designer";
import { showNotice, showProblems } from "./page-messages";
import { pageWords, say } from "./words";

/** How many of an imported file's problems the error summary lists. */
const SHOWN_PROBLEMS = 10;

/** Downloads the scene as `<chartKey>-layout.json`. */
export function exportLayout(d: Designer): void {
  const blob = new Blob([JSON.stringify(d.editor.scene, null, 2)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${d.chartKey}-layout.json`;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; the URL is kept a while for browsers that read it late.
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  showNotice(say("file.exported", { file: a.download }));
}

/** Makes a layout JSON file the scene, if it is a valid layout; undo goes back to the scene before. */
export async function importLayout(d: Designer, file: File): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return showProblems(say("file.notJson", { file: file.name }), []);
  }
  const checked = checkScene(parsed);
  if (!checked.ok)
    return showProblems(
      say("file.invalid", { file: file.name }),
      checked.problems.slice(0, SHOWN_PROBLEMS).map((p) => pageWords.problem(p.path, p.message)),
    );
  if (d.apply(checked.scene, NOTHING, say("file.imported", { file: file.name }))) d.fit();
}
