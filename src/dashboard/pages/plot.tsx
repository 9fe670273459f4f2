import type { SalesTimeline } from "../../domain/sales-timeline";
import { countTicks, timeTicks } from "./plot-axes";
import { Axes, clockName, FiguresTable, LineLegend, PlotFigure, plotScales, stepPath, type PlotBox } from "./plot-parts";
import { localInputValue } from "../../domain/time-zones";
import { words } from "../words";

/**
 * Sales over time drawn from the event's status history: booked places as a solid line, held
 * places as a dashed one (told apart by pattern as well as colour), with the same figures in a
 * table for anyone who cannot see the picture.
 */

const BOX: PlotBox = { W: 720, H: 260, M: { left: 64, right: 16, top: 24, bottom: 52 } };

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
  const scales = plotScales(BOX, t0, t1, top);
  const { x, y } = scales;
  const { W, M } = BOX;
  const line = (pick: (p: (typeof points)[number]) => number) => stepPath(points, pick, scales, t0, salesEnd);
  const last = points.at(-1)!;
  return (
    <PlotFigure
      box={BOX}
      id="sales-plot-title"
      title={w.t("plot.title", { booked: last.booked, held: last.held, at: clock(last.at, zone, true) })}
      caption={
        <>
          <LineLegend solid={w.t("plot.bookedLine")} dashed={w.t("plot.heldLine")} />
          {Number.isFinite(start) && !startShown ? <p class="hint">{w.t("plot.startsAt", { at: clock(new Date(start).toISOString(), zone, true) })}</p> : null}
          <FiguresTable
            summary={w.t("plot.asTable")}
            caption={w.t("plot.tableCaption")}
            first={w.t("plot.until")}
            figures={[w.t("status.booked"), w.t("status.held")]}
            rows={points.map((p) => [clock(p.at, zone, true), w.number(p.booked), w.number(p.held)])}
          />
        </>
      }
    >
      <Axes
        box={BOX}
        scales={scales}
        values={ticks.map((v) => ({ at: v, label: w.number(v) }))}
        times={timeTicks(t0, t1, zone)}
        timeTitle={w.t("plot.time", { clock: clockName(zone, t0) })}
      />
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
    </PlotFigure>
  );
}
