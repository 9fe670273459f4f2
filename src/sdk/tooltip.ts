/**
 * The details of a seat or GA area on hover and on keyboard focus: section, row, seat, category,
 * price (from the chart's `tooltip.prices`, by category key), features when the objects read
 * carries them, and whether it can be chosen. One element per map, positioned beside the object;
 * the focused object is described by it (aria-describedby). `tooltip: false` turns it off.
 */
import type { MapState } from "./map-state";
import { tooltipLines } from "./tooltip-lines";
import type { ApiObject, TooltipOptions } from "./types";
import type { Words } from "./words";

let nextId = 0;

export class SeatTooltip {
  private readonly box: HTMLDivElement;
  private readonly id = `seating-tooltip-${++nextId}`;
  private described: Element | null = null;

  constructor(
    private readonly stage: HTMLElement,
    private readonly state: MapState,
    private readonly options: TooltipOptions,
    private readonly words: Words,
  ) {
    const doc = stage.ownerDocument;
    this.box = doc.createElement("div");
    this.box.className = "seating-tooltip";
    this.box.id = this.id;
    this.box.setAttribute("role", "tooltip");
    this.box.hidden = true;
    stage.append(this.box);
    const target = (e: Event) => (e.target as Element | null)?.closest?.("[data-object-label]") ?? null;
    stage.addEventListener("pointerover", (e) => {
      if ((e as PointerEvent).pointerType === "touch") return;
      const el = target(e);
      if (el) this.show(el, false);
      else this.hide();
    });
    stage.addEventListener("pointerleave", () => this.hide());
    stage.addEventListener("focusin", (e) => {
      const el = target(e);
      if (el) this.show(el, true);
    });
    stage.addEventListener("focusout", () => this.hide());
    doc.addEventListener("keydown", this.onKey);
  }

  /** Escape hides it (WCAG 1.4.13: dismissable without moving the pointer). */
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") this.hide();
  };

  /** Removes the tooltip and its document listener (the chart is destroyed). */
  destroy(): void {
    this.box.ownerDocument.removeEventListener("keydown", this.onKey);
    this.undescribe();
    this.box.remove();
  }

  /** Describes `el` beside it; `focused` also links it to the element for screen readers. */
  show(el: Element, focused: boolean): void {
    const label = el.getAttribute("data-object-label");
    const obj = label ? this.state.objects.get(label) : undefined;
    if (!obj) return this.hide();
    const { title, details } = tooltipLines(obj, this.state, this.options, this.words);
    const doc = this.box.ownerDocument;
    const head = doc.createElement("strong");
    head.textContent = title;
    const list = details.map((d) => {
      const line = doc.createElement("span");
      line.textContent = d;
      return line;
    });
    this.box.replaceChildren(head, ...list);
    this.box.hidden = false;
    const at = el.getBoundingClientRect();
    const frame = this.stage.getBoundingClientRect();
    const box = this.box.getBoundingClientRect();
    const left = Math.min(Math.max(4, at.left - frame.left + at.width / 2 - box.width / 2), frame.width - box.width - 4);
    const above = at.top - frame.top - box.height - 8;
    const top = above >= 4 ? above : at.bottom - frame.top + 8;
    this.box.style.left = `${Math.max(4, left)}px`;
    this.box.style.top = `${top}px`;
    this.undescribe();
    if (focused) {
      el.setAttribute("aria-describedby", this.id);
      this.described = el;
    }
  }

  hide(): void {
    this.box.hidden = true;
    this.undescribe();
  }

  private undescribe(): void {
    if (this.described?.getAttribute("aria-describedby") === this.id) this.described.removeAttribute("aria-describedby");
    this.described = null;
  }
}
