/**
 * The event page's (and the season page's) live seat map, drawn by the browser SDK with the
 * environment's publishable key, and the box office's selection on it. A click (or Enter or Space)
 * on an object does not hold it, as it would for a buyer: it adds the label to the "Selected seats
 * and areas" field, one label per line, which the box-office buttons send to the server, which holds
 * and books under a token of its own. The field can also be typed into, so nothing depends on the
 * pointer; "Select whole rows" and "Select whole sections" widen the selection. Each channel's seats
 * carry a ring (client/channel-rings.ts). For a member without the box office the map is only read.
 */
import type { SeatingChartConfig } from "../../sdk/types";
import { ApiClient } from "../../sdk/api";
import { venueReader } from "../../sdk/objects-compact-venue";
import { refreshRegions } from "./refresh";
import { MapIndex, Selection } from "./box-office-selection";
import { drawChannelRings } from "./channel-rings";
import { say } from "./words";

interface Chart {
  render(): Promise<unknown>;
}

declare global {
  interface Window {
    Seating?: { SeatingChart: new (config: SeatingChartConfig) => Chart };
  }
}

/** Draws the map (when the page has one) and wires the selection to the box-office form. */
export async function initSeatMap(): Promise<void> {
  const host = document.getElementById("seat-map");
  const input = document.getElementById("bo-labels") as HTMLTextAreaElement | null;
  if (!host) return;
  const { publicKey, eventKey, seasonKey, channelKeys, channelPasses } = host.dataset;
  if (!window.Seating || !publicKey || !eventKey) {
    host.textContent = say("map.failed");
    return;
  }
  // The box office sells every channel (docs/channels.md): its map shows every pool's seats as selectable.
  const chart = new window.Seating.SeatingChart({
    divId: host.id,
    publicKey,
    ...(seasonKey ? { season: seasonKey } : { event: eventKey }),
    apiBaseUrl: location.origin,
    ...(channelKeys ? { channelKeys: channelKeys.split(",") } : {}),
    // The page's passes to protected channels (docs/security.md): the box office sees and sells them too.
    ...(channelPasses ? { channelPasses: channelPasses.split(",") } : {}),
  });
  // The layout's rows and sections and the seats' channels, read beside the map (the SDK keeps its own to itself).
  const objects = new ApiClient(location.origin, publicKey, eventKey);
  if (channelPasses) objects.passes = channelPasses.split(",");
  // Tables and booths are read too (docs/tables.md): the box office sells them by label.
  objects.loadVenue = async () => ({ venueReader });
  const [, read, pricing] = await Promise.all([chart.render(), objects.objects().catch(() => null), objects.pricing().catch(() => null)]);
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
  const index = new MapIndex(read);
  const selection = new Selection(svg, input, index, pricing);
  drawChannelRings(svg, index);

  const take = (e: Event) => {
    // The map's own pan handler cancels the click that ends a drag: that is not a choice.
    if (e.defaultPrevented) return;
    const target = (e.target as Element | null)?.closest?.("[data-object-label]");
    const label = target?.getAttribute("data-object-label");
    if (!label) return;
    // Ahead of the SDK's own handler, which would hold the object for a buyer.
    e.stopPropagation();
    e.preventDefault();
    selection.toggle(label);
  };
  svg.addEventListener("click", take, { capture: true });
  svg.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Enter" || e.key === " " || e.key === "Spacebar") take(e);
    },
    { capture: true },
  );
  // After a box-office action the selection has been acted on: start afresh; an assignment to a
  // channel has moved seats, so the rings are drawn again from a fresh read once the legend is.
  document.addEventListener("dashboard:done", (e) => {
    const form = (e as CustomEvent<{ form: HTMLFormElement }>).detail.form;
    if (!form.contains(input)) return;
    selection.clear();
    void Promise.all([refreshRegions(), objects.objects().catch(() => null)]).then(([, fresh]) => {
      index.update(fresh);
      drawChannelRings(svg, index);
    });
  });
}
