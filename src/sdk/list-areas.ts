/**
 * The standing areas of the list mode (docs/accessibility.md): each GA area as a small form a keyboard or
 * screen-reader buyer fills in: its name, what this buyer can take in words ("38 places left",
 * "you hold 2"), a labelled quantity field and a "Hold places in …" button. The places offered
 * are this buyer's (its channels', docs/channels.md) within maxSelectedObjects and the event's rules;
 * the hold goes through the chart's own requests, as the map's dialog does.
 */
import type { MapState } from "./map-state";
import type { AreaObject } from "./types";
import type { Words } from "./words";

export interface AreaHost {
  state: MapState;
  /** The chart's language. */
  words: Words;
  /** The most places of an area this chart may hold in all (its own included). */
  areaMax(label: string): number;
  /** Hold that many places of the area in all; 0 releases them. */
  holdArea(label: string, quantity: number): void;
}

interface AreaItem {
  area: AreaObject;
  status: HTMLParagraphElement;
  input: HTMLInputElement;
  release: HTMLButtonElement;
}

export class ListAreas {
  private readonly items = new Map<string, AreaItem>();

  constructor(
    private readonly doc: Document,
    private readonly host: AreaHost,
  ) {}

  /** One list item per GA area of the event, in layout order (none when it has none). */
  build(): HTMLLIElement[] {
    const out: HTMLLIElement[] = [];
    for (const o of this.host.state.objects.values()) if (o.objectType === "generalAdmission") out.push(this.item(o));
    return out;
  }

  /** Rewrites every area (their bounds move with the buyer's whole selection, so a seat's hold moves them too). */
  updateAll(): void {
    for (const label of this.items.keys()) this.update(label);
  }

  /** Rewrites an area's words and its field's bounds after its places changed. */
  update(label: string): void {
    const item = this.items.get(label);
    if (!item) return;
    const { state } = this.host;
    const view = state.view(label);
    const held = state.selection.get(label)?.quantity ?? 0;
    const left = view.remaining ?? 0;
    const category = state.categories.get(item.area.categoryKey)?.label ?? item.area.categoryKey;
    // docs/prices.md: each place's price, after the category it belongs to.
    const priced = view.price ? this.host.words.list([category, this.host.words.t("price.each", { price: view.price })]) : category;
    const text = this.host.words.t(held > 0 ? "list.areaStatusHeld" : "list.areaStatus", { category: priced, left: Math.max(0, left), held });
    if (item.status.textContent !== text) item.status.textContent = text;
    item.input.max = String(Math.max(held, this.host.areaMax(label)));
    // The field follows the hold unless the buyer is typing in it.
    if (this.doc.activeElement !== item.input) item.input.value = String(held);
    item.release.hidden = held === 0;
  }

  private item(area: AreaObject): HTMLLIElement {
    const doc = this.doc;
    const name = area.label || area.objectLabel;
    const id = `seating-area-${Math.random().toString(36).slice(2, 10)}`;
    const li = doc.createElement("li");
    li.className = "seating-list-area";
    li.dataset.area = area.objectLabel;
    const heading = doc.createElement("h3");
    heading.className = "seating-list-heading";
    heading.id = `${id}-name`;
    heading.textContent = name;
    const form = doc.createElement("form");
    form.setAttribute("aria-labelledby", heading.id);
    const status = doc.createElement("p");
    status.className = "seating-list-area-status";
    status.id = `${id}-status`;
    const label = doc.createElement("label");
    label.htmlFor = `${id}-quantity`;
    const { words } = this.host;
    label.textContent = words.t("list.areaQuantity", { name });
    const input = doc.createElement("input");
    input.type = "number";
    input.id = `${id}-quantity`;
    input.name = "quantity";
    input.min = "0";
    input.step = "1";
    input.inputMode = "numeric";
    input.setAttribute("aria-describedby", status.id);
    const hold = doc.createElement("button");
    hold.type = "submit";
    hold.className = "seating-list-area-hold";
    hold.textContent = words.t("list.areaHold", { name });
    const release = doc.createElement("button");
    release.type = "button";
    release.className = "seating-list-area-release";
    release.textContent = words.t("list.areaRelease", { name });
    release.addEventListener("click", () => this.host.holdArea(area.objectLabel, 0));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const quantity = Number(input.value);
      if (Number.isInteger(quantity) && quantity >= 0) this.host.holdArea(area.objectLabel, quantity);
    });
    const controls = doc.createElement("div");
    controls.className = "seating-list-area-controls";
    controls.append(label, input, hold, release);
    form.append(status, controls);
    li.append(heading, form);
    this.items.set(area.objectLabel, { area, status, input, release });
    this.update(area.objectLabel);
    return li;
  }
}
