/**
 * Puts a drawn map into the chart's chrome: places the objects (src/geometry), picks the renderer
 * by size (docs/sdk.md: up to 10,000 objects one element each at every zoom, above that a canvas
 * with elements for what is on screen and big enough to click), and wires the input a map takes
 * from people: the zoom buttons, and a click, Enter or Space on an object.
 */
import { computeGeometry } from "../geometry/object-placement";
import type { Point } from "../geometry/seat-plan";
import type { Chrome } from "./chrome";
import type { MapState } from "./map-state";
import { LARGE_MAP_OBJECTS, type MapModel, type MapView } from "./map-view";
import { loadPart } from "./parts";
import { SmallMap } from "./small-map";
import type { Words } from "./words";

/** How much one press of a zoom button zooms. */
const ZOOM_STEP = 1.4;

/** Whether a map of `count` objects is drawn as a large map, and so built in several tasks. */
export const isLargeMap = (count: number) => count > LARGE_MAP_OBJECTS;

export interface MountOptions {
  eventKey: string;
  /** The service the chart talks to: where the large-map renderer comes from when the bundle's origin is unknown. */
  apiBase: string;
  /** The chart's language. */
  words: Words;
  focalPoint?: Point | null;
  /** False once the chart is destroyed: building stops between tasks. */
  wanted(): boolean;
  /** An object was activated by click, Enter or Space. */
  onActivate(label: string): void;
  /** The floor shown (docs/tables.md): only its objects, and those on no floor, are drawn. */
  floorKey?: string;
}

/**
 * Draws the state's objects into `chrome.stage` and returns the map, or null when the chart was
 * destroyed meanwhile. A large map is built in a few tasks rather than one, so a stadium never
 * blocks input for long. The large-map renderer is a part of the SDK loaded on demand (parts.ts),
 * fetched while the objects are placed.
 */
export async function mountMap(chrome: Chrome, state: MapState, options: MountOptions): Promise<MapView | null> {
  const all = [...state.objects.values()];
  // Floors are the venue part's (docs/tables.md), loaded for every layout that has them.
  const venue = state.venue;
  const { objects: shown, rows } =
    options.floorKey !== undefined && venue ? venue.floorObjects(all, state.layoutRows, options.floorKey) : { objects: all, rows: state.layoutRows };
  const big = isLargeMap(shown.length);
  const part = big ? loadPart("large-map", options.apiBase) : null;
  part?.catch(() => undefined);
  const geometry = computeGeometry(shown, rows, options.focalPoint, venue?.addVenue);
  if (big) await nextTask();
  if (!options.wanted()) return null;
  const model: MapModel = {
    eventKey: options.eventKey,
    objects: state.objects,
    categories: state.categories,
    viewOf: (label) => state.view(label),
    words: options.words,
    venue,
  };
  let map: MapView;
  if (part) {
    const { LargeMap } = await part;
    if (!options.wanted()) return null;
    const grid = LargeMap.gridOf(geometry, model);
    await nextTask();
    if (!options.wanted()) return null;
    map = new LargeMap(chrome.stage, geometry, model, grid, state.takenLabels());
  } else {
    map = new SmallMap(chrome.stage, geometry, model);
  }
  chrome.zoomIn.onclick = () => map.zoomBy(ZOOM_STEP);
  chrome.zoomOut.onclick = () => map.zoomBy(1 / ZOOM_STEP);
  chrome.zoomReset.onclick = () => map.reset();
  listenForActivation(map, options.onActivate);
  return map;
}

/** The smallest a seat must be drawn for a finger to hit it (WCAG 2.5.8). */
const MIN_TARGET_PX = 24;
/** How big a tap on a small map draws the seats: a little more than the minimum, for a thumb. */
const TAP_ZOOM_PX = 30;

/**
 * Click, Enter and Space on an object's element (docs/sdk.md) call `onActivate` with its label.
 *
 * Every map opens on the whole venue, phones included: every seat, the stage and the section
 * names. Where that draws seats smaller than a finger (under MIN_TARGET_PX), a tap by touch or pen
 * does not hold the seat under it (a guess among several): it zooms there until seats are
 * TAP_ZOOM_PX across, and the next tap holds. A mouse click, the keyboard and assistive
 * technology (whose activation comes without a pointer) always act on the object itself, and a
 * standing area, drawn large, is always a target.
 */
function listenForActivation(map: MapView, onActivate: (label: string) => void): void {
  const root = map.root;
  let pointer = "";
  const targetOf = (e: Event) => (e.target as Element | null)?.closest?.("[data-object-label]") ?? null;
  root.addEventListener("pointerdown", (e) => {
    pointer = e.pointerType;
  });
  root.addEventListener("click", (e) => {
    const coarse = pointer === "touch" || pointer === "pen";
    pointer = "";
    // A large map's section block zooms itself in.
    if (e.defaultPrevented) return;
    const target = targetOf(e);
    const area = target?.getAttribute("data-object-type") === "generalAdmission";
    if (coarse && !area && map.seatPixels() < MIN_TARGET_PX) {
      map.zoomToSeats(TAP_ZOOM_PX, e.clientX, e.clientY);
      return;
    }
    const label = target?.getAttribute("data-object-label");
    if (label) onActivate(label);
  });
  root.addEventListener("keydown", (e) => {
    const key = e.key;
    if (key !== "Enter" && key !== " " && key !== "Spacebar") return;
    e.preventDefault();
    const label = targetOf(e)?.getAttribute("data-object-label");
    if (label) onActivate(label);
  });
}

/** Resolves in a new task (a message, not a clamped timer), letting input and painting in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
