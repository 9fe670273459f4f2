/**
 * The pointer on the drawing: click, Shift+click and a rectangle select; dragging a section's
 * outline, a GA area, a table's top or a booth moves it; the wheel zooms; the middle button, or a drag with Space held,
 * pans. A drag only previews (the renderer moves the dragged groups) until the pointer is
 * released, when it becomes one move in the history.
 */
import { sectionsOf, seatsInBox } from "../actions";
import { NOTHING } from "../editor";
import type { Designer } from "./designer";
import { $ } from "./form-fields";
import { showNotice } from "./page-messages";
import { isTyping } from "./keyboard";
import { chooseBooth, chooseTable } from "./venue-edit-forms";
import { say } from "./words";

type Gesture =
  | { kind: "pan"; x: number; y: number }
  | { kind: "move"; start: { x: number; y: number }; dx: number; dy: number; moved: boolean }
  | { kind: "marquee"; start: { x: number; y: number }; end: { x: number; y: number }; add: boolean }
  | null;

/** Wires the pointer gestures of the drawing (#canvas). */
export function attachPointer(d: Designer): void {
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
      const table = target.closest("[data-table-label]")?.getAttribute("data-table-label") ?? null;
      const booth = target.closest("[data-booth-label]")?.getAttribute("data-booth-label") ?? null;
      if ((table || booth) && !e.shiftKey) {
        // A table's top or a booth: chosen (its fields shown), and a drag moves it alone.
        const sel = d.editor.selection;
        if (table && sel.table !== table) chooseTable(d, table);
        if (booth && sel.booth !== booth) chooseBooth(d, booth);
        gesture = { kind: "move", start: d.renderer.toLayout(p), dx: 0, dy: 0, moved: false };
        svg.setPointerCapture(e.pointerId);
        e.preventDefault();
        return;
      }
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
        if (gesture?.kind !== "move") return;
        const sel = d.editor.selection;
        if (sel.table || sel.booth) d.renderer.previewChosen(sel, gesture.dx, gesture.dy);
        else d.renderer.preview(sel.sections, sel.areas, gesture.dx, gesture.dy);
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
      if (inside.length > 0) showNotice(say("selection.boxed", { n: inside.length, sections: sectionsOf(d.editor.scene, new Set(inside)).size }));
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
