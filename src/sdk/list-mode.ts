/**
 * List mode (docs/accessibility.md): the event as a list a person using a screen reader, a switch or a
 * keyboard can buy from. Sections are disclosure buttons; an open section lists its rows, each a
 * labelled group of seat buttons named like "Section A, row 3, seat 12, Premium, wheelchair space,
 * available" (seat-name.ts, the same words as the map). A seat button holds or releases through
 * the chart's own requests, so limits, selection rules and callbacks are those of the map.
 *
 * Built for 10,000 seats and more: a section's seats become elements only when it is opened, and a
 * status change rewrites one button's text in place, so the focused button stays focused.
 */
import { isAccessibleSeat } from "../domain/layout";
import { ListAreas, type AreaHost } from "./list-areas";
import type { MapState } from "./map-state";
import { seatName } from "./seat-name";
import type { ListVenueView } from "./venue-part";
import type { SeatObject } from "./types";
import type { Words } from "./words";

/** Seats of an opened section drawn at once; the rest follow a task later, {@link LATER_SEATS} at a time. */
const FIRST_SEATS = 100;
const LATER_SEATS = 2000;

export interface ListHost extends AreaHost {
  state: MapState;
  /** The chart's language. */
  words: Words;
  /** Hold or release a seat, exactly as a click on the map does. */
  activate(label: string): void;
  /** Switch to the drawn map (absent: the list has no way back, e.g. a map could not be drawn). */
  showMap?: () => void;
  /** The filter was turned on or off (holds of accessible seats then state the need). */
  filterChanged?: (on: boolean) => void;
}

interface SectionGroup {
  key: string;
  label: string;
  rows: { label: string; seats: SeatObject[] }[];
  accessible: number;
  total: number;
}

/** The layout's sections, each with its rows in order (from the map state's rows). */
function groupSections(rows: readonly SeatObject[][]): SectionGroup[] {
  const out: SectionGroup[] = [];
  for (const row of rows) {
    const first = row[0];
    if (!first) continue;
    let section = out[out.length - 1];
    if (!section || section.key !== first.sectionKey) {
      section = { key: first.sectionKey, label: first.sectionLabel || first.sectionKey, rows: [], accessible: 0, total: 0 };
      out.push(section);
    }
    section.rows.push({ label: first.rowLabel ?? "", seats: row });
    section.total += row.length;
    for (const s of row) if (isAccessibleSeat(s.features)) section.accessible++;
  }
  return out;
}

export class ListMode {
  readonly root: HTMLElement;
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly sections: SectionGroup[];
  private readonly sectionBodies = new Map<string, { body: HTMLElement; toggle: HTMLButtonElement; built: boolean }>();
  private filter = false;
  /** Per section, which build is current: a chunk of an outdated build (the filter changed) stops. */
  private readonly generations = new Map<string, number>();
  /** The standing areas, after the seated sections (list-areas.ts). */
  private readonly areas: ListAreas;
  private readonly areaItems: HTMLLIElement[];
  /** Tables and booths (list-venue.ts, the venue part's), after the rows' sections; null for a venue without them. */
  private readonly venue: ListVenueView | null;

  constructor(
    private readonly doc: Document,
    private readonly host: ListHost,
  ) {
    this.sections = groupSections(host.state.layoutRows);
    this.root = doc.createElement("section");
    this.root.className = "seating-list";
    const { words } = host;
    this.root.setAttribute("aria-label", words.t("list.name"));
    const bar = doc.createElement("div");
    bar.className = "seating-list-bar";
    const filterLabel = doc.createElement("label");
    const checkbox = doc.createElement("input");
    checkbox.type = "checkbox";
    checkbox.addEventListener("change", () => {
      this.filter = checkbox.checked;
      this.host.filterChanged?.(this.filter);
      this.applyFilter();
    });
    filterLabel.append(checkbox, doc.createTextNode(` ${words.t("list.filter")}`));
    bar.appendChild(filterLabel);
    if (host.showMap) {
      const back = doc.createElement("button");
      back.type = "button";
      back.className = "seating-list-switch";
      back.textContent = words.t("list.showMap");
      back.addEventListener("click", () => host.showMap?.());
      bar.appendChild(back);
    }
    const list = doc.createElement("ul");
    list.className = "seating-list-sections";
    // One listener for every seat button, however many sections are opened.
    list.addEventListener("click", (e) => {
      const target = e.target instanceof Element ? e.target.closest<HTMLButtonElement>("button[data-object-label]") : null;
      if (target?.dataset.objectLabel) this.host.activate(target.dataset.objectLabel);
    });
    for (const section of this.sections) list.appendChild(this.sectionItem(section));
    const part = host.state.venue;
    this.venue = part ? new part.ListVenue(doc, host.state, words) : null;
    if (this.venue) list.append(...this.venue.build());
    this.areas = new ListAreas(doc, host);
    this.areaItems = this.areas.build();
    list.append(...this.areaItems);
    this.root.append(bar, list);
  }

  /** Rewrites one seat's button after its status changed (in place: focus stays where it is). */
  update(label: string): void {
    this.areas.updateAll();
    this.venue?.update(label);
    const b = this.buttons.get(label);
    if (!b) return;
    const seat = this.host.state.objects.get(label);
    if (seat?.objectType !== "seat") return;
    this.paint(b, seat);
  }

  /** Opens or closes a section (the section button does the same). */
  toggleSection(key: string, open?: boolean): void {
    const entry = this.sectionBodies.get(key);
    if (!entry) return;
    const next = open ?? entry.toggle.getAttribute("aria-expanded") !== "true";
    if (next && !entry.built) this.build(key, entry.body);
    entry.built ||= next;
    entry.toggle.setAttribute("aria-expanded", String(next));
    entry.body.hidden = !next;
  }

  destroy(): void {
    this.root.remove();
    this.buttons.clear();
  }

  private sectionItem(section: SectionGroup): HTMLLIElement {
    const doc = this.doc;
    const li = doc.createElement("li");
    li.dataset.section = section.key;
    const heading = doc.createElement("h3");
    heading.className = "seating-list-heading";
    const toggle = doc.createElement("button");
    toggle.type = "button";
    toggle.className = "seating-list-section";
    toggle.setAttribute("aria-expanded", "false");
    const bodyId = `seating-list-${Math.random().toString(36).slice(2, 10)}`;
    toggle.setAttribute("aria-controls", bodyId);
    toggle.textContent = this.sectionText(section);
    toggle.addEventListener("click", () => this.toggleSection(section.key));
    heading.appendChild(toggle);
    const body = doc.createElement("div");
    body.id = bodyId;
    body.hidden = true;
    li.append(heading, body);
    this.sectionBodies.set(section.key, { body, toggle, built: false });
    return li;
  }

  private sectionText(section: SectionGroup): string {
    const count = this.filter ? section.accessible : section.total;
    return this.host.words.t(this.filter ? "list.sectionAccessible" : "list.section", { section: section.label, count });
  }

  /**
   * The rows and seat buttons of an opened section (the filter applied), written as HTML strings
   * (several times quicker than building each element). The first {@link FIRST_SEATS} seats' rows
   * go in at once, the rest one task later in chunks: a person (or a screen reader) starts at the
   * top, and a section of a thousand seats is on screen within a frame on a busy machine.
   */
  private build(key: string, body: HTMLElement): void {
    const section = this.sections.find((s) => s.key === key);
    if (!section) return;
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    for (const b of body.querySelectorAll<HTMLButtonElement>("button[data-object-label]")) this.buttons.delete(b.dataset.objectLabel!);
    body.textContent = "";
    const rows = section.rows
      .map((row) => ({ row, seats: this.filter ? row.seats.filter((s) => isAccessibleSeat(s.features)) : row.seats }))
      .filter((r) => r.seats.length > 0);
    if (rows.length === 0) {
      const p = this.doc.createElement("p");
      p.textContent = this.host.words.t(this.filter ? "list.noAccessible" : "list.noSeats");
      body.appendChild(p);
      return;
    }
    let next = 0;
    const chunk = (budget: number) => {
      const html: string[] = [];
      let seats = 0;
      while (next < rows.length && (seats === 0 || seats + rows[next]!.seats.length <= budget)) {
        const { row, seats: list } = rows[next++]!;
        html.push(this.rowHtml(section, row.label, list));
        seats += list.length;
      }
      body.insertAdjacentHTML("beforeend", html.join(""));
      for (const b of body.querySelectorAll<HTMLButtonElement>("button[data-object-label]")) this.buttons.set(b.dataset.objectLabel!, b);
      // After the frame that shows the first rows has been painted.
      if (next < rows.length)
        requestAnimationFrame(() =>
          setTimeout(() => {
            if (this.generations.get(key) === generation) chunk(LATER_SEATS);
          }, 16),
        );
    };
    chunk(FIRST_SEATS);
  }

  private rowHtml(section: SectionGroup, rowLabel: string, seats: readonly SeatObject[]): string {
    const { words } = this.host;
    const rowName = rowLabel ? words.t("list.rowGroup", { section: section.label, row: rowLabel }) : section.label;
    const heading = rowLabel ? words.t("list.row", { row: rowLabel }) : words.t("list.seats");
    let html = `<div class="seating-list-row" role="group" aria-label="${escape(rowName)}"><h4>${escape(heading)}</h4><ul>`;
    for (const seat of seats) {
      const { name, status, pressed, disabled } = this.look(seat);
      html += `<li><button type="button" class="seating-list-seat" data-object-label="${escape(seat.objectLabel)}" data-status="${status}" aria-pressed="${pressed}"${disabled ? ' aria-disabled="true"' : ""}>${escape(name)}</button></li>`;
    }
    return `${html}</ul></div>`;
  }

  /** How a seat's button reads and looks now. */
  private look(seat: SeatObject): { name: string; status: string; pressed: boolean; disabled: boolean } {
    const state = this.host.state;
    const view = state.view(seat.objectLabel);
    const category = state.categories.get(seat.categoryKey)?.label ?? seat.categoryKey;
    return {
      name: seatName(seat, category, view, this.host.words),
      status: view.unavailable ? "unavailable" : view.status,
      pressed: view.status === "selected",
      disabled: view.unavailable === true,
    };
  }

  private paint(b: HTMLButtonElement, seat: SeatObject): void {
    const { name, status, pressed, disabled } = this.look(seat);
    if (b.textContent !== name) b.textContent = name;
    b.dataset.status = status;
    b.setAttribute("aria-pressed", String(pressed));
    if (disabled) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }

  /** The filter changed: every section's count, and the open sections' seats, follow it. */
  private applyFilter(): void {
    // Standing areas have no wheelchair spaces or companion seats: the filter leaves them out.
    for (const li of this.areaItems) li.hidden = this.filter;
    for (const li of this.root.querySelectorAll<HTMLLIElement>("li[data-section]")) {
      const section = this.sections.find((s) => s.key === li.dataset.section);
      const entry = section && this.sectionBodies.get(section.key);
      if (!section || !entry) continue;
      li.hidden = this.filter && section.accessible === 0;
      entry.toggle.textContent = this.sectionText(section);
      if (entry.built) this.build(section.key, entry.body);
    }
  }
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML text and attribute values (labels come from the layout, which anyone with a key wrote). */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
