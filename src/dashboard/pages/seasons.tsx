import type { ChartRecord } from "../../domain/charts";
import type { Environment } from "../../domain/scope";
import type { SeasonRecord } from "../../domain/seasons";
import type { DashboardSession } from "../sessions";
import { ApiForm, ChartSelect, Field, IfMayCall, When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";
import { GameRows } from "./season-games";
import { TimeZoneField, TimeZoneOptions } from "./time-fields";

/** Seasons (contract §13), the list: every season of the environment, and a form to create one with its games (names and starts). */
export function seasonsPage(
  session: DashboardSession,
  environment: Environment,
  view: { seasons: SeasonRecord[]; nextAfter: string | null; charts: ChartRecord[] },
) {
  const envName = ENVIRONMENT_NAMES[environment];
  return (
    <Page title="Seasons" session={session} environment={environment} section="seasons">
      <h1>Seasons</h1>
      <p class="lead">{envName} seasons. A season sells a seat for every one of its events at once; each event keeps its own seat map.</p>
      {view.seasons.length === 0 ? (
        <p>No {envName.toLowerCase()} seasons yet.</p>
      ) : (
        <table>
          <caption>{envName} seasons</caption>
          <thead>
            <tr>
              <th scope="col">Season</th>
              <th scope="col">Chart</th>
              <th scope="col">Events</th>
              <th scope="col">Partial seasons</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {view.seasons.map((s) => (
              <tr>
                <td data-label="Season">
                  <a href={`/dashboard/${environment}/seasons/${encodeURIComponent(s.seasonKey)}`}>{s.name ?? s.seasonKey}</a>
                  {s.name !== null ? <span class="hint"> ({s.seasonKey})</span> : null}
                </td>
                <td data-label="Chart">
                  <a href={`/dashboard/${environment}/charts/${encodeURIComponent(s.chartKey)}`}>{s.chartKey}</a>
                </td>
                <td data-label="Events">{s.eventKeys.length}</td>
                <td data-label="Partial seasons">{s.partialSeasons.length}</td>
                <td data-label="Created">
                  <When at={s.createdAt} zone={s.timeZone} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.nextAfter ? (
        <p>
          <a href={`/dashboard/${environment}/seasons?after=${encodeURIComponent(view.nextAfter)}`}>Next seasons</a>
        </p>
      ) : null}
      <IfMayCall api={`/dashboard/api/${environment}/seasons`}>
        <div class="panel">
          <h2>Create a season</h2>
          {view.charts.length === 0 ? (
            <p>
              A season needs a chart. <a href={`/dashboard/${environment}/charts`}>Create a chart</a> first.
            </p>
          ) : (
            <ApiForm
              api={`/dashboard/api/${environment}/seasons`}
              then={`go:/dashboard/${environment}/seasons/{seasonKey}`}
              done="Season {seasonKey} created"
              label="Create a season"
            >
              <ChartSelect id="season-chart" charts={view.charts} />
              <Field id="season-name" name="name" label="Name" hint="For example Home games 2027" />
              <Field id="season-key" name="seasonKey" label="Season key (optional)" hint="Left empty, it is made from the name (home-games-2027)." />
              <TimeZoneField
                id="season-zone"
                fillFromBrowser
                hint="The venue's, as an IANA name such as Europe/London; the games' starts below are on its clock"
              />
              <TimeZoneOptions />
              <GameRows rows={3} keyBase="home-games-2027" />
              <button type="submit" class="button">
                Create season
              </button>
            </ApiForm>
          )}
        </div>
      </IfMayCall>
    </Page>
  );
}
