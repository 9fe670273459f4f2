/**
 * Puts a drawn map into the chart's chrome: places the objects (src/geometry), picks the renderer
 * by size (contract §7: up to 10,000 objects one element each at every zoom, above that a canvas
 * with elements for what is on screen and big enough to click), and wires the input a map takes
 * from people: the zoom buttons, and a click, Enter or Space on an object.
 */
import { computeGeometry, type MapGeometry } from "../geometry/object-placement";
import type { Point } from "../geometry/seat-plan";
import type { Chrome } from "./chrome";
import { LargeMap } from "./large-map";
import type { MapState } from "./map-state";
import { LARGE_MAP_OBJECTS, type MapModel, type MapView } from "./map-view";
import { SmallMap } from "./small-map";

/** How much one press of a zoom button zooms. */
const ZOOM_STEP = 1.4;

/** Whether a map of `count` objects is drawn as a large map, and so built in several tasks. */
export const isLargeMap = (count: number) => count > LARGE_MAP_OBJECTS;

export interface MountOptions {
  eventKey: string;
  focalPoint?: Point | null;
  /** False once the chart is destroyed: building stops between tasks. */
  wanted(): boolean;
  /** An object was activated by click, Enter or Space. */
  onActivate(label: string): void;
}

/**
 * Draws the state's objects into `chrome.stage` and returns the map, or null when the chart was
 * destroyed meanwhile. A large map is built in a few tasks rather than one, so a stadium never
 * blocks input for long.
 */
export async function mountMap(chrome: Chrome, state: MapState, options: MountOptions): Promise<MapView | null> {
  const big = isLargeMap(state.objects.size);
  const geometry = computeGeometry([...state.objects.values()], state.layoutRows, options.focalPoint);
  if (big) await nextTask();
  if (!options.wanted()) return null;
  const model: MapModel = { eventKey: options.eventKey, objects: state.objects, categories: state.categories, viewOf: (label) => state.view(label) };
  let map: MapView;
  if (big) {
    const grid = LargeMap.gridOf(geometry, model);
    await nextTask();
    if (!options.wanted()) return null;
    map = new LargeMap(chrome.stage, geometry, model, grid, state.takenLabels());
  } else {
    const small = new SmallMap(chrome.stage, geometry, model);
    openWhereTappable(small, geometry);
    map = small;
  }
  chrome.zoomIn.onclick = () => map.zoomBy(ZOOM_STEP);
  chrome.zoomOut.onclick = () => map.zoomBy(1 / ZOOM_STEP);
  chrome.zoomReset.onclick = () => map.reset();
  listenForActivation(map.root, options.onActivate);
  return map;
}

/** The smallest a seat is drawn when a map opens on a narrow screen: a finger's target (WCAG 2.5.8). */
const MIN_TARGET_PX = 24;
/** Stages narrower than this are phones: the map opens on its first section rather than all of it. */
const NARROW_STAGE_PX = 640;

/**
 * On a phone the whole map draws seats a few pixels wide; it opens instead on the first section
 * (in the layout's order), with seats at least MIN_TARGET_PX across. Pinch or "Show the whole
 * map" shows the rest.
 */
function openWhereTappable(map: SmallMap, geometry: MapGeometry): void {
  const seat = geometry.seats[0];
  const section = geometry.sections[0];
  if (!seat || !section || map.root.getBoundingClientRect().width >= NARROW_STAGE_PX) return;
  if (2 * seat.r * map.homeScale >= MIN_TARGET_PX) return;
  map.focus(section, MIN_TARGET_PX / (2 * seat.r));
}

/** Click, Enter and Space on an object's element (contract §7) call `onActivate` with its label. */
function listenForActivation(root: Element, onActivate: (label: string) => void): void {
  const activate = (e: Event) => {
    const target = (e.target as Element | null)?.closest?.("[data-object-label]");
    const label = target?.getAttribute("data-object-label");
    if (label) onActivate(label);
  };
  root.addEventListener("click", activate);
  root.addEventListener("keydown", (e) => {
    const key = (e as KeyboardEvent).key;
    if (key === "Enter" || key === " " || key === "Spacebar") {
      e.preventDefault();
      activate(e);
    }
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
