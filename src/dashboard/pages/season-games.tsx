import type { EventRecord } from "../../domain/events";
import { localInputValue } from "../../domain/time-zones";
import { ApiForm, Field, When } from "./components";
import { useMayCall } from "./role-context";
import { words } from "../words";

/**
 * A season's games in the dashboard: the rows of the season form (each game's name, start and
 * optional key, sent as a list, client/forms.ts `data-row-of`), and the season page's table of its
 * games, where each row saves its own name and start.
 */

/** One control of a game row, labelled within its row's group ("Game 2", "Name"). */
function RowInput(props: { row: number; key_: "name" | "startsAt" | "eventKey"; label: string; hint?: string; type?: "datetime-local" }) {
  const { row, key_ } = props;
  return <Field {...props} id={`game-${row}-${key_}`} name={`events-${key_}`} row={{ list: "events", key: key_ }} />;
}

/**
 * The games of a new season (or games added to one): `rows` rows to start with, and a button that
 * adds another. Rows left empty are not sent. Starts are read on the clock of the season's zone.
 */
export function GameRows(props: { rows: number; keyBase: string }) {
  const w = words();
  return (
    <fieldset class="games">
      <legend>{w.t("games.title")}</legend>
      <p class="hint">{w.t("games.hint", { example: `${props.keyBase}-city-v-united` })}</p>
      {Array.from({ length: props.rows }, (_, i) => (
        <fieldset class="game-row" data-row="events">
          <legend>
            {w.t("games.game")} <span data-row-number>{i + 1}</span>
          </legend>
          <RowInput row={i} key_="name" label={w.t("common.name")} />
          <RowInput row={i} key_="startsAt" label={w.t("details.starts")} type="datetime-local" />
          <RowInput row={i} key_="eventKey" label={w.t("events.keyOptional")} />
        </fieldset>
      ))}
      <button type="button" class="button button-secondary" data-add-row="events">
        {w.t("games.add")}
      </button>
    </fieldset>
  );
}

/**
 * The season's games, one row each: its name and start as fields that row's own "Save" sends
 * (PATCH of the event; the start on the clock of the game's zone), with a link to the game's page.
 */
export function GamesTable(props: { environment: string; games: EventRecord[] }) {
  // A member who may not change events reads the games; the fields and Save buttons are for those who may.
  const editable = useMayCall("PATCH", `/dashboard/api/${props.environment}/events/x`);
  const w = words();
  return (
    <table class="games-table">
      <caption>{w.t("games.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{w.t("games.game")}</th>
          <th scope="col">{w.t("common.name")}</th>
          <th scope="col">{w.t("details.starts")}</th>
          {editable ? <th scope="col">{w.t("games.save")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {props.games.map((g, i) => {
          const form = `game-edit-${i}`;
          const title = g.name ?? g.eventKey;
          return (
            <tr>
              <td data-label={w.t("games.game")}>
                <a href={`/dashboard/${props.environment}/events/${encodeURIComponent(g.eventKey)}`}>{title}</a>
                <span class="hint key"> {g.eventKey}</span>
                <br />
                <span class="hint">{g.startsAt ? <When at={g.startsAt} zone={g.timeZone} /> : w.t("games.noStart")}</span>
              </td>
              {editable ? (
                <>
                  <td data-label={w.t("common.name")}>
                    <input
                      type="text"
                      name="name"
                      form={form}
                      value={g.name ?? ""}
                      aria-label={w.t("games.nameOf", { title })}
                      autocomplete="off"
                      spellcheck={false}
                    />
                  </td>
                  <td data-label={w.t("details.starts")}>
                    <input
                      type="datetime-local"
                      name="startsAt"
                      form={form}
                      value={localInputValue(g.startsAt, g.timeZone)}
                      aria-label={w.t("games.startOf", { title, zone: g.timeZone })}
                    />
                  </td>
                  <td data-label={w.t("games.save")}>
                    <ApiForm
                      id={form}
                      api={`/dashboard/api/${props.environment}/events/${encodeURIComponent(g.eventKey)}`}
                      method="PATCH"
                      done={w.t("games.saved", { title })}
                    >
                      <button type="submit" class="button button-secondary" aria-label={w.t("games.saveOf", { title })}>
                        {w.t("games.save")}
                      </button>
                    </ApiForm>
                  </td>
                </>
              ) : (
                <>
                  <td data-label={w.t("common.name")}>{g.name ?? ""}</td>
                  <td data-label={w.t("details.starts")}>{g.startsAt ? <When at={g.startsAt} zone={g.timeZone} /> : w.t("games.notSet")}</td>
                </>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
