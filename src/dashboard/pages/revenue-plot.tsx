import type { SalesTimeline } from "../../domain/sales-timeline";
import { currencyDigits, formatPrice } from "../../domain/price-format";
import { words } from "../words";
import { countTicks, timeTicks } from "./plot-axes";

/**
 * Revenue over time (docs/prices.md), beside the sales plot and from the same status history: the
 * amount booked so far at the prices locked with each booking (a released booking taken off), as
 * a solid line, with the figures in a table for anyone who cannot see the picture. Fees are the
 * ticketing site's and are not part of it.
 */

const W = 720;
const H = 260;
const M = { left: 84, right: 16, top: 24, bottom: 52 };

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
  const x = (t: number) => M.left + ((t - t0) / (t1 - t0)) * (W - M.left - M.right);
  const y = (minor: number) => H - M.bottom - (minor / (top * unit)) * (H - M.top - M.bottom);
  let d = `M${x(t0).toFixed(1)} ${y(0).toFixed(1)}`;
  let prev = 0;
  for (const p of points) {
    const px = x(Date.parse(p.at)).toFixed(1);
    d += `L${px} ${y(prev).toFixed(1)}L${px} ${y(p.revenue).toFixed(1)}`;
    prev = p.revenue;
  }
  d += `L${x(Date.parse(props.now) > t0 ? Math.min(Date.parse(props.now), t1) : t1).toFixed(1)} ${y(prev).toFixed(1)}`;
  const last = points.at(-1)!;
  return (
    <figure>
      <svg class="plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="revenue-plot-title">
        <title id="revenue-plot-title">{words().t("revenue.title", { amount: money(last.revenue), at: last.at.slice(0, 16).replace("T", " ") })}</title>
        {ticks.map((v) => (
          <g>
            <line class="grid" x1={M.left} x2={W - M.right} y1={y(v * unit)} y2={y(v * unit)} />
            <text x={M.left - 8} y={y(v * unit) + 4} text-anchor="end">
              {money(v * unit)}
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
          {words().t("plot.time", { clock: zone })}
        </text>
        <path class="booked" d={d} />
      </svg>
      <figcaption>
        <details>
          <summary>{words().t("revenue.asTable")}</summary>
          <table>
            <caption class="visually-hidden">{words().t("revenue.caption", { currency: props.currency })}</caption>
            <thead>
              <tr>
                <th scope="col">{words().t("revenue.until")}</th>
                <th scope="col" class="num">
                  {words().t("revenue.revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr>
                  <td>{p.at.slice(0, 16).replace("T", " ")}</td>
                  <td class="num">{money(p.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
