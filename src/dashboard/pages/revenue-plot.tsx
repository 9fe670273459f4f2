import type { SalesTimeline } from "../../domain/sales-timeline";
import { currencyDigits, formatPrice } from "../../domain/price-format";
import { words } from "../words";
import { countTicks, timeTicks } from "./plot-axes";
import { Axes, FiguresTable, PlotFigure, plotScales, stepPath, type PlotBox } from "./plot-parts";

/**
 * Revenue over time (docs/prices.md), beside the sales plot and from the same status history: the
 * amount booked so far at the prices locked with each booking (a released booking taken off), as
 * a solid line, with the figures in a table for anyone who cannot see the picture. Fees are the
 * ticketing site's and are not part of it.
 */

const BOX: PlotBox = { W: 720, H: 260, M: { left: 84, right: 16, top: 24, bottom: 52 } };

export function RevenuePlot(props: { timeline: SalesTimeline; currency: string; now: string; zone?: string }) {
  const { points, from } = props.timeline;
  const zone = props.zone ?? "UTC";
  const money = (minor: number) => formatPrice(minor, props.currency, words().language);
  if (!from || points.length === 0 || points.every((p) => p.revenue === 0)) return <p>{words().t("revenue.nothing")}</p>;
  const t0 = Date.parse(from);
  const t1 = Math.max(Date.parse(props.now), Date.parse(points.at(-1)!.at), t0 + 10 * 60_000);
  // Round ticks in whole units of the currency, drawn at their minor-unit height.
  const unit = 10 ** currencyDigits(props.currency);
  const { top, ticks } = countTicks(Math.ceil(Math.max(...points.map((p) => p.revenue)) / unit));
  const scales = plotScales(BOX, t0, t1, top * unit);
  const now = Date.parse(props.now);
  const last = points.at(-1)!;
  return (
    <PlotFigure
      box={BOX}
      id="revenue-plot-title"
      title={words().t("revenue.title", { amount: money(last.revenue), at: last.at.slice(0, 16).replace("T", " ") })}
      caption={
        <FiguresTable
          summary={words().t("revenue.asTable")}
          caption={words().t("revenue.caption", { currency: props.currency })}
          first={words().t("revenue.until")}
          figures={[words().t("revenue.revenue")]}
          rows={points.map((p) => [p.at.slice(0, 16).replace("T", " "), money(p.revenue)])}
        />
      }
    >
      <Axes
        box={BOX}
        scales={scales}
        values={ticks.map((v) => ({ at: v * unit, label: money(v * unit) }))}
        times={timeTicks(t0, t1, zone)}
        timeTitle={words().t("plot.time", { clock: zone })}
      />
      <path class="booked" d={stepPath(points, (p) => p.revenue, scales, t0, now > t0 ? Math.min(now, t1) : t1)} />
    </PlotFigure>
  );
}
