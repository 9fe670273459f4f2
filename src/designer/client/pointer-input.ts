/**
 * What people do to the designer: buttons, form fields, keys and the pointer on the drawing. Every
 * gesture ends in one of the Designer's actions; a drag only previews (the renderer moves the
 * dragged groups) until the pointer is released, when it becomes one move in the history.
 */
import { sectionsOf, seatsInBox, setFocalPoint } from "../actions";
import { NOTHING } from "../editor";
import type { Designer } from "./main";
import { $, input, select } from "./form-fields";

const SECTION_FIELDS = [
  "section-name",
  "rows",
  "seats-per-row",
  "row-labels",
  "row-order",
  "seat-numbering",
  "curve",
  "skew",
  "rotation",
  "seat-spacing",
  "row-spacing",
  "aisles",
  "label-pattern",
];
const AREA_FIELDS = ["area-name", "area-capacity", "area-shape", "area-width", "area-height"];

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.matches("input, select, textarea") || t.isContentEditable);

export function attachInput(d: Designer): void {
  const click = (id: string, f: () => void) => $(id).addEventListener("click", f);
  click("undo", () => d.editor.undo());
  click("redo", () => d.editor.redo());
  click("save", () => void d.save());
  click("reload-draft", () => void d.reload());
  click("save-copy", () => void d.saveAsCopy());
  click("zoom-in", () => d.zoom(1.25));
  click("zoom-out", () => d.zoom(0.8));
  click("zoom-fit", () => d.fit());
  click("export", () => d.exportLayout());
  click("add-section", () => d.addSection());
  click("copy-section", () => d.copySelected());
  click("delete-selected", () => d.deleteSelected());
  click("add-category", () => d.addCategory());
  click("assign-category", () => d.assignCategory());
  click("select-rows", () => d.widenToRows());
  click("select-labelled", () => d.selectByLabels());
  click("select-sections", () => d.widenToSections());
  click("add-area", () => d.addArea());
  click("remove-stage", () => {
    if (d.editor.scene.focalPoint) d.apply(setFocalPoint(d.editor.scene, null), undefined, "The stage (focal point) is removed");
  });
  click("place-stage", () => {
    d.placingStage = !d.placingStage;
    $("place-stage").setAttribute("aria-pressed", String(d.placingStage));
    if (d.placingStage) d.notice("Click the map where the stage is, or press Enter to put it at the middle of the view");
  });
  const importer = input("import");
  importer.addEventListener("change", () => {
    const file = importer.files?.[0];
    if (file) void d.importLayout(file).finally(() => (importer.value = ""));
  });
  for (const id of SECTION_FIELDS) $(id).addEventListener("change", () => d.sectionSettingChanged());
  for (const id of AREA_FIELDS) $(id).addEventListener("change", () => d.areaSettingChanged());
  select("section-select").addEventListener("change", (e) => {
    const key = (e.target as HTMLSelectElement).value;
    d.editor.select(key ? { ...NOTHING, sections: new Set([key]) } : NOTHING);
  });
  select("area-select").addEventListener("change", (e) => {
    const label = (e.target as HTMLSelectElement).value;
    d.editor.select(label ? { ...NOTHING, areas: new Set([label]) } : NOTHING);
  });
  document.addEventListener("keydown", (e) => onKey(d, e));
  attachPointer(d);
}

function onKey(d: Designer, e: KeyboardEvent): void {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  // Saving works from anywhere on the page; the rest leaves typing in fields alone.
  if (mod && key === "s") {
    e.preventDefault();
    void d.save();
    return;
  }
  if (isTyping(e.target)) return;
  if (mod && key === "z") {
    e.preventDefault();
    if (e.shiftKey) d.editor.redo();
    else d.editor.undo();
  } else if (mod && key === "y") {
    e.preventDefault();
    d.editor.redo();
  } else if (mod && key === "d") {
    e.preventDefault();
    d.copySelected();
  } else if (mod && key === "a") {
    e.preventDefault();
    const all = new Set<string>();
    for (const s of d.editor.scene.sections) for (const r of s.rows) for (const seat of r.seats) all.add(seat.label);
    d.editor.select({ ...NOTHING, seats: all });
  } else if (mod) {
    return;
  } else if (e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    d.deleteSelected();
  } else if (e.key === "Escape") {
    d.placingStage = false;
    $("place-stage").setAttribute("aria-pressed", "false");
    d.editor.select(NOTHING);
  } else if (e.key === "Enter" && d.placingStage) {
    e.preventDefault();
    d.placeStage();
  } else if (e.key.startsWith("Arrow")) {
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key as "ArrowLeft"] ?? [0, 0];
    const sel = d.editor.selection;
    e.preventDefault();
    if ((e.shiftKey && e.altKey) || (sel.sections.size === 0 && sel.areas.size === 0)) d.pan(-dx * 60, -dy * 60);
    else d.move(dx * (e.shiftKey ? 100 : 10), dy * (e.shiftKey ? 100 : 10));
  } else if (e.key === "[" || e.key === "]" || e.key === "{" || e.key === "}") {
    e.preventDefault();
    d.rotate((e.key === "[" || e.key === "{" ? -1 : 1) * (e.shiftKey ? 15 : 5));
  } else if (e.key === "+" || e.key === "=") d.zoom(1.25);
  else if (e.key === "-" || e.key === "_") d.zoom(0.8);
  else if (e.key === "0") d.fit();
}

type Gesture =
  | { kind: "pan"; x: number; y: number }
  | { kind: "move"; start: { x: number; y: number }; dx: number; dy: number; moved: boolean }
  | { kind: "marquee"; start: { x: number; y: number }; end: { x: number; y: number }; add: boolean }
  | null;

function attachPointer(d: Designer): void {
  const host = $("canvas");
  const svg = d.renderer.surface;
  let gesture: Gesture = null;
  let frame = 0;
  let space = false;
  document.addEventListener("keydown", (e) => {
    if (e.key === " " && !isTyping(e.target) && document.activeElement === host) {
      space = true;
      e.preventDefault();
    }
  });
  document.addEventListener("keyup", (e) => {
    if (e.key === " ") space = false;
  });
  const local = (e: PointerEvent | WheelEvent) => {
    const r = svg.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  svg.addEventListener("pointerdown", (e) => {
    host.focus({ preventScroll: true });
    const p = local(e);
    if (e.button === 1 || space) {
      gesture = { kind: "pan", ...p };
    } else if (e.button !== 0) {
      return;
    } else if (d.placingStage) {
      d.placeStage(d.renderer.toLayout(p));
      return;
    } else {
      const target = e.target as Element;
      const seat = target.getAttribute("data-label");
      const sectionKey = target.closest("[data-section-key]")?.getAttribute("data-section-key") ?? null;
      const area = target.getAttribute("data-area-label");
      const sel = d.editor.selection;
      const start = d.renderer.toLayout(p);
      if (seat && !(sectionKey && sel.sections.has(sectionKey) && !e.shiftKey)) {
        const seats = new Set(e.shiftKey ? sel.seats : []);
        if (seats.has(seat)) seats.delete(seat);
        else seats.add(seat);
        d.editor.select({ sections: e.shiftKey ? sel.sections : new Set(), areas: e.shiftKey ? sel.areas : new Set(), seats });
        return;
      }
      if (sectionKey) {
        if (e.shiftKey) {
          const sections = new Set(sel.sections);
          if (sections.has(sectionKey)) sections.delete(sectionKey);
          else sections.add(sectionKey);
          d.editor.select({ ...sel, sections });
          return;
        }
        if (!sel.sections.has(sectionKey)) d.editor.select({ ...NOTHING, sections: new Set([sectionKey]) });
        d.renderer.prepareDrag(d.editor.selection.sections);
        gesture = { kind: "move", start, dx: 0, dy: 0, moved: false };
      } else if (area) {
        if (e.shiftKey) {
          const areas = new Set(sel.areas);
          if (areas.has(area)) areas.delete(area);
          else areas.add(area);
          d.editor.select({ ...sel, areas });
          return;
        }
        if (!sel.areas.has(area)) d.editor.select({ ...NOTHING, areas: new Set([area]) });
        gesture = { kind: "move", start, dx: 0, dy: 0, moved: false };
      } else {
        gesture = { kind: "marquee", start: p, end: p, add: e.shiftKey };
      }
    }
    svg.setPointerCapture(e.pointerId);
    e.preventDefault();
  });

  svg.addEventListener("pointermove", (e) => {
    if (!gesture) return;
    const p = local(e);
    if (gesture.kind === "pan") {
      d.pan(p.x - gesture.x, p.y - gesture.y);
      gesture.x = p.x;
      gesture.y = p.y;
      return;
    }
    if (gesture.kind === "marquee") {
      gesture.end = p;
      d.renderer.showMarquee(gesture.start, p);
      return;
    }
    const at = d.renderer.toLayout(p);
    gesture.dx = Math.round(at.x - gesture.start.x);
    gesture.dy = Math.round(at.y - gesture.start.y);
    gesture.moved ||= Math.abs(gesture.dx) + Math.abs(gesture.dy) > 0;
    // One preview per frame, however many pointer events arrive.
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (gesture?.kind === "move") d.renderer.preview(d.editor.selection.sections, d.editor.selection.areas, gesture.dx, gesture.dy);
      });
    }
  });

  const end = (e: PointerEvent) => {
    const g = gesture;
    gesture = null;
    if (!g) return;
    if (svg.hasPointerCapture(e.pointerId)) svg.releasePointerCapture(e.pointerId);
    if (g.kind === "move") {
      cancelAnimationFrame(frame);
      frame = 0;
      d.renderer.endPreview();
      if (g.moved) d.move(g.dx, g.dy);
    } else if (g.kind === "marquee") {
      d.renderer.showMarquee(null);
      const a = d.renderer.toLayout(g.start);
      const b = d.renderer.toLayout(g.end);
      if (Math.abs(g.start.x - g.end.x) + Math.abs(g.start.y - g.end.y) < 4) {
        if (!g.add) d.editor.select(NOTHING);
        return;
      }
      const sel = d.editor.selection;
      const inside = seatsInBox(d.editor.scene, a, b);
      const seats = new Set(g.add ? [...sel.seats, ...inside] : inside);
      d.editor.select({ sections: g.add ? sel.sections : new Set(), areas: g.add ? sel.areas : new Set(), seats });
      if (inside.length > 0) d.notice(`${inside.length} seats selected in ${sectionsOf(d.editor.scene, new Set(inside)).size} sections`);
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);

  svg.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      d.zoom(Math.exp(-e.deltaY * 0.0015), local(e));
    },
    { passive: false },
  );
}
