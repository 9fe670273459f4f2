import type { ChartRecord } from "../../domain/charts";
import type { Environment } from "../../domain/scope";
import type { SeasonRecord } from "../../domain/seasons";
import type { DashboardSession } from "../sessions";
import { Field, When } from "./components";
import { words } from "../words";
import { ListPage } from "./list-page";
import { GameRows } from "./season-games";
import { TimeZoneField, TimeZoneOptions } from "./time-fields";

/** Seasons (docs/seasons.md), the list: every season of the environment, and a form to create one with its games (names and starts). */
export function seasonsPage(
  session: DashboardSession,
  environment: Environment,
  view: { seasons: SeasonRecord[]; nextAfter: string | null; charts: ChartRecord[] },
) {
  const w = words();
  return (
    <ListPage
      session={session}
      environment={environment}
      section="seasons"
      view={view}
      done={w.t("seasons.created")}
      columns={[w.t("seasons.season"), w.t("events.chart"), w.t("nav.events"), w.t("seasons.partials"), w.t("events.created")]}
      rows={view.seasons.map((s) => (
        <tr>
          <td data-label={w.t("seasons.season")}>
            <a href={`/dashboard/${environment}/seasons/${encodeURIComponent(s.seasonKey)}`}>{s.name ?? s.seasonKey}</a>
            {s.name !== null ? <span class="hint"> ({s.seasonKey})</span> : null}
          </td>
          <td data-label={w.t("events.chart")}>
            <a href={`/dashboard/${environment}/charts/${encodeURIComponent(s.chartKey)}`}>{s.chartKey}</a>
          </td>
          <td data-label={w.t("nav.events")}>{w.number(s.eventKeys.length)}</td>
          <td data-label={w.t("seasons.partials")}>{w.number(s.partialSeasons.length)}</td>
          <td data-label={w.t("events.created")}>
            <When at={s.createdAt} zone={s.timeZone} />
          </td>
        </tr>
      ))}
    >
      <Field id="season-name" name="name" label={w.t("common.name")} hint={w.t("seasons.nameHint")} />
      <Field id="season-key" name="seasonKey" label={w.t("seasons.keyOptional")} hint={w.t("seasons.keyHint")} />
      <TimeZoneField id="season-zone" fillFromBrowser hint={w.t("seasons.zoneHint")} />
      <TimeZoneOptions />
      <GameRows rows={3} keyBase="home-games-2027" />
    </ListPage>
  );
}
