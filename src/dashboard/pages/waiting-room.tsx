import type { WaitingRoom } from "../../domain/waiting-room";
import { ApiForm, Field } from "./components";
import { DateTimeField } from "./time-fields";
import { localInputValue } from "../../domain/time-zones";
import { clockName, FiguresTable, LineLegend, PlotFigure, plotScales, type PlotBox } from "./plot-parts";
import { NumHeads } from "./table-parts";
import { words } from "../words";

/**
 * The event page's waiting room (docs/waiting-room.md): a form that configures it, and its live figures
 * (refreshed every 5 s) with a plot of admissions per minute and the queue's length over the last
 * hour, and the same figures in a table for anyone who cannot see the picture.
 */

/** A tick of the pacer: when, how many it admitted, how many still waited. */
export interface RoomTick {
  at: number;
  admitted: number;
  waiting: number;
}

const BOX: PlotBox = { W: 720, H: 200, M: { left: 56, right: 16, top: 16, bottom: 32 } };

function niceMax(n: number): number {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * p >= n) return m * p;
  return 10 * p;
}

/** Ticks grouped by minute: admitted in it, and the queue at its end. */
function perMinute(ticks: RoomTick[]): { minute: number; admitted: number; waiting: number }[] {
  const out = new Map<number, { minute: number; admitted: number; waiting: number }>();
  for (const t of ticks) {
    const minute = Math.floor(t.at / 60_000) * 60_000;
    const m = out.get(minute) ?? { minute, admitted: 0, waiting: 0 };
    m.admitted += t.admitted;
    m.waiting = t.waiting;
    out.set(minute, m);
  }
  return [...out.values()].sort((a, b) => a.minute - b.minute);
}

/** "14:05" on the clock of `zone`. */
const hhmm = (ms: number, zone: string) => localInputValue(new Date(ms).toISOString(), zone).slice(11, 16);

function RoomPlot(props: { minutes: { minute: number; admitted: number; waiting: number }[]; zone: string }) {
  const { minutes, zone } = props;
  const w = words();
  if (minutes.length === 0) return <p>{w.t("room.nobody")}</p>;
  const t0 = minutes[0]!.minute;
  const t1 = Math.max(minutes.at(-1)!.minute, t0 + 60_000);
  const top = niceMax(Math.max(...minutes.map((m) => Math.max(m.admitted, m.waiting))));
  const { x, y } = plotScales(BOX, t0, t1, top);
  const { W, H, M } = BOX;
  const path = (pick: (m: (typeof minutes)[number]) => number) =>
    minutes.map((m, i) => `${i === 0 ? "M" : "L"}${x(m.minute).toFixed(1)} ${y(pick(m)).toFixed(1)}`).join("");
  const last = minutes.at(-1)!;
  const clock = clockName(zone, last.minute);
  return (
    <PlotFigure
      box={BOX}
      id="room-plot-title"
      title={w.t("room.plotTitle", { admitted: last.admitted, from: hhmm(last.minute, zone), clock, waiting: last.waiting })}
      caption={
        <>
          <LineLegend solid={w.t("room.admittedLine")} dashed={w.t("room.waitingLine")} />
          <FiguresTable
            summary={w.t("room.asTable")}
            caption={w.t("room.tableCaption")}
            first={w.t("room.minute", { clock })}
            figures={[w.t("room.admitted"), w.t("room.waiting")]}
            rows={minutes.map((m) => [hhmm(m.minute, zone), w.number(m.admitted), w.number(m.waiting)])}
          />
        </>
      }
    >
      {[0, 0.5, 1].map((f) => (
        <g>
          <line class="grid" x1={M.left} x2={W - M.right} y1={y(top * f)} y2={y(top * f)} />
          <text x={M.left - 6} y={y(top * f) + 4} text-anchor="end">
            {w.number(Math.round(top * f))}
          </text>
        </g>
      ))}
      <text x={M.left} y={H - 8}>
        {hhmm(t0, zone)}
      </text>
      <text x={W - M.right} y={H - 8} text-anchor="end">
        {`${hhmm(t1, zone)} (${clock})`}
      </text>
      <line class="axis" x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} />
      <path class="held" d={path((m) => m.waiting)} />
      <path class="booked" d={path((m) => m.admitted)} />
    </PlotFigure>
  );
}

export function WaitingRoomPanel(props: { api: string; room: WaitingRoom | null; ticks: RoomTick[]; zone: string }) {
  const { room } = props;
  const minutes = perMinute(props.ticks);
  const w = words();
  return (
    <section class="panel" aria-labelledby="room-title">
      <h2 id="room-title">{w.t("room.title")}</h2>
      <p class="hint">{w.t("room.lead")}</p>
      <ApiForm id="waiting-room" api={props.api} method="PUT" done={w.t("room.saved")} label={w.t("room.title")}>
        <div class="field">
          <label for="room-enabled">{w.t("room.title")}</label>
          <select id="room-enabled" name="enabled" data-type="boolean">
            <option value="false" selected={!room?.enabled}>
              {w.t("common.off")}
            </option>
            <option value="true" selected={room?.enabled === true}>
              {w.t("common.on")}
            </option>
          </select>
        </div>
        <DateTimeField
          id="room-opens"
          name="opensAt"
          label={w.t("room.opens")}
          at={room?.opensAt ?? new Date(Date.now() + 3_600_000).toISOString()}
          zone={props.zone}
          hint={w.t("room.opensHint", { zone: props.zone })}
          required
        />
        <Field
          id="room-pace"
          name="admitPerMinute"
          label={w.t("room.pace")}
          hint={w.t("room.paceHint", { max: 100000 })}
          type="number"
          dataType="number"
          min={1}
          max={100000}
          value={String(room?.admitPerMinute ?? 500)}
          required
        />
        <Field
          id="room-session"
          name="sessionMinutes"
          label={w.t("room.session")}
          hint={w.t("room.sessionHint")}
          type="number"
          dataType="number"
          min={1}
          max={60}
          value={String(room?.sessionMinutes ?? 10)}
          required
        />
        <button type="submit" class="button">
          {w.t("room.save")}
        </button>
      </ApiForm>
      <div id="room-figures" data-refresh data-refresh-every="5000">
        {room ? (
          <>
            <table>
              <caption>{w.t("room.now")}</caption>
              <thead>
                <tr>
                  <NumHeads labels={[w.t("room.waiting"), w.t("room.lastMinute"), w.t("room.total")]} />
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td class="num">{w.number(room.stats.waiting)}</td>
                  <td class="num">{w.number(room.stats.admittedLastMinute)}</td>
                  <td class="num">{w.number(room.stats.admittedTotal)}</td>
                </tr>
              </tbody>
            </table>
            <RoomPlot minutes={minutes} zone={props.zone} />
          </>
        ) : (
          <p>{w.t("room.none")}</p>
        )}
      </div>
    </section>
  );
}
