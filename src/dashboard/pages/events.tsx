import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import type { EventRecord } from "../../domain/events";
import type { DashboardSession } from "../sessions";
import { ApiForm, ChartSelect, Field, IfMayCall, Tag, When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";
import { DateTimeField, TimeZoneField, TimeZoneOptions } from "./time-fields";

/** An event in the list, with what it has sold and holds (null when its object could not say) and its chart's name. */
export type ListedEvent = EventRecord & { counts: { booked: number; held: number } | null; chartName: string | null };

/** Events by start, soonest first; events without a start after them, by key. */
function byDate(events: ListedEvent[]): ListedEvent[] {
  return [...events].sort((a, b) =>
    a.startsAt === b.startsAt
      ? a.eventKey.localeCompare(b.eventKey)
      : a.startsAt === null
        ? 1
        : b.startsAt === null
          ? -1
          : a.startsAt.localeCompare(b.startsAt),
  );
}

/** Events (contract §10.3), the list: every event of the environment (by date), and a form to create one. */
export function eventsPage(
  session: DashboardSession,
  environment: Environment,
  view: { events: ListedEvent[]; nextAfter: string | null; charts: ChartRecord[] },
) {
  const envName = ENVIRONMENT_NAMES[environment];
  return (
    <Page title="Events" session={session} environment={environment} section="events">
      <h1>Events</h1>
      <p class="lead">{envName} events. Each event reads its chart's published layout and keeps its own holds and bookings.</p>
      {view.events.length === 0 ? (
        <p>No {envName.toLowerCase()} events yet.</p>
      ) : (
        <table>
          <caption>{envName} events</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Starts</th>
              <th scope="col">Sold</th>
              <th scope="col">Held</th>
              <th scope="col">Chart</th>
              <th scope="col">Layout</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {byDate(view.events).map((e) => (
              <tr>
                <td data-label="Event">
                  <a href={`/dashboard/${environment}/events/${encodeURIComponent(e.eventKey)}`}>{e.name ?? e.eventKey}</a>
                  {e.name !== null ? <span class="hint key"> {e.eventKey}</span> : null}
                </td>
                <td data-label="Starts">{e.startsAt !== null ? <When at={e.startsAt} zone={e.timeZone} /> : "–"}</td>
                <td data-label="Sold" class="num">
                  {e.counts ? e.counts.booked : "–"}
                </td>
                <td data-label="Held" class="num">
                  {e.counts ? e.counts.held : "–"}
                </td>
                <td data-label="Chart">
                  <a href={`/dashboard/${environment}/charts/${encodeURIComponent(e.chartKey)}`}>{e.chartName ?? e.chartKey}</a>
                  {e.chartName !== null ? <span class="hint key"> {e.chartKey}</span> : null}
                </td>
                <td data-label="Layout">{e.chartPublishedVersion === null ? <Tag kind="off">Unpublished chart</Tag> : `Version ${e.chartPublishedVersion}`}</td>
                <td data-label="Created">
                  <When at={e.createdAt} zone={e.timeZone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.nextAfter ? (
        <p>
          <a href={`/dashboard/${environment}/events?after=${encodeURIComponent(view.nextAfter)}`}>Next events</a>
        </p>
      ) : null}
      <IfMayCall api={`/dashboard/api/${environment}/events`}>
        <div class="panel">
          <h2>Create an event</h2>
          {view.charts.length === 0 ? (
            <p>
              An event needs a chart. <a href={`/dashboard/${environment}/charts`}>Create a chart</a> first.
            </p>
          ) : (
            <ApiForm
              api={`/dashboard/api/${environment}/events`}
              then={`go:/dashboard/${environment}/events/{eventKey}`}
              done="Event {eventKey} created"
              label="Create an event"
            >
              <ChartSelect id="event-chart" charts={view.charts} />
              <Field id="event-name" name="name" label="Name (optional)" />
              <DateTimeField id="event-starts" name="startsAt" label="Starts at (optional)" hint="On the clock of the time zone below" />
              <TimeZoneField id="event-zone" fillFromBrowser />
              <TimeZoneOptions />
              {view.events.length > 0 ? (
                <div class="field">
                  <label for="event-copy-from">Copy settings from (optional)</label>
                  <p class="hint" id="event-copy-from-hint">
                    Selection rules, channels, accessible seating and waiting room of another event. Channels come along only from an event on the same chart; a
                    waiting room's opening keeps its distance to the start.
                  </p>
                  <select id="event-copy-from" name="copySettingsFrom" aria-describedby="event-copy-from-hint">
                    <option value="">Don't copy: start with no settings</option>
                    {byDate(view.events).map((e) => (
                      <option value={e.eventKey}>
                        {e.name ?? e.eventKey}
                        {e.name !== null ? ` (${e.eventKey})` : ""}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <Field
                id="event-key"
                name="eventKey"
                label="Event key (optional)"
                hint="1 to 128 letters, digits, '.', '_' or '-', for example gala-2026. Left empty, one is made up."
              />
              <button type="submit" class="button">
                Create event
              </button>
            </ApiForm>
          )}
        </div>
      </IfMayCall>
    </Page>
  );
}
