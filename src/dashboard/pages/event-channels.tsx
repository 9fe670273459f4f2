import type { Channel } from "../../domain/channels";
import type { ReportsResult } from "../../domain/status";
import { ApiForm, Field } from "./components";
import { CountsBy } from "./counts-by";
import { words } from "../words";

/**
 * Channels (docs/channels.md): each channel's seats and GA places, the counts per pool, and a form that
 * sets a channel's places in each GA area. Seats are assigned from the map through the box office's
 * "Assign to channel".
 */
export function ChannelsPanel(props: { api: string; channels: Channel[]; areas: { label: string; capacity: number }[]; reports: ReportsResult }) {
  const names = new Map(props.channels.map((c) => [c.key, c.name]));
  const w = words();
  return (
    <section class="panel" aria-labelledby="channels-title">
      <h2 id="channels-title">{w.t("channels.title")}</h2>
      <p class="hint">{w.t("channels.lead")}</p>
      <div id="channel-list" data-refresh>
        {props.channels.length === 0 ? (
          <p>{w.t("channels.none")}</p>
        ) : (
          <table>
            <caption>{w.t("channels.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{w.t("channels.channel")}</th>
                <th scope="col">{w.t("channels.key")}</th>
                <th scope="col" class="num">
                  {w.t("channels.seats")}
                </th>
                <th scope="col">{w.t("channels.places")}</th>
                <th scope="col">{w.t("channels.whoMayBuy")}</th>
              </tr>
            </thead>
            <tbody>
              {props.channels.map((c) => (
                <tr>
                  <th scope="row">{c.name}</th>
                  <td>
                    <code>{c.key}</code>
                  </td>
                  <td class="num">{w.number(c.objectLabels.length)}</td>
                  <td>
                    {Object.entries(c.areaPlaces ?? {})
                      .map(([area, n]) => `${area}: ${w.number(n)}`)
                      .join(", ") || "–"}
                  </td>
                  <td>{c.protected === true ? w.t("channels.protectedCell") : w.t("channels.openCell")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <CountsBy
          caption={w.t("channels.byChannel")}
          head={w.t("channels.channel")}
          rows={props.reports.byChannel.map((r) => ({ ...r, key: r.channelKey === null ? null : (names.get(r.channelKey) ?? r.channelKey) }))}
          none={w.t("channels.openPool")}
        />
      </div>
      {props.channels.length > 0 ? (
        <ApiForm
          id="channel-protect"
          api={`${props.api}/channels/assign`}
          then="refresh"
          done={w.t("channels.protectSaved")}
          label={w.t("channels.protectLabel")}
        >
          <h3>{w.t("channels.protectLabel")}</h3>
          <p class="hint">{w.t("channels.protectHint")}</p>
          <Field id="protect-channel" name="channelKey" label={w.t("channels.channelKey")} hint={w.t("channels.protectKeyHint")} />
          <div class="field">
            <label for="protect-mode">{w.t("channels.buyers")}</label>
            <select id="protect-mode" name="protected" data-type="boolean">
              <option value="false">{w.t("channels.everyBuyer")}</option>
              <option value="true">{w.t("channels.protectedOnly")}</option>
            </select>
          </div>
          <button type="submit" class="button">
            {w.t("channels.saveProtect")}
          </button>
        </ApiForm>
      ) : null}
      {props.areas.length > 0 ? (
        <ApiForm id="channel-places" api={`${props.api}/channels/assign`} then="refresh" done={w.t("channels.placesSaved")} label={w.t("channels.placesLabel")}>
          <h3>{w.t("channels.placesTitle")}</h3>
          <Field id="places-channel" name="channelKey" label={w.t("channels.channelKey")} hint={w.t("channels.channelKeyHint")} />
          <Field id="places-name" name="channelName" label={w.t("channels.channelName")} />
          <fieldset>
            <legend>{w.t("channels.setAside")}</legend>
            {props.areas.map((a, i) => (
              <Field
                id={`places-area-${i}`}
                name={`areaPlaces-${i}`}
                label={w.t("channels.areaCapacity", { area: a.label, capacity: a.capacity })}
                type="number"
                dataType="number"
                min={0}
                max={a.capacity}
                group={{ name: "areaPlaces", key: a.label }}
              />
            ))}
          </fieldset>
          <button type="submit" class="button">
            {w.t("channels.savePlaces")}
          </button>
        </ApiForm>
      ) : null}
    </section>
  );
}
