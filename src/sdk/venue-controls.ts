/**
 * The map's controls for venues of several floors and zones (docs/tables.md): a floor switcher (one
 * button per floor, named by the floor's label, the shown one pressed) and a zone chooser that
 * zooms the map to the zone's sections. Both sit in the toolbar, beside the zoom buttons. Part of
 * the SDK's venue part (venue.ts), with the helpers the maps use to draw one floor and show a zone.
 */
import type { Box, MapGeometry } from "../geometry/object-placement";

import type { VenueControlsView, VenueHost, VenueState } from "./venue-part";
import type { ApiObject, SeatObject } from "./types";
import type { Words } from "./words";

export interface Named {
  key: string;
  label: string;
}

/** The box the drawn objects of `sectionKeys` cover (seats, tables, booths, outlines), or null when none is drawn. */
export function zoneBox(geometry: MapGeometry, objects: Map<string, ApiObject>, sectionKeys: ReadonlySet<string>): Box | null {
  const inZone = (label: string) => {
    const o = objects.get(label);
    return o !== undefined && "sectionKey" in o && o.sectionKey !== undefined && sectionKeys.has(o.sectionKey);
  };
  const boxes: Box[] = [];
  for (const s of geometry.sections) if (sectionKeys.has(s.key)) boxes.push(s);
  for (const s of geometry.seats) if (inZone(s.label)) boxes.push({ x: s.cx - s.r, y: s.cy - s.r, width: 2 * s.r, height: 2 * s.r });
  for (const b of geometry.booths) if (inZone(b.label)) boxes.push(b);
  if (boxes.length === 0) return null;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Whether an object is drawn on `floorKey`: it is on that floor, or on none (then it shows on every floor). */
export function onFloor(o: ApiObject, floorKey: string | undefined): boolean {
  return floorKey === undefined || !("floorKey" in o) || o.floorKey === undefined || o.floorKey === floorKey;
}

/** The objects drawn on `floorKey` ({@link onFloor}), and the layout's rows among them. */
export function floorObjects(objects: ApiObject[], rows: SeatObject[][], floorKey: string): { objects: ApiObject[]; rows: SeatObject[][] } {
  const shown = objects.filter((o) => onFloor(o, floorKey));
  const drawn = new Set(shown.map((o) => o.objectLabel));
  return { objects: shown, rows: rows.filter((r) => r[0] !== undefined && drawn.has(r[0].objectLabel)) };
}

export interface VenueControls {
  root: HTMLDivElement;
  /** Marks `key` as the floor shown. */
  showFloor(key: string): void;
  /** Back to "Whole venue" in the zone chooser (after the floor changed). */
  clearZone(): void;
}

/**
 * The floor switcher (when there are floors) and the zone chooser (when there are zones) as one
 * group; `floorChosen` and `zoneChosen` (null: the whole venue) act on the map.
 */
export function buildVenueControls(
  doc: Document,
  words: Words,
  floors: readonly Named[],
  zones: readonly Named[],
  floorChosen: (key: string) => void,
  zoneChosen: (key: string | null) => void,
): VenueControls {
  const root = doc.createElement("div");
  root.className = "seating-venue";
  const buttons = new Map<string, HTMLButtonElement>();
  if (floors.length > 0) {
    const group = doc.createElement("div");
    group.className = "seating-floors";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", words.t("venue.floors"));
    for (const f of floors) {
      const b = doc.createElement("button");
      b.type = "button";
      b.textContent = f.label;
      b.setAttribute("aria-pressed", "false");
      b.addEventListener("click", () => floorChosen(f.key));
      buttons.set(f.key, b);
      group.appendChild(b);
    }
    root.appendChild(group);
  }
  let chooser: HTMLSelectElement | null = null;
  if (zones.length > 0) {
    const label = doc.createElement("label");
    label.className = "seating-zone";
    label.append(`${words.t("venue.zoomTo")} `);
    chooser = doc.createElement("select");
    const whole = doc.createElement("option");
    whole.value = "";
    whole.textContent = words.t("venue.wholeVenue");
    chooser.appendChild(whole);
    for (const z of zones) {
      const o = doc.createElement("option");
      o.value = z.key;
      o.textContent = z.label;
      chooser.appendChild(o);
    }
    const select = chooser;
    select.addEventListener("change", () => zoneChosen(select.value || null));
    label.appendChild(chooser);
    root.appendChild(label);
  }
  return {
    root,
    showFloor(key) {
      for (const [k, b] of buttons) b.setAttribute("aria-pressed", String(k === key));
    },
    clearZone() {
      if (chooser) chooser.value = "";
    },
  };
}

/** The floor switcher and the zone chooser of one chart, wired to its map; null for a layout with neither floors nor zones. */
export function venueNavigation(doc: Document, state: VenueState, words: Words, host: VenueHost): VenueNavigation | null {
  return state.floors.length + state.zones.length > 0 ? new VenueNavigation(doc, state, words, host) : null;
}

export class VenueNavigation implements VenueControlsView {
  readonly root: HTMLDivElement;
  /** The floor shown: the first of the layout's floors until the buyer picks another. */
  floor: string | undefined;
  private readonly controls: VenueControls;

  constructor(
    doc: Document,
    private readonly state: VenueState,
    private readonly words: Words,
    private readonly host: VenueHost,
  ) {
    this.floor = state.floors[0]?.key;
    this.controls = buildVenueControls(
      doc,
      words,
      state.floors,
      state.zones,
      (key) => void this.showFloor(key),
      (key) => this.showZone(key),
    );
    if (this.floor !== undefined) this.controls.showFloor(this.floor);
    this.root = this.controls.root;
  }

  /** Draws floor `key` in place of the one shown, and says so. */
  async showFloor(key: string): Promise<void> {
    const floor = this.state.floors.find((f) => f.key === key);
    if (!floor || key === this.floor) return;
    this.floor = key;
    this.controls.showFloor(key);
    this.controls.clearZone();
    if (await this.host.redraw(key)) this.host.announce(this.words.t("venue.floorShown", { floor: floor.label }));
  }

  /** Zooms to a zone's sections (null: the whole venue), switching to the floor they are on when it is another. */
  showZone(key: string | null): void {
    const { state, words } = this;
    const zone = key === null ? undefined : state.zones.find((z) => z.key === key);
    if (!zone) return this.host.map()?.reset();
    const sections = new Set(zone.sectionKeys);
    const shown = () => this.host.announce(words.t("venue.zoneShown", { zone: zone.label }));
    if (this.host.map()?.zoomToZone(sections)) return shown();
    // The zone is on another floor: show that floor, then the zone.
    const on = [...state.objects.values()].find(
      (o) => "sectionKey" in o && o.sectionKey !== undefined && sections.has(o.sectionKey) && "floorKey" in o && o.floorKey,
    );
    const floorKey = on && "floorKey" in on ? on.floorKey : undefined;
    if (floorKey !== undefined && floorKey !== this.floor)
      void this.showFloor(floorKey).then(() => {
        this.host.map()?.zoomToZone(sections);
        shown();
      });
  }
}
