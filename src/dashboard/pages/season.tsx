import { SDK_VERSION } from "../../../dist/sdk/bundle.js";
import { EVENT_SETTINGS } from "../../domain/event-settings";
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
import { words } from "../words";

/**
 * One season (docs/seasons.md): its details and time zone, its games with their names and starts, its
 * partial seasons, one game's settings applied to every game, the season box office on the
 * season's map, and in the sandbox the copy to production.
 */

export interface SeasonView {
  season: SeasonRecord;
  /** The season's games, in the season's order (a game that could not be read is left out). */
  games: EventRecord[];
  publicKey: string;
  /** docs/prices.md: the season's prices (null without) and the categories they may name. */
  pricing: Pricing | null;
  priceTargets: PriceTargets;
}

function gameName(g: EventRecord): string {
  return g.name ?? g.eventKey;
}

/** Partial seasons: the list, and a form that makes one from games ticked. */
function PartialSeasons(props: { api: string; season: SeasonRecord; games: EventRecord[] }) {
  const names = new Map(props.games.map((g) => [g.eventKey, gameName(g)]));
  const w = words();
  return (
    <section class="panel" aria-labelledby="season-partials-title">
      <h2 id="season-partials-title">{w.t("seasons.partials")}</h2>
      <p class="hint">{w.t("season.partialsLead")}</p>
      {props.season.partialSeasons.length === 0 ? (
        <p>{w.t("season.noneYet")}</p>
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
        <ApiForm api={`${props.api}/partial-seasons`} done={w.t("season.partialCreated")} label={w.t("season.createPartial")}>
          <h3>{w.t("season.createPartial")}</h3>
          <Field id="partial-key" name="partialSeasonKey" label={w.t("season.partialKey")} hint={w.t("season.partialKeyHint")} />
          <fieldset class="field checkboxes">
            <legend>{w.t("season.itsGames")}</legend>
            {props.games.map((g, i) => (
              <label for={`partial-game-${i}`}>
                <input type="checkbox" id={`partial-game-${i}`} name="eventKeys" value={g.eventKey} /> {gameName(g)}
              </label>
            ))}
          </fieldset>
          <button type="submit" class="button button-secondary">
            {w.t("season.createPartialButton")}
          </button>
        </ApiForm>
      </IfMayCall>
    </section>
  );
}

/** Apply one game's settings to every game of the season (or of a partial season) at once. */
function ApplySettings(props: { api: string; season: SeasonRecord; games: EventRecord[] }) {
  const w = words();
  return (
    <IfMayCall api={`${props.api}/apply-settings`}>
      <section class="panel" aria-labelledby="apply-title">
        <h2 id="apply-title">{w.t("season.apply")}</h2>
        <p class="hint">{w.t("season.applyLead")}</p>
        <ApiForm api={`${props.api}/apply-settings`} done={w.t("season.applied")} then="reload" label={w.t("season.apply")}>
          <div class="field">
            <label for="apply-from">{w.t("season.applyFrom")}</label>
            <select id="apply-from" name="fromEventKey">
              {props.games.map((g) => (
                <option value={g.eventKey}>{gameName(g)}</option>
              ))}
            </select>
          </div>
          <fieldset class="field checkboxes">
            <legend>{w.t("season.settingsToCopy")}</legend>
            {EVENT_SETTINGS.map((s) => (
              <label for={`apply-${s}`}>
                <input type="checkbox" id={`apply-${s}`} name="settings" value={s} checked /> {w.t(`setting.${s}`)}
              </label>
            ))}
          </fieldset>
          <div class="field">
            <label for="apply-to">{w.t("season.applyTo")}</label>
            <select id="apply-to" name="partialSeasonKey">
              <option value="">{w.t("season.everyGame")}</option>
              {props.season.partialSeasons.map((p) => (
                <option value={p.partialSeasonKey}>{w.t("season.everyGameOf", { partial: p.partialSeasonKey })}</option>
              ))}
            </select>
          </div>
          <button type="submit" class="button">
            {w.t("season.applyButton")}
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
  const w = words();
  return (
    <div class="event-grid">
      <section aria-labelledby="season-map-title">
        <h2 id="season-map-title">{w.t("season.map")}</h2>
        <p class="hint">{w.t("season.mapHint")}</p>
        {first ? (
          <SeatMapHost
            publicKey={publicKey}
            eventKey={first.eventKey}
            seasonKey={season.seasonKey}
            channelKeys={["NO_CHANNEL", ...first.channels.map((c) => c.key)]}
          />
        ) : (
          <p>{w.t("season.noGame")}</p>
        )}
      </section>
      <IfMayCall api={`${props.api}/sell`}>
        <section class="panel" aria-labelledby="season-box-office-title">
          <h2 id="season-box-office-title">{w.t("season.boxOffice")}</h2>
          <p>{w.t("season.boxOfficeLead")}</p>
          <ApiForm api={`${props.api}/sell`} then="refresh" done={w.t("season.booked")} label={w.t("season.boxOffice")}>
            <SelectionControls label={w.t("channels.seats")} required />
            <Field id="sbo-order" name="orderId" label={w.t("season.orderOptional")} hint={w.t("season.orderHint")} />
            {season.partialSeasons.length > 0 ? (
              <div class="field">
                <label for="sbo-partial">{w.t("season.sellFor")}</label>
                <select id="sbo-partial" name="partialSeasonKey">
                  <option value="">{w.t("season.whole")}</option>
                  {season.partialSeasons.map((p) => (
                    <option value={p.partialSeasonKey}>{p.partialSeasonKey}</option>
                  ))}
                </select>
              </div>
            ) : null}
            <button type="submit" class="button">
              {w.t("season.book")}
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
  const w = words();
  return (
    <Page title={season.name ?? season.seasonKey} session={session} environment={environment} section="seasons" scripts={[`/sdk/v${SDK_VERSION}/seating.js`]}>
      <p>
        <a href={`/dashboard/${environment}/seasons`}>{w.t("season.back")}</a>
      </p>
      <h1>{season.name ?? season.seasonKey}</h1>
      <p class="lead">
        {w.t("season.onChart", { seasonKey: season.seasonKey })}{" "}
        <a href={`/dashboard/${environment}/charts/${encodeURIComponent(season.chartKey)}`}>{season.chartKey}</a>,{" "}
        {w.t("season.gamesIn", { count: games.length, zone: season.timeZone })} {w.t("events.created")} <When at={season.createdAt} zone={season.timeZone} />.
      </p>
      <section class="panel" aria-labelledby="season-events-title">
        <h2 id="season-events-title">{w.t("season.games", { count: season.eventKeys.length })}</h2>
        <GamesTable environment={environment} games={games} />
        <IfMayCall api={`${api}/events`}>
          <ApiForm api={`${api}/events`} done={w.t("season.gamesAdded")} label={w.t("season.addGames")}>
            <h3>{w.t("season.addGames")}</h3>
            <GameRows rows={1} keyBase={season.seasonKey} />
            <button type="submit" class="button button-secondary">
              {w.t("season.addGames")}
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
          <h2 id="season-details-title">{w.t("season.details")}</h2>
          <ApiForm api={api} method="PATCH" done={w.t("season.detailsSaved")} label={w.t("season.details")}>
            <Field id="season-name" name="name" label={w.t("common.name")} value={season.name ?? undefined} />
            <TimeZoneField id="season-zone" value={season.timeZone} hint={w.t("season.zoneHint")} />
            <TimeZoneOptions />
            <button type="submit" class="button">
              {w.t("season.saveDetails")}
            </button>
          </ApiForm>
        </section>
      </IfMayCall>
      {environment === "sandbox" ? <CopyToProduction seasonKey={season.seasonKey} /> : null}
    </Page>
  );
}
