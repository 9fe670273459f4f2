import type { ChartRecord } from "../../domain/charts";
import type { Environment } from "../../domain/scope";
import type { SeasonRecord } from "../../domain/seasons";
import type { DashboardSession } from "../sessions";
import { ApiForm, ChartSelect, Field, When } from "./components";
import { words } from "../words";
import { ListPage } from "./list-page";
import { ColumnsTable } from "./table-parts";
import { GameRows } from "./season-games";
import { TimeZoneField, TimeZoneOptions } from "./time-fields";

/** Seasons (docs/seasons.md), the list: every season of the environment, and a form to create one with its games (names and starts). */
export function seasonsPage(
  session: DashboardSession,
  environment: Environment,
  view: { seasons: SeasonRecord[]; nextAfter: string | null; charts: ChartRecord[] },
) {
  const w = words();
  const env = { environment };
  return (
    <ListPage
      session={session}
      environment={environment}
      section="seasons"
      lead={w.t("seasons.lead", env)}
      none={w.t("seasons.none", env)}
      table={
        view.seasons.length === 0 ? null : (
          <ColumnsTable
            caption={w.t("seasons.caption", env)}
            columns={[w.t("seasons.season"), w.t("events.chart"), w.t("nav.events"), w.t("seasons.partials"), w.t("events.created")]}
          >
            {view.seasons.map((s) => (
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
          </ColumnsTable>
        )
      }
      nextAfter={view.nextAfter}
      next={w.t("seasons.next")}
      create={w.t("seasons.create")}
      needsChart={view.charts.length === 0 ? w.t("seasons.needsChart") : null}
    >
      <ApiForm
        api={`/dashboard/api/${environment}/seasons`}
        then={`go:/dashboard/${environment}/seasons/{seasonKey}`}
        done={w.t("seasons.created")}
        label={w.t("seasons.create")}
      >
        <ChartSelect id="season-chart" charts={view.charts} />
        <Field id="season-name" name="name" label={w.t("common.name")} hint={w.t("seasons.nameHint")} />
        <Field id="season-key" name="seasonKey" label={w.t("seasons.keyOptional")} hint={w.t("seasons.keyHint")} />
        <TimeZoneField id="season-zone" fillFromBrowser hint={w.t("seasons.zoneHint")} />
        <TimeZoneOptions />
        <GameRows rows={3} keyBase="home-games-2027" />
        <button type="submit" class="button">
          {w.t("seasons.createButton")}
        </button>
      </ApiForm>
    </ListPage>
  );
}
