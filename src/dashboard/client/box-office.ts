/**
 * The event page's live seat map, drawn by the browser SDK with the environment's publishable key,
 * and the box office's selection on it. A click (or Enter or Space) on an object does not hold it,
 * as it would for a buyer: it adds the label to the "Selected seats and areas" field, which the box-office
 * buttons send to the server, which holds and books under a token of its own. The field can also be
 * typed into, so nothing depends on the pointer. For a member without the box office the map is
 * only read.
 */
import type { SeatingChartConfig } from "../../sdk/types";

interface Chart {
  render(): Promise<unknown>;
}

declare global {
  interface Window {
    Seating?: { SeatingChart: new (config: SeatingChartConfig) => Chart };
  }
}

function labelsIn(input: HTMLInputElement): string[] {
  return input.value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Draws the map (when the page has one) and wires the selection to the box-office form. */
export async function initSeatMap(): Promise<void> {
  const host = document.getElementById("seat-map");
  const input = document.getElementById("bo-labels") as HTMLInputElement | null;
  if (!host) return;
  const { publicKey, eventKey, channelKeys } = host.dataset;
  if (!window.Seating || !publicKey || !eventKey) {
    host.textContent = "The seat map could not be loaded.";
    return;
  }
  // The box office sells every channel (contract §12): its map shows every pool's seats as selectable.
  const chart = new window.Seating.SeatingChart({
    divId: host.id,
    publicKey,
    event: eventKey,
    apiBaseUrl: location.origin,
    ...(channelKeys ? { channelKeys: channelKeys.split(",") } : {}),
  });
  await chart.render();
  // When the map became usable, in ms since navigation started: what the performance check reads.
  document.body.dataset.mapReadyMs = String(Math.round(performance.now()));
  document.body.dataset.mapReady = "true";
  const svg = host.querySelector<SVGSVGElement>("svg.seating-map");
  if (!svg) return;
  if (!input) {
    // A member without the box office (a viewer, say) reads the map: a click must not hold a seat as a buyer would.
    const ignore = (e: Event) => {
      if ((e.target as Element | null)?.closest?.("[data-object-label]")) e.stopPropagation();
    };
    svg.addEventListener("click", ignore, { capture: true });
    svg.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " " || e.key === "Spacebar") && ignore(e), { capture: true });
    return;
  }
  const announce = document.getElementById("bo-announce");

  const mark = () => {
    const chosen = new Set(labelsIn(input));
    for (const el of svg.querySelectorAll("[data-box-office]")) {
      if (!chosen.has(el.getAttribute("data-object-label") ?? "")) el.removeAttribute("data-box-office");
    }
    for (const label of chosen) svg.querySelector(`[data-object-label="${CSS.escape(label)}"]`)?.setAttribute("data-box-office", "selected");
  };
  const toggle = (label: string) => {
    const chosen = labelsIn(input);
    const at = chosen.indexOf(label);
    if (at >= 0) chosen.splice(at, 1);
    else chosen.push(label);
    input.value = chosen.join(", ");
    mark();
    if (announce) announce.textContent = `${label} ${at >= 0 ? "removed from" : "added to"} the selection; ${chosen.length} selected`;
  };
  const take = (e: Event) => {
    // The map's own pan handler cancels the click that ends a drag: that is not a choice.
    if (e.defaultPrevented) return;
    const target = (e.target as Element | null)?.closest?.("[data-object-label]");
    const label = target?.getAttribute("data-object-label");
    if (!label) return;
    // Ahead of the SDK's own handler, which would hold the object for a buyer.
    e.stopPropagation();
    e.preventDefault();
    toggle(label);
  };
  svg.addEventListener("click", take, { capture: true });
  svg.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Enter" || e.key === " " || e.key === "Spacebar") take(e);
    },
    { capture: true },
  );
  input.addEventListener("input", mark);
  // After a box-office action the selection has been acted on: start afresh.
  document.addEventListener("dashboard:done", (e) => {
    const form = (e as CustomEvent<{ form: HTMLFormElement }>).detail.form;
    if (!form.contains(input)) return;
    input.value = "";
    mark();
  });
  mark();
}
