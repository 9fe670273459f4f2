import type { EventRecord } from "../../domain/events";
import { ApiForm, Field, IfMayCall } from "./components";
import { DateTimeField, TimeZoneField, TimeZoneOptions } from "./time-fields";
import { words } from "../words";

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
  const w = words();
  return (
    <section class="panel" aria-labelledby="details-title">
      <h2 id="details-title">{w.t("details.title")}</h2>
      <ApiForm id="event-details" api={props.api} method="PATCH" done={w.t("details.saved")} label={w.t("details.title")}>
        <Field id="event-name" name="name" label={w.t("common.name")} value={props.event.name ?? undefined} />
        <DateTimeField
          id="event-starts"
          name="startsAt"
          label={w.t("details.starts")}
          at={props.event.startsAt}
          zone={props.event.timeZone}
          hint={w.t("details.startsHint", { zone: props.event.timeZone })}
        />
        <TimeZoneField id="event-zone" value={props.event.timeZone} />
        <TimeZoneOptions />
        <button type="submit" class="button">
          {w.t("details.save")}
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
  const api = `/dashboard/api/production/${season ? "seasons" : "events"}/import-from-sandbox`;
  const w = words();
  return (
    <IfMayCall api={api}>
      <section class="panel" aria-labelledby="copy-production-title">
        <h2 id="copy-production-title">{w.t("copy.title")}</h2>
        <p>{w.t(season ? "copy.season" : "copy.event")}</p>
        <ApiForm
          api={api}
          then={`go:/dashboard/production/${season ? "seasons/{seasonKey}" : "events/{eventKey}"}`}
          done={w.t(season ? "copy.seasonDone" : "copy.eventDone")}
          label={w.t("copy.title")}
          confirm={w.t(season ? "copy.seasonConfirm" : "copy.eventConfirm")}
        >
          <input type="hidden" name={season ? "seasonKey" : "eventKey"} value={key} />
          {season ? (
            <p class="hint">{w.t("copy.sameKeys", { key })}</p>
          ) : (
            <Field id="copy-production-key" name="newEventKey" label={w.t("copy.key")} hint={w.t("copy.keyHint", { key })} />
          )}
          <button type="submit" class="button">
            {w.t("copy.title")}
          </button>
        </ApiForm>
      </section>
    </IfMayCall>
  );
}
