import type { EventRecord } from "../../domain/events";
import { ApiForm, Field, IfMayCall } from "./components";
import { DateTimeField, TimeZoneField, TimeZoneOptions } from "./time-fields";

/**
 * An event's (or season's) set-up beyond its seats: its name, start and time zone as a form, and,
 * in the sandbox, the copy to production of what was set up here (event-settings/sandbox-import.ts).
 */

/**
 * The event's name, start and time zone (PATCH). The start is picked on the clock of the event's
 * zone; saving with another zone reads the picked time on the new zone's clock, so "15:00" stays
 * 15:00 at the venue. The page reloads, so every time on it is shown in the zone saved.
 */
export function DetailsForm(props: { api: string; event: EventRecord }) {
  return (
    <section class="panel" aria-labelledby="details-title">
      <h2 id="details-title">Event details</h2>
      <ApiForm id="event-details" api={props.api} method="PATCH" done="Event details saved" label="Event details">
        <Field id="event-name" name="name" label="Name" value={props.event.name ?? undefined} />
        <DateTimeField
          id="event-starts"
          name="startsAt"
          label="Starts at"
          at={props.event.startsAt}
          zone={props.event.timeZone}
          hint={`On the clock of the event's time zone, now ${props.event.timeZone}`}
        />
        <TimeZoneField id="event-zone" value={props.event.timeZone} />
        <TimeZoneOptions />
        <button type="submit" class="button">
          Save details
        </button>
      </ApiForm>
    </section>
  );
}

/**
 * "Copy to production" on a sandbox event or season: the production copy has the same chart,
 * details and settings and none of the sales; the sandbox one stays. A chart needs no copy: charts
 * belong to the workspace, and production events use them as they are.
 */
export function CopyToProduction(props: { eventKey?: string; seasonKey?: string }) {
  const season = props.seasonKey !== undefined;
  const key = props.seasonKey ?? props.eventKey ?? "";
  const what = season ? "season" : "event";
  const api = `/dashboard/api/production/${season ? "seasons" : "events"}/import-from-sandbox`;
  return (
    <IfMayCall api={api}>
      <section class="panel" aria-labelledby="copy-production-title">
        <h2 id="copy-production-title">Copy to production</h2>
        <p>
          Makes this {what} in production with its chart, name,{" "}
          {season ? "time zone, games (with their names and starts), partial seasons" : "start, time zone"} and settings: selection rules, channels, accessible
          seating and waiting room. Nothing held, booked or taken off sale here comes along, and this sandbox {what} stays as it is.
        </p>
        <ApiForm
          api={api}
          then={`go:/dashboard/production/${season ? "seasons/{seasonKey}" : "events/{eventKey}"}`}
          done={`Copied to production as {${season ? "seasonKey" : "eventKey"}}`}
          label="Copy to production"
          confirm={`Make this ${what} in production, where buyers can see it?`}
        >
          <input type="hidden" name={season ? "seasonKey" : "eventKey"} value={key} />
          {season ? (
            <p class="hint">Production gets the same keys: season {key} and its games' event keys.</p>
          ) : (
            <Field id="copy-production-key" name="newEventKey" label="Production event key (optional)" hint={`Left empty: the same key, ${key}`} />
          )}
          <button type="submit" class="button">
            Copy to production
          </button>
        </ApiForm>
      </section>
    </IfMayCall>
  );
}
