/**
 * The box office's map shows which channel each seat is in: a ring around the seat in the
 * channel's colour and dash pattern (so two channels differ by more than colour), explained by the
 * legend under the box office (pages/box-office-panel.tsx, which decides each channel's look), and
 * said to screen readers through the seat's description ("Members' presale: dashed ring…"). The
 * rings are drawn over the SDK's map, never inside its elements, and let every click through.
 */
import type { MapIndex } from "./box-office-selection";

const NS = "http://www.w3.org/2000/svg";
/** The dash patterns of the legend's rings (box-office-panel.tsx RING_PATTERNS), by index. */
const DASHES = ["", "4 2.5", "1 2", "6 2 1.5 2"];

/** Removes the rings and descriptions drawn before, then draws one ring per seat in a channel. */
export function drawChannelRings(svg: SVGSVGElement, index: MapIndex): void {
  for (const ring of svg.querySelectorAll(".bo-channel-ring")) ring.remove();
  for (const el of svg.querySelectorAll("[data-bo-channel]")) {
    el.removeAttribute("data-bo-channel");
    el.removeAttribute("aria-describedby");
  }
  const legend = document.querySelectorAll<HTMLElement>("#bo-channel-legend [data-channel-key]");
  if (legend.length === 0) return;
  const layer = svg.querySelector(".seating-layer") ?? svg;
  const rings = document.createDocumentFragment();
  const byChannel = index.byChannel();
  for (const item of legend) {
    const key = item.dataset.channelKey!;
    const color = item.dataset.channelColor ?? "#0b0c0c";
    const dash = DASHES[Number(item.dataset.channelPattern)] ?? "";
    const described = item.querySelector("span[id]")?.id;
    for (const label of byChannel.get(key) ?? []) {
      const seat = svg.querySelector<SVGCircleElement>(`circle[data-object-label="${CSS.escape(label)}"]`);
      if (!seat) continue;
      seat.setAttribute("data-bo-channel", key);
      if (described) seat.setAttribute("aria-describedby", described);
      const r = Number(seat.getAttribute("r") ?? 8);
      const ring = document.createElementNS(NS, "circle");
      for (const [k, v] of Object.entries({
        class: "bo-channel-ring",
        cx: seat.getAttribute("cx") ?? "0",
        cy: seat.getAttribute("cy") ?? "0",
        r: String(r + Math.max(2, r * 0.35)),
        fill: "none",
        stroke: color,
        "stroke-width": String(Math.max(1.5, r * 0.3)),
        "aria-hidden": "true",
        "pointer-events": "none",
        "data-channel": key,
      }))
        ring.setAttribute(k, v);
      // The legend's dashes are drawn for a seat of radius 8: scaled with the seat, the pattern reads the same.
      if (dash)
        ring.setAttribute(
          "stroke-dasharray",
          dash
            .split(" ")
            .map((d) => String((Number(d) * r) / 8))
            .join(" "),
        );
      rings.appendChild(ring);
    }
  }
  layer.appendChild(rings);
}
