import type { Channel } from "../../domain/channels";
import { ApiForm, Field, IfCan, IfMayCall } from "./components";
import { useCan } from "./role-context";

/**
 * The box office beside a seat map (an event's, or a season's): the map itself, the selection as a
 * list of labels with buttons that widen it to whole rows or sections, the map's channel legend,
 * and the event's box-office form. The browser module (client/box-office.ts) wires the map's clicks
 * into the selection and draws each channel's ring; without it the labels can still be typed.
 */

/** Channel rings: each channel a colour and a dash pattern, so two channels differ by more than colour. */
const PALETTE = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];
export const RING_PATTERNS = [
  { dash: "", words: "solid ring" },
  { dash: "4 2.5", words: "dashed ring" },
  { dash: "1 2", words: "dotted ring" },
  { dash: "6 2 1.5 2", words: "dash-dot ring" },
] as const;

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
  return (
    <div id="bo-channel-legend" data-refresh>
      {props.channels.length === 0 ? (
        <p class="hint">No channels: every seat is in the open pool.</p>
      ) : (
        <>
          <h3 class="legend-title">Channels on the map</h3>
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
                    {c.name}: {RING_PATTERNS[look.pattern]!.words}, {c.objectLabels.length} {c.objectLabels.length === 1 ? "seat" : "seats"}
                    {places.length > 0 ? `; places ${places.map(([area, n]) => `${area} ${n}`).join(", ")}` : ""}
                  </span>
                </li>
              );
            })}
            <li>
              <svg class="ring-sample" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="#fff" stroke="#b1b4b6" stroke-width="1" />
              </svg>
              <span>Open pool: no ring</span>
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
  return (
    <div class="field box-office-selection">
      <label for={id}>{props.label ?? "Selected seats and areas"}</label>
      <p class="hint" id={`${id}-hint`}>
        Select on the map (click, or Tab and Enter), or type labels one per line, for example Family Terrace. Labels separated by commas work too.
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
        Nothing selected.
      </p>
      <div class="button-group">
        <button type="button" class="button button-secondary" id="bo-rows">
          Select whole rows
        </button>
        <button type="button" class="button button-secondary" id="bo-sections">
          Select whole sections
        </button>
        <button type="button" class="button button-secondary" id="bo-clear">
          Clear selection
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
  return (
    <section class="panel" aria-labelledby="box-office-title">
      <h2 id="box-office-title">Box office</h2>
      <ApiForm id="box-office" then="refresh" label="Box office">
        <SelectionControls />
        <IfCan permission="box_office">
          <Field id="bo-order" name="orderId" label="Order id" hint="Your order's reference, kept with each booked seat and area" />
          <Field id="bo-quantity" name="quantity" label="Places per general admission area" type="number" dataType="number" value="1" min={1} />
        </IfCan>
        <IfCan permission="events.manage">
          <Field
            id="bo-channel"
            name="channelKey"
            label="Channel key"
            hint="For Assign to channel: an existing key, a new one (give it a name), or NO_CHANNEL for the open pool. The box office sells from every channel."
          />
          <Field id="bo-channel-name" name="channelName" label="Channel name (new channels)" />
        </IfCan>
        <div class="button-group">
          <IfMayCall api={`${boxOffice}/book`}>
            <button
              type="submit"
              class="button"
              data-api={`${boxOffice}/book`}
              data-fields="objectLabels,orderId,quantity"
              data-done="Booked {objectLabels} under order {orderId}"
            >
              Book
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/release`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/release`}
              data-fields="objectLabels"
              data-done="Released {objectLabels}"
            >
              Release
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/not-for-sale`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/not-for-sale`}
              data-fields="objectLabels"
              data-done="{objectLabels} marked not for sale"
            >
              Mark not for sale
            </button>
          </IfMayCall>
          <IfMayCall api={`${boxOffice}/for-sale`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${boxOffice}/for-sale`}
              data-fields="objectLabels"
              data-done="{objectLabels} back on sale"
            >
              Mark for sale
            </button>
          </IfMayCall>
          <IfMayCall api={`${props.api}/channels/assign`}>
            <button
              type="submit"
              class="button button-secondary"
              data-api={`${props.api}/channels/assign`}
              data-fields="objectLabels,channelKey,channelName"
              data-done="{objectLabels} assigned to {channelKey}"
            >
              Assign to channel
            </button>
          </IfMayCall>
        </div>
      </ApiForm>
      <ChannelLegend channels={props.channels} />
      <IfMayCall api={`${boxOffice}/release`}>
        <h3>Release a whole order</h3>
        <ApiForm api={`${boxOffice}/release`} then="refresh" done="Order {orderId} released" label="Release a whole order">
          <Field id="release-order" name="orderId" label="Order id to release" />
          <button type="submit" class="button button-secondary">
            Release order
          </button>
        </ApiForm>
      </IfMayCall>
    </section>
  );
}
