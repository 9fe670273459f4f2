import type { Channel } from "../../domain/channels";
import { ApiForm, Field, IfCan, IfMayCall } from "./components";
import { useCan } from "./role-context";
import { words, type DashboardMessageId } from "../words";

/**
 * The box office beside a seat map (an event's, or a season's): the map itself, the selection as a
 * list of labels with buttons that widen it to whole rows or sections, the map's channel legend,
 * and the event's box-office form. The browser module (client/box-office.ts) wires the map's clicks
 * into the selection and draws each channel's ring; without it the labels can still be typed.
 */

/** Channel rings: each channel a colour and a dash pattern, so two channels differ by more than colour. */
const PALETTE = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];
export const RING_PATTERNS: readonly { dash: string; words: DashboardMessageId }[] = [
  { dash: "", words: "boxOffice.ringSolid" },
  { dash: "4 2.5", words: "boxOffice.ringDashed" },
  { dash: "1 2", words: "boxOffice.ringDotted" },
  { dash: "6 2 1.5 2", words: "boxOffice.ringDashDot" },
];

/** How the map marks channel `i`: its colour (its own, else the palette's) and its ring pattern. */
export function channelLook(channel: Pick<Channel, "color">, i: number): { color: string; pattern: number } {
  return { color: channel.color ?? PALETTE[i % PALETTE.length]!, pattern: i % RING_PATTERNS.length };
}

/** The map's host element; `seasonKey` draws the season's map (a seat free only if free in every game). */
export function SeatMapHost(props: { publicKey: string; eventKey: string; seasonKey?: string; channelKeys: string[]; channelPasses?: string[] }) {
  return (
    <div
      id="seat-map"
      data-public-key={props.publicKey}
      data-event-key={props.eventKey}
      data-season-key={props.seasonKey}
      data-channel-keys={props.channelKeys.join(",")}
      data-channel-passes={props.channelPasses && props.channelPasses.length > 0 ? props.channelPasses.join(",") : undefined}
    ></div>
  );
}

/** Which seats of the map are in which channel, in colour, pattern and words (refreshed after "Assign to channel"). */
export function ChannelLegend(props: { channels: Channel[] }) {
  const w = words();
  return (
    <div id="bo-channel-legend" data-refresh>
      {props.channels.length === 0 ? (
        <p class="hint">{w.t("boxOffice.noChannels")}</p>
      ) : (
        <>
          <h3 class="legend-title">{w.t("boxOffice.channelsOnMap")}</h3>
          <ul class="legend channel-legend">
            {props.channels.map((c, i) => {
              const look = channelLook(c, i);
              const places = Object.entries(c.areaPlaces ?? {}).filter(([, n]) => n > 0);
              return (
                <li data-channel-key={c.key} data-channel-name={c.name} data-channel-color={look.color} data-channel-pattern={String(look.pattern)}>
                  <svg class="ring-sample" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
                    <circle
                      cx="11"
                      cy="11"
                      r="7"
                      fill="#fff"
                      stroke={look.color}
                      stroke-width="3"
                      stroke-dasharray={RING_PATTERNS[look.pattern]!.dash || undefined}
                    />
                  </svg>
                  <span id={`bo-channel-${i}`}>
                    {w.t(places.length > 0 ? "boxOffice.channelWithPlaces" : "boxOffice.channel", {
                      name: c.name,
                      ring: w.t(RING_PATTERNS[look.pattern]!.words),
                      seats: c.objectLabels.length,
                      places: places.map(([area, n]) => `${area} ${w.number(n)}`).join(", "),
                    })}
                  </span>
                </li>
              );
            })}
            <li>
              <svg class="ring-sample" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="#fff" stroke="#b1b4b6" stroke-width="1" />
              </svg>
              <span>{w.t("boxOffice.openPoolRing")}</span>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The selection: one label per line (a label may hold spaces and commas), filled by clicks on the
 * map, and the buttons that widen it to the whole rows or sections of the selected seats.
 */
export function SelectionControls(props: { id?: string; label?: string; required?: boolean }) {
  const id = props.id ?? "bo-labels";
  const w = words();
  return (
    <div class="field box-office-selection">
      <label for={id}>{props.label ?? w.t("boxOffice.selected")}</label>
      <p class="hint" id={`${id}-hint`}>
        {w.t("boxOffice.selectedHint")}
      </p>
      <textarea
        id={id}
        name="objectLabels"
        rows={4}
        data-type="lines"
        aria-describedby={`${id}-hint bo-summary`}
        aria-required={props.required ? "true" : undefined}
        spellcheck={false}
        autocomplete="off"
      ></textarea>
      <p id="bo-summary" class="hint">
        {w.t("boxOffice.nothing")}
      </p>
      <div class="button-group">
        <button type="button" class="button button-secondary" id="bo-rows">
          {w.t("boxOffice.rows")}
        </button>
        <button type="button" class="button button-secondary" id="bo-sections">
          {w.t("boxOffice.sections")}
        </button>
        <button type="button" class="button button-secondary" id="bo-clear">
          {w.t("boxOffice.clear")}
        </button>
      </div>
      <p id="bo-announce" class="visually-hidden" role="status"></p>
    </div>
  );
}

/**
 * The event's box office: book with an order id, release, not for sale / for sale, assign to a
 * channel, release a whole order. A member sees only the controls their role may use (the server
 * refuses the rest whatever is sent), and a role with neither the box office nor the event's
 * management sees none of it.
 */
export function BoxOfficePanel(props: { api: string; channels: Channel[] }) {
  const boxOffice = `${props.api}/box-office`;
  if (!useCan("box_office") && !useCan("events.manage")) return null;
  const w = words();
  return (
    <section class="panel" aria-labelledby="box-office-title">
      <h2 id="box-office-title">{w.t("boxOffice.title")}</h2>
      <ApiForm id="box-office" then="refresh" label={w.t("boxOffice.title")}>
        <SelectionControls />
        <IfCan permission="box_office">
          <Field id="bo-order" name="orderId" label={w.t("boxOffice.orderId")} hint={w.t("boxOffice.orderHint")} />
          <Field id="bo-quantity" name="quantity" label={w.t("boxOffice.quantity")} type="number" dataType="number" value="1" min={1} />
        </IfCan>
        <IfCan permission="events.manage">
          <Field id="bo-channel" name="channelKey" label={w.t("channels.channelKey")} hint={w.t("boxOffice.channelHint")} />
          <Field id="bo-channel-name" name="channelName" label={w.t("channels.channelName")} />
        </IfCan>
        <div class="button-group">
          <IfMayCall api={`${boxOffice}/book`}>
            <button type="submit" class="button" data-api={`${boxOffice}/book`} data-fields="objectLabels,orderId,quantity" data-done={w.t("boxOffice.booked")}>
              {w.t("boxOffice.book")}
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/release`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/release`}
              data-fields="objectLabels"
              data-done={w.t("boxOffice.released")}
            >
              {w.t("boxOffice.release")}
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/not-for-sale`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/not-for-sale`}
              data-fields="objectLabels"
              data-done={w.t("boxOffice.notForSaleDone")}
            >
              {w.t("boxOffice.notForSale")}
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/for-sale`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/for-sale`}
              data-fields="objectLabels"
              data-done={w.t("boxOffice.forSaleDone")}
            >
              {w.t("boxOffice.forSale")}
            </button>
          </IfMayCall>
          <IfMayCall api={`${props.api}/channels/assign`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${props.api}/channels/assign`}
              data-fields="objectLabels,channelKey,channelName"
              data-done={w.t("boxOffice.assignedDone")}
            >
              {w.t("boxOffice.assign")}
            </button>
          </IfMayCall>
        </div>
      </ApiForm>
      <ChannelLegend channels={props.channels} />
      <IfMayCall api={`${boxOffice}/release`}>
        <h3>{w.t("boxOffice.releaseOrder")}</h3>
        <ApiForm api={`${boxOffice}/release`} then="refresh" done={w.t("boxOffice.orderReleased")} label={w.t("boxOffice.releaseOrder")}>
          <Field id="release-order" name="orderId" label={w.t("boxOffice.orderToRelease")} />
          <button type="submit" class="button button-secondary">
            {w.t("boxOffice.releaseOrderButton")}
          </button>
        </ApiForm>
      </IfMayCall>
    </section>
  );
}
