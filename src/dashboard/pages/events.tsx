import type { Environment } from "../../domain/scope";
import type { ChartRecord } from "../../domain/charts";
import type { EventRecord } from "../../domain/events";
import type { DashboardSession } from "../sessions";
import { Field, Tag, When } from "./components";
import { words } from "../words";
import { ListPage } from "./list-page";
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

/** Events (docs/dashboard.md), the list: every event of the environment (by date), and a form to create one. */
export function eventsPage(
  session: DashboardSession,
  environment: Environment,
  view: { events: ListedEvent[]; nextAfter: string | null; charts: ChartRecord[] },
) {
  const w = words();
  return (
    <ListPage
      session={session}
      environment={environment}
      section="events"
      view={view}
      done={w.t("events.created.done")}
      columns={[
        w.t("events.event"),
        w.t("events.starts"),
        w.t("events.sold"),
        w.t("events.held"),
        w.t("events.chart"),
        w.t("events.layout"),
        w.t("events.created"),
      ]}
      rows={byDate(view.events).map((e) => (
        <tr>
          <td data-label={w.t("events.event")}>
            <a href={`/dashboard/${environment}/events/${encodeURIComponent(e.eventKey)}`}>{e.name ?? e.eventKey}</a>
            {e.name !== null ? <span class="hint key"> {e.eventKey}</span> : null}
          </td>
          <td data-label={w.t("events.starts")}>{e.startsAt !== null ? <When at={e.startsAt} zone={e.timeZone} /> : "–"}</td>
          <td data-label={w.t("events.sold")} class="num">
            {e.counts ? w.number(e.counts.booked) : "–"}
          </td>
          <td data-label={w.t("events.held")} class="num">
            {e.counts ? w.number(e.counts.held) : "–"}
          </td>
          <td data-label={w.t("events.chart")}>
            <a href={`/dashboard/${environment}/charts/${encodeURIComponent(e.chartKey)}`}>{e.chartName ?? e.chartKey}</a>
            {e.chartName !== null ? <span class="hint key"> {e.chartKey}</span> : null}
          </td>
          <td data-label={w.t("events.layout")}>
            {e.chartPublishedVersion === null ? <Tag kind="off">{w.t("events.unpublished")}</Tag> : w.t("events.version", { version: e.chartPublishedVersion })}
          </td>
          <td data-label={w.t("events.created")}>
            <When at={e.createdAt} zone={e.timeZone} />
          </td>
        </tr>
      ))}
    >
      <Field id="event-name" name="name" label={w.t("events.nameOptional")} />
      <DateTimeField id="event-starts" name="startsAt" label={w.t("events.startsOptional")} hint={w.t("events.startsHint")} />
      <TimeZoneField id="event-zone" fillFromBrowser />
      <TimeZoneOptions />
      {view.events.length > 0 ? (
        <div class="field">
          <label for="event-copy-from">{w.t("events.copyFrom")}</label>
          <p class="hint" id="event-copy-from-hint">
            {w.t("events.copyFromHint")}
          </p>
          <select id="event-copy-from" name="copySettingsFrom" aria-describedby="event-copy-from-hint">
            <option value="">{w.t("events.copyNone")}</option>
            {byDate(view.events).map((e) => (
              <option value={e.eventKey}>
                {e.name ?? e.eventKey}
                {e.name !== null ? ` (${e.eventKey})` : ""}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Field id="event-key" name="eventKey" label={w.t("events.keyOptional")} hint={w.t("events.keyHint")} />
    </ListPage>
  );
}
