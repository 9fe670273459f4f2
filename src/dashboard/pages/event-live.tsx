import type { LiveStats } from "../../domain/live-relays";

/**
 * The crowd watching an event: live viewers and the relays holding their sockets, and what of the
 * crowd reaches the event's object (the messages it sends to the relays, the public reads it
 * answers itself). Refreshed every 5 seconds, like the counts; the rates are averages over the
 * last 10 seconds, the same figures as GET /api/v1/events/{eventKey}/live/stats.
 */

const oneDecimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en");

export function LiveCrowdPanel(props: { stats: LiveStats | null }) {
  const { stats } = props;
  return (
    <section id="live-crowd" class="panel" data-refresh data-refresh-every="5000" aria-labelledby="live-crowd-title">
      <h2 id="live-crowd-title">Live crowd</h2>
      <p class="hint">
        Open seat maps are held by relays of up to 250 viewers each; the event sends each change once per relay. Public status reads are answered from a copy at
        most a second old, so at most 10 a second reach the event. Rates are per second over the last 10 seconds.
      </p>
      {stats === null ? (
        <p role="status">The live figures could not be read just now; they are tried again in a few seconds.</p>
      ) : (
        <table>
          <caption>Live figures</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                Viewers
              </th>
              <th scope="col" class="num">
                Relays
              </th>
              <th scope="col" class="num">
                Messages sent by the event per second
              </th>
              <th scope="col" class="num">
                Public reads per second
              </th>
              <th scope="col" class="num">
                Reads reaching the event per second
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td class="num">{whole.format(stats.viewers)}</td>
              <td class="num">{whole.format(stats.relays)}</td>
              <td class="num">{oneDecimal.format(stats.eventMessagesPerSecond)}</td>
              <td class="num">{oneDecimal.format(stats.readsPerSecond)}</td>
              <td class="num">{oneDecimal.format(stats.readsReachingEventPerSecond)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
