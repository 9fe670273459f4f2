import type { SalesTimeline } from "../../domain/sales-timeline";

/**
 * Sales over time drawn from the event's status history: booked places as a solid line, held
 * places as a dashed one (told apart by pattern as well as colour), with the same figures in a
 * table for anyone who cannot see the picture.
 */

const W = 720;
const H = 240;
const M = { left: 48, right: 16, top: 16, bottom: 36 };

/** A round upper bound for the y axis: 1, 2, 5 × 10^n. */
function niceMax(n: number): number {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  return 10 * p;
}

function clock(iso: string, withDate: boolean): string {
  const d = iso.replace("T", " ").replace(/:\d\d(\.\d+)?Z$/, "");
  return withDate ? `${d} UTC` : d.slice(11);
}

/** The plot up to `now`: the last counts hold until the present. */
export function SalesPlot(props: { timeline: SalesTimeline; now: string }) {
  const { points, from } = props.timeline;
  if (!from || points.length === 0) return <p>Nothing has been held or booked yet.</p>;
  const t0 = Date.parse(from);
  const t1 = Math.max(Date.parse(props.now), Date.parse(points.at(-1)!.at), t0 + 1000);
  const top = niceMax(Math.max(...points.map((p) => Math.max(p.booked, p.held))));
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
    return `${d}L${x(t1).toFixed(1)} ${y(prev).toFixed(1)}`;
  };
  const last = points.at(-1)!;
  const end = new Date(t1).toISOString();
  const sameDay = from.slice(0, 10) === end.slice(0, 10);
  return (
    <figure>
      <svg class="plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="sales-plot-title">
        <title id="sales-plot-title">{`Sales over time: ${last.booked} places booked and ${last.held} held at ${clock(last.at, true)}`}</title>
        {/* A middle line only where it falls on a whole number of places (not "1" twice for a top of 1). */}
        {(top % 2 === 0 ? [0, 0.5, 1] : [0, 1]).map((f) => (
          <g>
            <line class="grid" x1={M.left} x2={W - M.right} y1={y(top * f)} y2={y(top * f)} />
            <text x={M.left - 6} y={y(top * f) + 4} text-anchor="end">
              {String(Math.round(top * f))}
            </text>
          </g>
        ))}
        <line class="axis" x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
        <line class="axis" x1={M.left} x2={M.left} y1={M.top} y2={y(0)} />
        <text x={M.left} y={H - 12}>
          {clock(from, true)}
        </text>
        <text x={W - M.right} y={H - 12} text-anchor="end">
          {clock(end, !sameDay)}
        </text>
        <path class="held" d={line((p) => p.held)} />
        <path class="booked" d={line((p) => p.booked)} />
      </svg>
      <figcaption>
        <ul class="legend">
          <li>
            <span class="line-sample" aria-hidden="true"></span> Booked places (solid line)
          </li>
          <li>
            <span class="line-sample dashed" aria-hidden="true"></span> Held places (dashed line)
          </li>
        </ul>
        <details>
          <summary>Sales over time as a table</summary>
          <table>
            <caption class="visually-hidden">Booked and held places over time</caption>
            <thead>
              <tr>
                <th scope="col">Until</th>
                <th scope="col" class="num">
                  Booked
                </th>
                <th scope="col" class="num">
                  Held
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr>
                  <td>{clock(p.at, true)}</td>
                  <td class="num">{p.booked}</td>
                  <td class="num">{p.held}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
