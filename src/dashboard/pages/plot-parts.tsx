import type { Child } from "hono/jsx";
import { offsetMinutes, offsetText } from "../../domain/time-zones";
import { NumHeads } from "./table-parts";

/**
 * What the dashboard's plots (sales, revenue, the waiting room) draw alike: the figure with its
 * picture named by its title, the scales from time and value to the picture, the axes, a step line,
 * a legend that tells a solid line from a dashed one by pattern as well as colour, and the same
 * figures as a table for anyone who cannot see the picture.
 */

/** A plot's size and margins, in the picture's own units. */
export interface PlotBox {
  W: number;
  H: number;
  M: { left: number; right: number; top: number; bottom: number };
}

/** The zone's clock as a plot names it: "UTC+01:00, Europe/Berlin". */
export function clockName(zone: string, at: number): string {
  return `UTC${offsetText(offsetMinutes(zone, at))}${zone === "UTC" ? "" : `, ${zone}`}`;
}

/** Time (ms) from t0 to t1 across the picture, a value from 0 to `top` up it. */
export function plotScales(box: PlotBox, t0: number, t1: number, top: number) {
  const { W, H, M } = box;
  return {
    x: (t: number) => M.left + ((t - t0) / (t1 - t0)) * (W - M.left - M.right),
    y: (v: number) => H - M.bottom - (v / top) * (H - M.top - M.bottom),
  };
}

/**
 * A line of figures that each hold until the next one changes them: from zero at t0, through every
 * point, on to `end` at the last figure.
 */
export function stepPath<P extends { at: string }>(
  points: P[],
  value: (p: P) => number,
  scales: ReturnType<typeof plotScales>,
  t0: number,
  end: number,
): string {
  const { x, y } = scales;
  let d = `M${x(t0).toFixed(1)} ${y(0).toFixed(1)}`;
  let prev = 0;
  for (const p of points) {
    const px = x(Date.parse(p.at)).toFixed(1);
    d += `L${px} ${y(prev).toFixed(1)}L${px} ${y(value(p)).toFixed(1)}`;
    prev = value(p);
  }
  return `${d}L${x(end).toFixed(1)} ${y(prev).toFixed(1)}`;
}

/** The picture with its title (its accessible name) and, under it, the caption. */
export function PlotFigure(props: { box: PlotBox; id: string; title: string; children: Child; caption: Child }) {
  return (
    <figure>
      <svg class="plot" viewBox={`0 0 ${props.box.W} ${props.box.H}`} role="img" aria-labelledby={props.id}>
        <title id={props.id}>{props.title}</title>
        {props.children}
      </svg>
      <figcaption>{props.caption}</figcaption>
    </figure>
  );
}

/**
 * A grid line and label for each value up, a tick and label for each time across, both axes, and
 * the time axis's title.
 */
export function Axes(props: {
  box: PlotBox;
  scales: ReturnType<typeof plotScales>;
  values: { at: number; label: string }[];
  times: { at: number; label: string }[];
  timeTitle: string;
}) {
  const { W, H, M } = props.box;
  const { x, y } = props.scales;
  return (
    <>
      {props.values.map((v) => (
        <g>
          <line class="grid" x1={M.left} x2={W - M.right} y1={y(v.at)} y2={y(v.at)} />
          <text x={M.left - 8} y={y(v.at) + 4} text-anchor="end">
            {v.label}
          </text>
        </g>
      ))}
      {props.times.map((t) => (
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
        {props.timeTitle}
      </text>
    </>
  );
}

/** The legend of a plot of two lines: what the solid one and what the dashed one stand for. */
export function LineLegend(props: { solid: string; dashed: string }) {
  return (
    <ul class="legend">
      <li>
        <span class="line-sample" aria-hidden="true"></span> {props.solid}
      </li>
      <li>
        <span class="line-sample dashed" aria-hidden="true"></span> {props.dashed}
      </li>
    </ul>
  );
}

/** The plot's figures as a table, folded away under `summary`: a row per point, its time first. */
export function FiguresTable(props: { summary: string; caption: string; first: string; figures: string[]; rows: [string, ...string[]][] }) {
  return (
    <details>
      <summary>{props.summary}</summary>
      <table>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{props.first}</th>
            <NumHeads labels={props.figures} />
          </tr>
        </thead>
        <tbody>
          {props.rows.map(([first, ...figures]) => (
            <tr>
              <td>{first}</td>
              {figures.map((f) => (
                <td class="num">{f}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
