import type { ChartRecord } from "../../domain/charts";
import type { Environment } from "../../domain/scope";
import type { SeasonRecord } from "../../domain/seasons";
import type { DashboardSession } from "../sessions";
import { ApiForm, ChartSelect, Field, IfMayCall, When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";

/** Seasons (contract §13), the list: every season of the environment, and a form to create one with its events. */
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
                  <When at={s.createdAt} />
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
        {" "}
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
              <Field id="season-name" name="name" label="Name (optional)" />
              <Field id="season-key" name="seasonKey" label="Season key (optional)" hint="Left empty, one is made up." />
              <Field
                id="season-events"
                name="eventKeys"
                label="Event keys"
                hint="The season's events, created now; separated by commas, for example home-01, home-02"
                dataType="list"
                wide
                required
              />
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

/** One season: its events, its partial seasons, and the season box office. */
export function seasonPage(session: DashboardSession, environment: Environment, season: SeasonRecord) {
  const eventLink = (k: string) => <a href={`/dashboard/${environment}/events/${encodeURIComponent(k)}`}>{k}</a>;
  return (
    <Page title={season.name ?? season.seasonKey} session={session} environment={environment} section="seasons">
      <h1>{season.name ?? season.seasonKey}</h1>
      <p class="lead">
        Season {season.seasonKey} on chart <a href={`/dashboard/${environment}/charts/${encodeURIComponent(season.chartKey)}`}>{season.chartKey}</a>, created{" "}
        <When at={season.createdAt} />.
      </p>
      <section class="panel" aria-labelledby="season-events-title">
        <h2 id="season-events-title">Events ({season.eventKeys.length})</h2>
        <ul>
          {season.eventKeys.map((k) => (
            <li>{eventLink(k)}</li>
          ))}
        </ul>
      </section>
      <section class="panel" aria-labelledby="season-partials-title">
        <h2 id="season-partials-title">Partial seasons</h2>
        {season.partialSeasons.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul>
            {season.partialSeasons.map((p) => (
              <li>
                {p.partialSeasonKey}: {p.eventKeys.join(", ")}
              </li>
            ))}
          </ul>
        )}
      </section>
      <IfMayCall api={`/dashboard/api/${environment}/seasons/${encodeURIComponent(season.seasonKey)}/sell`}>
        {" "}
        <section class="panel" aria-labelledby="season-box-office-title">
          <h2 id="season-box-office-title">Season box office</h2>
          <p>Books the seats in every event of the season (or of the partial season) at once, or in none.</p>
          <ApiForm
            api={`/dashboard/api/${environment}/seasons/${encodeURIComponent(season.seasonKey)}/sell`}
            then="refresh"
            done="Booked for the season"
            label="Season box office"
          >
            <Field
              id="sbo-labels"
              name="objectLabels"
              label="Seats"
              hint="Labels separated by commas, for example A-1-1, A-1-2"
              dataType="list"
              wide
              required
            />
            <Field id="sbo-order" name="orderId" label="Order id (optional)" hint="Kept with each booked seat in every event" />
            {season.partialSeasons.length > 0 ? (
              <div class="field">
                <label for="sbo-partial">Sell for</label>
                <select id="sbo-partial" name="partialSeasonKey">
                  <option value="">The whole season</option>
                  {season.partialSeasons.map((p) => (
                    <option value={p.partialSeasonKey}>{p.partialSeasonKey}</option>
                  ))}
                </select>
              </div>
            ) : null}
            <button type="submit" class="button">
              Book for the season
            </button>
          </ApiForm>
        </section>
      </IfMayCall>
    </Page>
  );
}
