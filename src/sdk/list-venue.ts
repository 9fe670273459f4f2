/**
 * Tables and booths in the list mode (docs/tables.md): per section, a heading button that opens its
 * tables and booths; a table is a labelled group with a button for the table whole and one per
 * seat around it (named as the map names them, seat-name.ts), a booth one button. The buttons
 * carry `data-object-label`, so the list's one click listener holds and releases them as the map's
 * clicks do; which of them the server accepts follows the event's table booking. Part of the SDK's
 * venue part (venue.ts).
 */
import type { ListVenueView, VenueState } from "./venue-part";
import { seatName } from "./seat-name";
import { boothName, tableName } from "./venue-names";
import type { ApiObject } from "./types";
import type { Words } from "./words";

type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;

interface Group {
  key: string;
  label: string;
  tables: TableObject[];
  booths: BoothObject[];
}

export class ListVenue implements ListVenueView {
  private readonly buttons = new Map<string, HTMLButtonElement>();

  constructor(
    private readonly doc: Document,
    private readonly state: VenueState,
    private readonly words: Words,
  ) {}

  /** One list item per section with tables or booths (booths outside sections under "Booths"). */
  build(): HTMLLIElement[] {
    const groups = new Map<string, Group>();
    for (const o of this.state.objects.values()) {
      if (o.objectType !== "table" && o.objectType !== "booth") continue;
      const key = o.sectionKey ?? "";
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { key, label: o.sectionLabel ?? this.words.t("venue.boothsHeading"), tables: [], booths: [] }));
      if (o.objectType === "table") g.tables.push(o);
      else g.booths.push(o);
    }
    return [...groups.values()].map((g) => this.groupItem(g));
  }

  /** Repaints one object's button, if the list shows it. */
  update(label: string): void {
    const b = this.buttons.get(label);
    if (b) this.paint(b, label);
  }

  private groupItem(g: Group): HTMLLIElement {
    const doc = this.doc;
    const li = doc.createElement("li");
    const heading = doc.createElement("h3");
    heading.className = "seating-list-heading";
    const toggle = doc.createElement("button");
    toggle.type = "button";
    toggle.className = "seating-list-section";
    toggle.setAttribute("aria-expanded", "false");
    const parts = [g.label];
    if (g.tables.length > 0) parts.push(this.words.t("venue.listTables", { n: g.tables.length }));
    if (g.booths.length > 0) parts.push(this.words.t("venue.listBooths", { n: g.booths.length }));
    toggle.textContent = this.words.list(parts);
    const body = doc.createElement("div");
    body.id = `seating-list-venue-${Math.random().toString(36).slice(2, 10)}`;
    body.hidden = true;
    toggle.setAttribute("aria-controls", body.id);
    let built = false;
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      if (open && !built) {
        built = true;
        for (const t of g.tables) body.appendChild(this.tableGroup(t));
        if (g.booths.length > 0) body.appendChild(this.list(g.booths.map((b) => b.objectLabel)));
      }
      toggle.setAttribute("aria-expanded", String(open));
      body.hidden = !open;
    });
    heading.appendChild(toggle);
    li.append(heading, body);
    return li;
  }

  private tableGroup(t: TableObject): HTMLElement {
    const div = this.doc.createElement("div");
    div.className = "seating-list-row";
    div.setAttribute("role", "group");
    const name = this.words.t("table.label", { label: t.objectLabel });
    div.setAttribute("aria-label", name);
    const h = this.doc.createElement("h4");
    h.textContent = name;
    div.append(h, this.list([t.objectLabel, ...t.seatLabels]));
    return div;
  }

  private list(labels: string[]): HTMLUListElement {
    const ul = this.doc.createElement("ul");
    for (const label of labels) {
      const li = this.doc.createElement("li");
      const b = this.doc.createElement("button");
      b.type = "button";
      b.className = "seating-list-seat";
      b.dataset.objectLabel = label;
      this.paint(b, label);
      this.buttons.set(label, b);
      li.appendChild(b);
      ul.appendChild(li);
    }
    return ul;
  }

  private paint(b: HTMLButtonElement, label: string): void {
    const o = this.state.objects.get(label);
    if (!o) return;
    const view = this.state.view(label);
    const category = this.state.categories.get(o.categoryKey)?.label ?? o.categoryKey;
    const w = this.words;
    const name =
      o.objectType === "table"
        ? tableName(o, category, view, w)
        : o.objectType === "booth"
          ? boothName(o, category, view, w)
          : o.objectType === "seat"
            ? seatName(o, category, view, w)
            : label;
    if (b.textContent !== name) b.textContent = name;
    b.dataset.status = view.unavailable ? "unavailable" : view.status;
    b.setAttribute("aria-pressed", String(view.status === "selected"));
    if (view.unavailable) b.setAttribute("aria-disabled", "true");
    else b.removeAttribute("aria-disabled");
  }
}
