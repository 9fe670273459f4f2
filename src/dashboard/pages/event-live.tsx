import type { LiveStats } from "../../domain/live-relays";
import { words } from "../words";

/**
 * The crowd watching an event: live viewers and the relays holding their sockets, and what of the
 * crowd reaches the event's object (the messages it sends to the relays, the public reads it
 * answers itself). Refreshed every 5 seconds, like the counts; the rates are averages over the
 * last 10 seconds, the same figures as GET /api/v1/events/{eventKey}/live/stats.
 */
export function LiveCrowdPanel(props: { stats: LiveStats | null }) {
  const { stats } = props;
  const w = words();
  const rate = (n: number) => w.number(Math.round(n * 10) / 10);
  return (
    <section id="live-crowd" class="panel" data-refresh data-refresh-every="5000" aria-labelledby="live-crowd-title">
      <h2 id="live-crowd-title">{w.t("live.title")}</h2>
      <p class="hint">{w.t("live.lead")}</p>
      {stats === null ? (
        <p role="status">{w.t("live.unavailable")}</p>
      ) : (
        <table>
          <caption>{w.t("live.caption")}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                {w.t("live.viewers")}
              </th>
              <th scope="col" class="num">
                {w.t("live.relays")}
              </th>
              <th scope="col" class="num">
                {w.t("live.messages")}
              </th>
              <th scope="col" class="num">
                {w.t("live.reads")}
              </th>
              <th scope="col" class="num">
                {w.t("live.readsReaching")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td class="num">{w.number(stats.viewers)}</td>
              <td class="num">{w.number(stats.relays)}</td>
              <td class="num">{rate(stats.eventMessagesPerSecond)}</td>
              <td class="num">{rate(stats.readsPerSecond)}</td>
              <td class="num">{rate(stats.readsReachingEventPerSecond)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
