import type { SalesTimeline } from "../../domain/sales-timeline";
import { countTicks, timeTicks } from "./plot-axes";
import { localInputValue, offsetMinutes, offsetText } from "../../domain/time-zones";
import { words } from "../words";

/**
 * Sales over time drawn from the event's status history: booked places as a solid line, held
 * places as a dashed one (told apart by pattern as well as colour), with the same figures in a
 * table for anyone who cannot see the picture.
 */

const W = 720;
const H = 260;
const M = { left: 64, right: 16, top: 24, bottom: 52 };

/** The zone's clock as the plot names it: "UTC+01:00, Europe/Berlin". */
function clockName(zone: string, at: number): string {
  return `UTC${offsetText(offsetMinutes(zone, at))}${zone === "UTC" ? "" : `, ${zone}`}`;
}

/** An instant on the zone's clock: "2027-02-06 15:00", with the clock's name after it when `withZone`. */
function clock(iso: string, zone: string, withZone: boolean): string {
  const d = localInputValue(iso, zone).replace("T", " ");
  return withZone ? `${d} (${clockName(zone, Date.parse(iso))})` : d;
}

/**
 * The event's start widens the time axis when it is near enough to keep the sales readable (at
 * most three times the span of the sales so far); further off it is named under the plot instead.
 */
const START_REACH = 3;
/** …or when it is at most two hours after the first sale, however recent that was. */
const START_WITHIN_MS = 2 * 3600_000;
/** The shortest time axis drawn. */
const MIN_SPAN_MS = 10 * 60_000;

/** The plot up to `now` (or the event's start, see START_REACH): the last counts hold until then. */
export function SalesPlot(props: { timeline: SalesTimeline; now: string; startsAt?: string | null; zone?: string }) {
  const { points, from } = props.timeline;
  const zone = props.zone ?? "UTC";
  const w = words();
  if (!from || points.length === 0) return <p>{w.t("plot.nothing")}</p>;
  const t0 = Date.parse(from);
  const salesEnd = Math.max(Date.parse(props.now), Date.parse(points.at(-1)!.at), t0 + 60_000);
  const start = props.startsAt ? Date.parse(props.startsAt) : NaN;
  const startShown = Number.isFinite(start) && start >= t0 && start - t0 <= Math.max(START_REACH * (salesEnd - t0), START_WITHIN_MS);
  // At least MIN_SPAN_MS across, so a first minute of sales still has readable ticks; the lines stop at now.
  const t1 = Math.max(salesEnd, t0 + MIN_SPAN_MS, startShown ? start : 0);
  const { top, ticks } = countTicks(Math.max(...points.map((p) => Math.max(p.booked, p.held))));
  const x = (t: number) => M.left + ((t - t0) / (t1 - t0)) * (W - M.left - M.right);
  const y = (v: number) => H - M.bottom - (v / top) * (H - M.top - M.bottom);
  const line = (pick: (p: (typeof points)[number]) => number) => {
    let d = `M${x(t0).toFixed(1)} ${y(0).toFixed(1)}`;
    let prev = 0;
    for (const p of points) {
      const px = x(Date.parse(p.at)).toFixed(1);
      d += `L${px} ${y(prev).toFixed(1)}L${px} ${y(pick(p)).toFixed(1)}`;
      prev = pick(p);
    }
    return `${d}L${x(salesEnd).toFixed(1)} ${y(prev).toFixed(1)}`;
  };
  const last = points.at(-1)!;
  return (
    <figure>
      <svg class="plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="sales-plot-title">
        <title id="sales-plot-title">{w.t("plot.title", { booked: last.booked, held: last.held, at: clock(last.at, zone, true) })}</title>
        {ticks.map((v) => (
          <g>
            <line class="grid" x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} />
            <text x={M.left - 8} y={y(v) + 4} text-anchor="end">
              {w.number(v)}
            </text>
          </g>
        ))}
        {timeTicks(t0, t1, zone).map((t) => (
          <g>
            <line class="axis" x1={x(t.at)} x2={x(t.at)} y1={y(0)} y2={y(0) + 5} />
            <text x={x(t.at)} y={y(0) + 18} text-anchor="middle">
              {t.label}
            </text>
          </g>
        ))}
        <line class="axis" x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
        <line class="axis" x1={M.left} x2={M.left} y1={M.top} y2={y(0)} />
        <text class="axis-title" x={(M.left + W - M.right) / 2} y={H - 8} text-anchor="middle">
          {w.t("plot.time", { clock: clockName(zone, t0) })}
        </text>
        <text class="axis-title" x={14} y={(M.top + y(0)) / 2} text-anchor="middle" transform={`rotate(-90 14 ${(M.top + y(0)) / 2})`}>
          {w.t("plot.places")}
        </text>
        {startShown ? (
          <g class="start-mark">
            <line x1={x(start)} x2={x(start)} y1={M.top - 4} y2={y(0)} />
            <text x={x(start) > W / 3 ? x(start) - 4 : x(start) + 4} y={M.top - 8} text-anchor={x(start) > W / 3 ? "end" : "start"}>
              {w.t("plot.eventStarts")}
            </text>
          </g>
        ) : null}
        <path class="held" d={line((p) => p.held)} />
        <path class="booked" d={line((p) => p.booked)} />
      </svg>
      <figcaption>
        <ul class="legend">
          <li>
            <span class="line-sample" aria-hidden="true"></span> {w.t("plot.bookedLine")}
          </li>
          <li>
            <span class="line-sample dashed" aria-hidden="true"></span> {w.t("plot.heldLine")}
          </li>
        </ul>
        {Number.isFinite(start) && !startShown ? <p class="hint">{w.t("plot.startsAt", { at: clock(new Date(start).toISOString(), zone, true) })}</p> : null}
        <details>
          <summary>{w.t("plot.asTable")}</summary>
          <table>
            <caption class="visually-hidden">{w.t("plot.tableCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{w.t("plot.until")}</th>
                <th scope="col" class="num">
                  {w.t("status.booked")}
                </th>
                <th scope="col" class="num">
                  {w.t("status.held")}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr>
                  <td>{clock(p.at, zone, true)}</td>
                  <td class="num">{w.number(p.booked)}</td>
                  <td class="num">{w.number(p.held)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
