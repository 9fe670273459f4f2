import { SDK_VERSION } from "../../../dist/sdk/bundle.js";
import { EVENT_SETTINGS, SETTING_NAMES } from "../../domain/event-settings";
import type { EventRecord } from "../../domain/events";
import type { Environment } from "../../domain/scope";
import type { SeasonRecord } from "../../domain/seasons";
import type { DashboardSession } from "../sessions";
import { SeatMapHost, SelectionControls } from "./box-office-panel";
import { ApiForm, Field, IfMayCall, When } from "./components";
import { CopyToProduction } from "./event-details";
import { Page } from "./layout";
import { GameRows, GamesTable } from "./season-games";
import { PricesPanel, type PriceTargets } from "./prices-panel";
import type { Pricing } from "../../domain/pricing";
import { TimeZoneField, TimeZoneOptions } from "./time-fields";

/**
 * One season (contract §13): its details and time zone, its games with their names and starts, its
 * partial seasons, one game's settings applied to every game, the season box office on the
 * season's map, and in the sandbox the copy to production.
 */

export interface SeasonView {
  season: SeasonRecord;
  /** The season's games, in the season's order (a game that could not be read is left out). */
  games: EventRecord[];
  publicKey: string;
  /** Contract §20: the season's prices (null without) and the categories they may name. */
  pricing: Pricing | null;
  priceTargets: PriceTargets;
}

function gameName(g: EventRecord): string {
  return g.name ?? g.eventKey;
}

/** Partial seasons: the list, and a form that makes one from games ticked. */
function PartialSeasons(props: { api: string; season: SeasonRecord; games: EventRecord[] }) {
  const names = new Map(props.games.map((g) => [g.eventKey, gameName(g)]));
  return (
    <section class="panel" aria-labelledby="season-partials-title">
      <h2 id="season-partials-title">Partial seasons</h2>
      <p class="hint">A named part of the season (a half-season ticket): its box office sells a seat for its games only.</p>
      {props.season.partialSeasons.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul>
          {props.season.partialSeasons.map((p) => (
            <li>
              <strong>{p.partialSeasonKey}</strong>: {p.eventKeys.map((k) => names.get(k) ?? k).join(", ")}
            </li>
          ))}
        </ul>
      )}
      <IfMayCall api={`${props.api}/partial-seasons`}>
        <ApiForm api={`${props.api}/partial-seasons`} done="Partial season {partialSeasonKey} created" label="Create a partial season">
          <h3>Create a partial season</h3>
          <Field id="partial-key" name="partialSeasonKey" label="Partial season key" hint="For example first-half" />
          <fieldset class="field checkboxes">
            <legend>Its games</legend>
            {props.games.map((g, i) => (
              <label for={`partial-game-${i}`}>
                <input type="checkbox" id={`partial-game-${i}`} name="eventKeys" value={g.eventKey} /> {gameName(g)}
              </label>
            ))}
          </fieldset>
          <button type="submit" class="button button-secondary">
            Create partial season
          </button>
        </ApiForm>
      </IfMayCall>
    </section>
  );
}

/** Apply one game's settings to every game of the season (or of a partial season) at once. */
function ApplySettings(props: { api: string; season: SeasonRecord; games: EventRecord[] }) {
  return (
    <IfMayCall api={`${props.api}/apply-settings`}>
      <section class="panel" aria-labelledby="apply-title">
        <h2 id="apply-title">Apply settings to every game</h2>
        <p class="hint">
          Set up one game on its page (presale channels, selection rules, accessible seating, waiting room), then copy its settings to the others here. A
          waiting room's opening and a release at a time keep their distance to each game's start.
        </p>
        <ApiForm api={`${props.api}/apply-settings`} done="Settings applied to {toEventKeys}" then="reload" label="Apply settings to every game">
          <div class="field">
            <label for="apply-from">Copy the settings of</label>
            <select id="apply-from" name="fromEventKey">
              {props.games.map((g) => (
                <option value={g.eventKey}>{gameName(g)}</option>
              ))}
            </select>
          </div>
          <fieldset class="field checkboxes">
            <legend>Settings to copy</legend>
            {EVENT_SETTINGS.map((s) => (
              <label for={`apply-${s}`}>
                <input type="checkbox" id={`apply-${s}`} name="settings" value={s} checked /> {SETTING_NAMES[s]}
              </label>
            ))}
          </fieldset>
          <div class="field">
            <label for="apply-to">To</label>
            <select id="apply-to" name="partialSeasonKey">
              <option value="">Every game of the season</option>
              {props.season.partialSeasons.map((p) => (
                <option value={p.partialSeasonKey}>Every game of {p.partialSeasonKey}</option>
              ))}
            </select>
          </div>
          <button type="submit" class="button">
            Apply to every game
          </button>
        </ApiForm>
      </section>
    </IfMayCall>
  );
}

/** The season box office on the season's map: a seat shows free only where it is free in every game. */
function SeasonBoxOffice(props: { api: string; view: SeasonView }) {
  const { season, games, publicKey } = props.view;
  const first = games[0];
  return (
    <div class="event-grid">
      <section aria-labelledby="season-map-title">
        <h2 id="season-map-title">Season seat map</h2>
        <p class="hint">A seat is shown free when it is free in every game. Click seats (or Tab and Enter) to add them to the season box office.</p>
        {first ? (
          <SeatMapHost
            publicKey={publicKey}
            eventKey={first.eventKey}
            seasonKey={season.seasonKey}
            channelKeys={["NO_CHANNEL", ...first.channels.map((c) => c.key)]}
          />
        ) : (
          <p>The season has no game to draw.</p>
        )}
      </section>
      <IfMayCall api={`${props.api}/sell`}>
        <section class="panel" aria-labelledby="season-box-office-title">
          <h2 id="season-box-office-title">Season box office</h2>
          <p>Books the seats in every game of the season (or of the partial season) at once, or in none.</p>
          <ApiForm api={`${props.api}/sell`} then="refresh" done="Booked for the season" label="Season box office">
            <SelectionControls label="Seats" required />
            <Field id="sbo-order" name="orderId" label="Order id (optional)" hint="Kept with each booked seat in every game" />
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
    </div>
  );
}

export function seasonPage(session: DashboardSession, environment: Environment, view: SeasonView) {
  const { season, games } = view;
  const api = `/dashboard/api/${environment}/seasons/${encodeURIComponent(season.seasonKey)}`;
  return (
    <Page title={season.name ?? season.seasonKey} session={session} environment={environment} section="seasons" scripts={[`/sdk/v${SDK_VERSION}/seating.js`]}>
      <p>
        <a href={`/dashboard/${environment}/seasons`}>Back to seasons</a>
      </p>
      <h1>{season.name ?? season.seasonKey}</h1>
      <p class="lead">
        Season {season.seasonKey} on chart <a href={`/dashboard/${environment}/charts/${encodeURIComponent(season.chartKey)}`}>{season.chartKey}</a>,{" "}
        {games.length} {games.length === 1 ? "game" : "games"}, times in {season.timeZone}. Created <When at={season.createdAt} zone={season.timeZone} />.
      </p>
      <section class="panel" aria-labelledby="season-events-title">
        <h2 id="season-events-title">Games ({season.eventKeys.length})</h2>
        <GamesTable environment={environment} games={games} />
        <IfMayCall api={`${api}/events`}>
          <ApiForm api={`${api}/events`} done="Games added" label="Add games">
            <h3>Add games</h3>
            <GameRows rows={1} keyBase={season.seasonKey} />
            <button type="submit" class="button button-secondary">
              Add games
            </button>
          </ApiForm>
        </IfMayCall>
      </section>
      <SeasonBoxOffice api={api} view={view} />
      <PricesPanel api={`${api}/pricing`} pricing={view.pricing} targets={view.priceTargets} subject="season" />
      <ApplySettings api={api} season={season} games={games} />
      <PartialSeasons api={api} season={season} games={games} />
      <IfMayCall method="PATCH" api={api}>
        <section class="panel" aria-labelledby="season-details-title">
          <h2 id="season-details-title">Season details</h2>
          <ApiForm api={api} method="PATCH" done="Season details saved" label="Season details">
            <Field id="season-name" name="name" label="Name" value={season.name ?? undefined} />
            <TimeZoneField
              id="season-zone"
              value={season.timeZone}
              hint="The venue's; games added later start in it (each game keeps its own, set on its page)"
            />
            <TimeZoneOptions />
            <button type="submit" class="button">
              Save season details
            </button>
          </ApiForm>
        </section>
      </IfMayCall>
      {environment === "sandbox" ? <CopyToProduction seasonKey={season.seasonKey} /> : null}
    </Page>
  );
}
