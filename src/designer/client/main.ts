/**
 * The chart designer's browser module (contract §11), loaded by /dashboard/charts/{key}/design.
 * It wires the page's controls to the editor: each control runs a named action (actions.ts) on
 * the scene, the editor checks the result with the API's layout schema and keeps the history, and
 * the renderer draws what the editor holds. Saves send the whole draft with If-Match.
 */
import type { GeneralAdmissionArea } from "../../charts/layout";
import {
  addArea,
  addCategory,
  addSection,
  assignCategory,
  copySections,
  deleteObjects,
  EMPTY_SCENE,
  moveAreas,
  moveSections,
  rotateSections,
  seatsOfRows,
  seatsOfSections,
  setFocalPoint,
  updateArea,
  updateSection,
  type Scene,
} from "../actions";
import { Editor, NOTHING, type Selection } from "../editor";
import { checkScene, describeProblem } from "../validate";
import { attachInput } from "./pointer-input";
import { $, fillSelect, input, readGenerator, select, showSection, type FieldError } from "./form-fields";
import { Renderer } from "./scene-renderer";
import { loadDraft, saveCopy, saveDraft } from "./draft-api";

const DEFAULT_CATEGORY = { name: "Standard", color: "#4f7cff" };

export class Designer {
  readonly editor: Editor;
  readonly renderer: Renderer;
  placingStage = false;
  private saving = false;
  /** Set while leaving on purpose (after a save as copy): no unsaved-changes question. */
  leaving = false;
  private failedSave: string | null = null;

  constructor(
    readonly chartKey: string,
    readonly chartName: string,
    scene: Scene,
    version: number,
  ) {
    this.editor = new Editor(scene, version);
    this.renderer = new Renderer($("canvas"));
    this.editor.onChange((why) => this.refresh(why));
  }

  // ── Messages ────────────────────────────────────────────────────────────────────────────

  /** The error summary at the top (GOV.UK): a title, and each problem linked to its field when it has one. */
  problems(message: string, items: (string | FieldError)[]): void {
    const box = $("error-summary");
    box.querySelector("[data-message]")!.textContent = message;
    const list = box.querySelector("ul")!;
    list.replaceChildren(
      ...items.map((item) => {
        const li = document.createElement("li");
        if (typeof item === "string") li.textContent = item;
        else {
          const a = document.createElement("a");
          a.href = `#${item.id}`;
          a.textContent = item.message;
          li.append(a);
          input(item.id).setAttribute("aria-invalid", "true");
        }
        return li;
      }),
    );
    box.hidden = false;
    box.focus();
  }

  clearProblems(): void {
    $("error-summary").hidden = true;
    for (const n of document.querySelectorAll("[aria-invalid=true]")) n.removeAttribute("aria-invalid");
  }

  notice(text: string): void {
    const n = $("notice");
    n.textContent = text;
    n.hidden = false;
  }

  /** Runs an action's result through the editor; a refusal is shown and changes nothing. */
  apply(next: Scene, selection?: Selection, done?: string): boolean {
    const result = this.editor.apply(next, selection);
    if (!result.ok) {
      this.problems("That change was not made: the layout would not be valid.", result.problems);
      return false;
    }
    this.clearProblems();
    if (done) this.notice(done);
    return true;
  }

  // ── Actions behind the controls ──────────────────────────────────────────────────────────

  /** The category new things get: the one chosen for the selection, else the first, else a new "Standard". */
  private categoryFor(scene: Scene): { scene: Scene; key: string } {
    const chosen = select("assign-category-select").value;
    if (chosen && scene.categories.some((c) => c.key === chosen)) return { scene, key: chosen };
    if (scene.categories.length > 0) return { scene, key: scene.categories[0]!.key };
    return addCategory(scene, DEFAULT_CATEGORY.name, DEFAULT_CATEGORY.color);
  }

  /** The middle of the view, in layout units. */
  viewCentre(): { x: number; y: number } {
    const r = this.renderer.surface.getBoundingClientRect();
    const p = this.renderer.toLayout({ x: r.width / 2, y: r.height / 2 });
    return { x: Math.round(p.x), y: Math.round(p.y) };
  }

  addSection(): void {
    const form = readGenerator();
    if ("errors" in form) return this.problems("The section was not added.", form.errors);
    const { scene, key: categoryKey } = this.categoryFor(this.editor.scene);
    const at = this.viewCentre();
    const before = new Set(scene.sections.map((s) => s.key));
    const next = addSection(scene, { ...form.generator, categoryKey }, { ...at, rotation: form.rotation, label: form.label || undefined });
    const added = next.sections.find((s) => !before.has(s.key))!;
    if (
      this.apply(
        next,
        { ...NOTHING, sections: new Set([added.key]) },
        `${added.label} added: ${form.generator.rows} rows of ${form.generator.seatsPerRow} seats`,
      )
    )
      input("section-name").value = added.label;
  }

  /** A section setting changed: the selected generated section is regenerated with it. */
  sectionSettingChanged(): void {
    const key = this.onlySelectedSection();
    if (!key) return;
    const form = readGenerator();
    if ("errors" in form) return this.problems("The section was not changed.", form.errors);
    const section = this.editor.scene.sections.find((s) => s.key === key)!;
    this.apply(
      updateSection(this.editor.scene, key, {
        generator: section.generator ? form.generator : undefined,
        label: form.label || section.label,
        rotation: form.rotation,
      }),
    );
  }

  onlySelectedSection(): string | null {
    const s = this.editor.selection.sections;
    return s.size === 1 ? [...s][0]! : null;
  }

  copySelected(): void {
    const keys = this.editor.selection.sections;
    if (keys.size === 0) return this.problems("Nothing was copied.", ["Select a section first (click its outline, or choose it under Selected section)."]);
    const { scene, copies } = copySections(this.editor.scene, keys);
    this.apply(scene, { ...NOTHING, sections: new Set(copies) }, `Copied: ${copies.join(", ")}`);
  }

  deleteSelected(): void {
    const sel = this.editor.selection;
    if (sel.sections.size === 0 && sel.areas.size === 0) return this.problems("Nothing was deleted.", ["Select a section or a GA area first."]);
    this.apply(deleteObjects(this.editor.scene, sel.sections, sel.areas), NOTHING, "Deleted. Undo brings it back.");
  }

  move(dx: number, dy: number): void {
    const sel = this.editor.selection;
    if (sel.sections.size === 0 && sel.areas.size === 0) return;
    this.apply(moveAreas(moveSections(this.editor.scene, sel.sections, dx, dy), sel.areas, dx, dy));
  }

  rotate(degrees: number): void {
    const sel = this.editor.selection.sections;
    if (sel.size === 0) return;
    this.apply(rotateSections(this.editor.scene, sel, degrees));
  }

  addCategory(): void {
    const name = input("category-name").value.trim();
    if (!name) return this.problems("The category was not added.", [{ id: "category-name", message: "Enter a category name" }]);
    const { scene, key } = addCategory(this.editor.scene, name, input("category-colour").value);
    if (this.apply(scene, undefined, `Category ${name} added`)) {
      select("assign-category-select").value = key;
      input("category-name").value = "";
    }
  }

  /** Everything a category would go to: selected seats, the seats of selected sections, selected areas. */
  selectedObjects(): Set<string> {
    const sel = this.editor.selection;
    return new Set([...sel.seats, ...seatsOfSections(this.editor.scene, sel.sections), ...sel.areas]);
  }

  assignCategory(): void {
    const key = select("assign-category-select").value;
    const labels = this.selectedObjects();
    if (!key) return this.problems("No category was assigned.", [{ id: "category-name", message: "Add a category first" }]);
    if (labels.size === 0) return this.problems("No category was assigned.", ["Select seats, rows, sections or GA areas first."]);
    const name = this.editor.scene.categories.find((c) => c.key === key)?.label ?? key;
    this.apply(assignCategory(this.editor.scene, labels, key), undefined, `${name} assigned to ${labels.size} ${labels.size === 1 ? "object" : "objects"}`);
  }

  /** Selects seats by typed labels ("A-C-1, A-C-2", or "A-C-*" for a prefix): seat selection without a pointer. */
  selectByLabels(): void {
    const terms = input("select-labels")
      .value.split(",")
      .map((t) => t.trim())
      .filter((t) => t !== "");
    if (terms.length === 0) return this.problems("Nothing was selected.", [{ id: "select-labels", message: "Enter seat labels, separated by commas" }]);
    const exact = new Set(terms.filter((t) => !t.endsWith("*")));
    const prefixes = terms.filter((t) => t.endsWith("*")).map((t) => t.slice(0, -1));
    const seats = new Set<string>();
    for (const s of this.editor.scene.sections)
      for (const r of s.rows) for (const seat of r.seats) if (exact.has(seat.label) || prefixes.some((p) => seat.label.startsWith(p))) seats.add(seat.label);
    if (seats.size === 0) return this.problems("Nothing was selected.", [{ id: "select-labels", message: "No seat has those labels" }]);
    this.clearProblems();
    this.editor.select({ ...NOTHING, seats });
    this.notice(`${seats.size} ${seats.size === 1 ? "seat" : "seats"} selected`);
  }

  widenToRows(): void {
    const sel = this.editor.selection;
    this.editor.select({ ...sel, seats: new Set(seatsOfRows(this.editor.scene, sel.seats)) });
  }

  widenToSections(): void {
    const sel = this.editor.selection;
    const keys = new Set(sel.sections);
    for (const s of this.editor.scene.sections) if (s.rows.some((r) => r.seats.some((x) => sel.seats.has(x.label)))) keys.add(s.key);
    this.editor.select({ ...sel, seats: new Set(), sections: keys });
  }

  private readArea(): { area: Omit<GeneralAdmissionArea, "categoryKey" | "x" | "y"> } | { errors: FieldError[] } {
    const errors: FieldError[] = [];
    const name = input("area-name").value.trim();
    const capacity = Number(input("area-capacity").value);
    const width = Number(input("area-width").value);
    const height = Number(input("area-height").value);
    if (!Number.isInteger(capacity) || capacity < 1) errors.push({ id: "area-capacity", message: "Capacity must be a whole number of at least 1" });
    if (!(width > 0)) errors.push({ id: "area-width", message: "Width must be a number above 0" });
    if (!(height > 0)) errors.push({ id: "area-height", message: "Height must be a number above 0" });
    if (errors.length > 0) return { errors };
    const shape = select("area-shape").value === "ellipse" ? "ellipse" : "rectangle";
    return { area: { label: name, capacity, width, height, shape } };
  }

  addArea(): void {
    const read = this.readArea();
    if ("errors" in read) return this.problems("The GA area was not added.", read.errors);
    const { scene, key } = this.categoryFor(this.editor.scene);
    const taken = new Set(scene.generalAdmission.map((a) => a.label));
    let label = read.area.label;
    if (!label) for (let i = 1; !label || taken.has(label); i++) label = `GA ${i}`;
    const c = this.viewCentre();
    const area: GeneralAdmissionArea = { ...read.area, label, categoryKey: key, x: c.x - read.area.width! / 2, y: c.y - read.area.height! / 2 };
    if (this.apply(addArea(scene, area), { ...NOTHING, areas: new Set([label]) }, `GA area ${label} added with ${area.capacity} places`))
      input("area-name").value = label;
  }

  areaSettingChanged(): void {
    const sel = this.editor.selection.areas;
    if (sel.size !== 1) return;
    const label = [...sel][0]!;
    const read = this.readArea();
    if ("errors" in read) return this.problems("The GA area was not changed.", read.errors);
    const newLabel = read.area.label || label;
    this.apply(updateArea(this.editor.scene, label, { ...read.area, label: newLabel }), { ...NOTHING, areas: new Set([newLabel]) });
  }

  placeStage(at?: { x: number; y: number }): void {
    this.placingStage = false;
    $("place-stage").setAttribute("aria-pressed", "false");
    this.apply(setFocalPoint(this.editor.scene, at ?? this.viewCentre()), undefined, "The stage (focal point) is placed");
  }

  // ── Saving ─────────────────────────────────────────────────────────────────────────────

  async save(): Promise<void> {
    if (this.saving) return;
    const checked = checkScene(this.editor.scene);
    if (!checked.ok)
      return this.problems(
        "The draft was not saved: it is not a valid layout.",
        checked.problems.slice(0, 10).map((p) => describeProblem(this.editor.scene, p)),
      );
    this.saving = true;
    const scene = this.editor.scene;
    this.showSaveState("saving", "Saving…");
    try {
      const result = await saveDraft(this.chartKey, checked.scene, this.editor.version);
      if (result.ok) {
        this.failedSave = null;
        this.editor.markSaved(result.version, scene);
        $("conflict").hidden = true;
        this.notice(`Draft saved as version ${result.version}`);
      } else if (result.failure.code === "precondition_failed") {
        this.failedSave = "conflict";
        const box = $("conflict");
        $("conflict-message").textContent =
          `Someone saved this chart's draft after you opened it, so your changes were not saved (${result.failure.message}). Reload the draft to see theirs (your changes are lost), or save yours as a new chart.`;
        box.hidden = false;
        box.focus();
      } else {
        this.failedSave = result.failure.message;
        const details = Object.entries(result.failure.errors ?? {}).map(([path, msgs]) => `${path}: ${msgs.join(", ")}`);
        this.problems(`The draft was not saved: ${result.failure.message}`, details);
      }
    } catch (err) {
      this.failedSave = "network";
      this.problems("The draft was not saved: the server could not be reached.", [String(err)]);
    } finally {
      this.saving = false;
      this.refresh("selection");
    }
  }

  async reload(): Promise<void> {
    const read = await loadDraft(this.chartKey);
    if (!read.ok) return this.problems(`The draft could not be read: ${read.failure.message}`, []);
    const checked = checkScene(read.layout);
    this.editor.reset(checked.ok ? checked.scene : EMPTY_SCENE, read.version);
    this.failedSave = null;
    $("conflict").hidden = true;
    this.notice(`Draft version ${read.version} loaded`);
    this.fit();
  }

  async saveAsCopy(): Promise<void> {
    const result = await saveCopy(`${this.chartName} (copy)`, this.editor.scene);
    if (!result.ok) return this.problems(`The copy was not saved: ${result.failure.message}`, []);
    this.leaving = true;
    window.location.assign(`/dashboard/charts/${encodeURIComponent(result.chartKey)}/design`);
  }

  private showSaveState(state: string, text: string): void {
    const n = $("save-state");
    n.dataset.state = state;
    n.textContent = text;
  }

  // ── Reading the editor into the page ────────────────────────────────────────────────────

  refresh(why: "scene" | "selection"): void {
    const { scene, selection } = this.editor;
    this.renderer.render(scene, selection);
    $<HTMLButtonElement>("undo").disabled = !this.editor.canUndo;
    $<HTMLButtonElement>("redo").disabled = !this.editor.canRedo;
    if (!this.saving) {
      if (this.failedSave && this.editor.dirty) this.showSaveState("unsaved", "Unsaved changes: the last save failed");
      else if (this.editor.dirty) this.showSaveState("unsaved", "Unsaved changes");
      else this.showSaveState("saved", `All changes saved · draft version ${this.editor.version}`);
    }
    const seats = this.selectedObjects();
    const sections = selection.sections.size;
    $("selection-summary").textContent =
      seats.size + sections === 0
        ? "Nothing selected. Click a seat, Shift+click to add more, or drag a rectangle over the seats."
        : `Selected: ${seats.size} ${seats.size === 1 ? "object" : "objects"}${sections ? ` in ${sections} whole ${sections === 1 ? "section" : "sections"}` : ""}.`;
    fillSelect(
      select("section-select"),
      [["", "None"], ...scene.sections.map((s): [string, string] => [s.key, `${s.label} (${s.key})`])],
      this.onlySelectedSection() ?? "",
    );
    const area = selection.areas.size === 1 ? [...selection.areas][0]! : "";
    fillSelect(select("area-select"), [["", "None"], ...scene.generalAdmission.map((a): [string, string] => [a.label, `${a.label} (${a.capacity})`])], area);
    fillSelect(
      select("assign-category-select"),
      scene.categories.map((c): [string, string] => [c.key, c.label]),
    );
    if (why === "scene" || why === "selection") {
      showSection(scene, this.onlySelectedSection());
      const a = scene.generalAdmission.find((x) => x.label === area);
      if (a) {
        input("area-name").value = a.label;
        input("area-capacity").value = String(a.capacity);
        select("area-shape").value = a.shape ?? "rectangle";
        input("area-width").value = String(a.width ?? 200);
        input("area-height").value = String(a.height ?? 110);
      }
    }
    if (why === "scene") this.refreshLists(scene);
  }

  private refreshLists(scene: Scene): void {
    const counts = new Map<string, number>();
    for (const s of scene.sections) for (const r of s.rows) for (const seat of r.seats) counts.set(seat.categoryKey, (counts.get(seat.categoryKey) ?? 0) + 1);
    for (const a of scene.generalAdmission) counts.set(a.categoryKey, (counts.get(a.categoryKey) ?? 0) + a.capacity);
    $("category-list").replaceChildren(
      ...scene.categories.map((c) => {
        const li = document.createElement("li");
        const sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = c.color;
        li.append(sw, `${c.label} (${c.key}): ${counts.get(c.key) ?? 0} places`);
        return li;
      }),
    );
    const seatCount = scene.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);
    const places = scene.generalAdmission.reduce((n, a) => n + a.capacity, 0);
    $("canvas-summary").textContent =
      `${scene.sections.length} sections, ${seatCount} seats, ${scene.generalAdmission.length} GA areas of ${places} places${scene.focalPoint ? ", stage placed" : ""}.`;
    $("stage-state").textContent = scene.focalPoint
      ? `The stage is at x ${scene.focalPoint.x}, y ${scene.focalPoint.y}. Best available prefers seats near it.`
      : "No focal point yet. Best available prefers seats near it.";
  }

  fit(): void {
    const box = this.renderer.contentBox();
    const r = this.renderer.surface.getBoundingClientRect();
    if (!box || r.width === 0) return this.renderer.setCamera({ x: r.width / 2, y: r.height / 2, k: 1 });
    const k = Math.min(4, Math.max(0.02, Math.min((r.width - 40) / Math.max(box.width, 1), (r.height - 40) / Math.max(box.height, 1))));
    this.renderer.setCamera({ x: r.width / 2 - (box.x + box.width / 2) * k, y: r.height / 2 - (box.y + box.height / 2) * k, k });
  }

  zoom(factor: number, at?: { x: number; y: number }): void {
    const r = this.renderer.surface.getBoundingClientRect();
    const p = at ?? { x: r.width / 2, y: r.height / 2 };
    const cam = this.renderer.camera;
    const k = Math.min(20, Math.max(0.02, cam.k * factor));
    const f = k / cam.k;
    this.renderer.setCamera({ k, x: p.x - (p.x - cam.x) * f, y: p.y - (p.y - cam.y) * f });
  }

  pan(dx: number, dy: number): void {
    const cam = this.renderer.camera;
    this.renderer.setCamera({ ...cam, x: cam.x + dx, y: cam.y + dy });
  }

  exportLayout(): void {
    const blob = new Blob([JSON.stringify(this.editor.scene, null, 2)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${this.chartKey}-layout.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    this.notice(`Layout exported as ${a.download}`);
  }

  async importLayout(file: File): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return this.problems(`${file.name} was not imported: it is not JSON.`, []);
    }
    const checked = checkScene(parsed);
    if (!checked.ok)
      return this.problems(
        `${file.name} was not imported: it is not a valid layout.`,
        checked.problems.slice(0, 10).map((p) => `${p.path}: ${p.message}`),
      );
    if (this.apply(checked.scene, NOTHING, `${file.name} imported. Undo goes back to the layout before it.`)) this.fit();
  }
}

async function boot(): Promise<void> {
  const root = document.getElementById("designer");
  if (!root) return;
  const started = performance.now();
  const chartKey = root.dataset.chartKey!;
  const read = await loadDraft(chartKey);
  if (!read.ok) {
    $("save-state").textContent = `The draft could not be read: ${read.failure.message}`;
    return;
  }
  const checked = checkScene(read.layout);
  const designer = new Designer(chartKey, root.dataset.chartName ?? chartKey, checked.ok ? checked.scene : EMPTY_SCENE, read.version);
  attachInput(designer);
  designer.refresh("scene");
  designer.fit();
  window.addEventListener("beforeunload", (e) => {
    if (!designer.editor.dirty || designer.leaving) return;
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
  if (n) n.textContent = `The designer could not start: ${err instanceof Error ? err.message : String(err)}`;
});
