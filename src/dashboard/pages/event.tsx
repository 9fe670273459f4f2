import { SDK_VERSION } from "../../../dist/sdk/bundle.js";
import type { Environment } from "../../domain/scope";
import type { EventRecord } from "../../domain/events";
import type { SelectionRules } from "../../domain/selling";
import { STATUSES, type ReportsResult, type Status } from "../../domain/status";
import type { SalesTimeline } from "../../domain/sales-timeline";
import type { Channel } from "../../domain/channels";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, IfCan, When } from "./components";
import { can } from "../../domain/roles";
import { BoxOfficePanel, SeatMapHost } from "./box-office-panel";
import { Page } from "./layout";
import { SalesPlot } from "./plot";
import { AccessibilityForm } from "./accessibility-form";
import type { Accessibility } from "../../domain/accessibility";
import { WaitingRoomPanel, type RoomTick } from "./waiting-room";
import { CopyToProduction, DetailsForm } from "./event-details";
import type { WaitingRoom } from "../../domain/waiting-room";
import type { Pricing } from "../../domain/pricing";
import { PricesPanel } from "./prices-panel";
import { RevenuePlot } from "./revenue-plot";

/**
 * One event (contract §10.3): the live seat map through the SDK with the environment's publishable
 * key, the box office (book with an order id, release, not for sale / for sale) on the objects
 * selected on the map, counts by status, category and section, sales over time, and for sandbox
 * events the reset, and the event's selection rules (contract §8).
 */

export interface EventView {
  event: EventRecord;
  /** The chart's name, shown with its key as secondary text (null when the chart could not be read). */
  chartName: string | null;
  /** Categories' and sections' labels by key, so the counts read by name (key as secondary text). */
  names: { categories: Map<string, string>; sections: Map<string, string> };
  publicKey: string;
  reports: ReportsResult;
  sales: SalesTimeline;
  /** The event's channels with their seats and places (contract §12). */
  channels: Channel[];
  /** The layout's GA areas, for places per channel. */
  areas: { label: string; capacity: number }[];
  /** The hold-back of accessible inventory (contract §14). */
  accessibility?: Accessibility;
  /** The waiting room (contract §15), null when the event has none, and its last hour of ticks. */
  room: WaitingRoom | null;
  roomTicks: RoomTick[];
  /** Contract §20: the event's prices, null when it sells without. */
  pricing: Pricing | null;
}

/**
 * Channels (contract §12): each channel's seats and GA places, the counts per pool, and a form that
 * sets a channel's places in each GA area. Seats are assigned from the map through the box office's
 * "Assign to channel".
 */
function ChannelsPanel(props: { api: string; channels: Channel[]; areas: { label: string; capacity: number }[]; reports: ReportsResult }) {
  const names = new Map(props.channels.map((c) => [c.key, c.name]));
  return (
    <section class="panel" aria-labelledby="channels-title">
      <h2 id="channels-title">Channels</h2>
      <p class="hint">
        A channel sets seats and places aside for one sales route (a presale, a sponsor). Seats in no channel are the open pool, which buyers get by default.
        Select seats on the map and use "Assign to channel" in the box office.
      </p>
      <div id="channel-list" data-refresh>
        {props.channels.length === 0 ? (
          <p>No channels: every seat and place is in the open pool.</p>
        ) : (
          <table>
            <caption>Channels of this event</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Key</th>
                <th scope="col" class="num">
                  Seats
                </th>
                <th scope="col">General admission places</th>
              </tr>
            </thead>
            <tbody>
              {props.channels.map((c) => (
                <tr>
                  <th scope="row">{c.name}</th>
                  <td>
                    <code>{c.key}</code>
                  </td>
                  <td class="num">{c.objectLabels.length}</td>
                  <td>
                    {Object.entries(c.areaPlaces ?? {})
                      .map(([area, n]) => `${area}: ${n}`)
                      .join(", ") || "–"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <CountsBy
          caption="By channel"
          head="Channel"
          rows={props.reports.byChannel.map((r) => ({ ...r, key: r.channelKey === null ? null : (names.get(r.channelKey) ?? r.channelKey) }))}
          none="Open pool"
        />
      </div>
      {props.areas.length > 0 ? (
        <ApiForm id="channel-places" api={`${props.api}/channels/assign`} then="refresh" done="Places of {channelKey} saved" label="Places per channel">
          <h3>General admission places per channel</h3>
          <Field id="places-channel" name="channelKey" label="Channel key" hint="An existing channel's key, or a new one (give it a name)" />
          <Field id="places-name" name="channelName" label="Channel name (new channels)" />
          <fieldset>
            <legend>Places set aside in each area</legend>
            {props.areas.map((a, i) => (
              <Field
                id={`places-area-${i}`}
                name={`areaPlaces-${i}`}
                label={`${a.label} (capacity ${a.capacity})`}
                type="number"
                dataType="number"
                min={0}
                max={a.capacity}
                group={{ name: "areaPlaces", key: a.label }}
              />
            ))}
          </fieldset>
          <button type="submit" class="button">
            Save places
          </button>
        </ApiForm>
      ) : null}
    </section>
  );
}

const STATUS_WORDS: Record<Status, string> = { free: "Free", held: "Held", booked: "Booked", not_for_sale: "Not for sale" };

/** A table of counts by one dimension (category or section) and status. */
function CountsBy(props: {
  caption: string;
  head: string;
  rows: { key: string | null; status: Status; count: number }[];
  none: string;
  /** Labels by key, the key then shown as secondary text; rows whose keys are already names leave it out. */
  names?: Map<string, string>;
}) {
  const names = props.names ?? new Map<string, string>();
  const keys = [...new Set(props.rows.map((r) => r.key))];
  const count = new Map(props.rows.map((r) => [`${r.key}\u0000${r.status}`, r.count]));
  return (
    <table>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          {STATUSES.map((s) => (
            <th scope="col" class="num">
              {STATUS_WORDS[s]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr>
            <th scope="row">
              {k === null ? props.none : (names.get(k) ?? k)}
              {k !== null && names.has(k) && names.get(k) !== k ? <span class="hint key"> {k}</span> : null}
            </th>
            {STATUSES.map((s) => (
              <td class="num">{count.get(`${k}\u0000${s}`) ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The event's selection rules as a form: every field empty means no rule, and saving replaces the
 * whole set (PUT). A category cap is offered for each category of the layout, and kept for a
 * category the layout no longer has, so saving never drops a rule the page did not show.
 */
function SelectionRulesForm(props: { api: string; rules: SelectionRules; categoryKeys: string[] }) {
  const { rules } = props;
  const perCategory = rules.maxSeatsPerCategory ?? {};
  const keys = [...new Set([...props.categoryKeys, ...Object.keys(perCategory)])];
  const value = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return (
    <section class="panel" aria-labelledby="rules-title">
      <h2 id="rules-title">Selection rules</h2>
      <p class="hint">Checked by the service on every hold, whichever site or script sends it; the box office is exempt. Leave a field empty for no limit.</p>
      <ApiForm id="selection-rules" api={props.api} method="PUT" done="Selection rules saved" label="Selection rules">
        <Field
          id="rule-per-token"
          name="maxSeatsPerToken"
          label="Seats per order"
          hint="Seats and general admission places one hold token may hold or book on this event"
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxSeatsPerToken)}
        />
        {keys.length > 0 ? (
          <fieldset>
            <legend>Seats per order in a category</legend>
            {keys.map((key, i) => (
              <Field
                id={`rule-category-${i}`}
                name={`maxSeatsPerCategory-${i}`}
                label={key}
                type="number"
                dataType="number"
                min={1}
                max={10000}
                value={value(perCategory[key])}
                group={{ name: "maxSeatsPerCategory", key }}
              />
            ))}
          </fieldset>
        ) : null}
        <div class="field">
          <label for="rule-orphans">Single seats left alone in a row</label>
          <p class="hint" id="rule-orphans-hint">
            Refuse a hold that would leave one free seat between taken seats, an aisle or the row's end
          </p>
          <select id="rule-orphans" name="noOrphanSeats" data-type="boolean" aria-describedby="rule-orphans-hint">
            <option value="" selected={!rules.noOrphanSeats}>
              Allowed
            </option>
            <option value="true" selected={rules.noOrphanSeats === true}>
              Refused
            </option>
          </select>
        </div>
        <Field
          id="rule-per-client"
          name="maxHeldSeatsPerClient"
          label="Seats held at once per buyer address"
          hint="Publishable-key holds from one network address, over all its hold tokens: stops one bot holding the show"
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxHeldSeatsPerClient)}
        />
        <button type="submit" class="button">
          Save rules
        </button>
      </ApiForm>
    </section>
  );
}

export function eventPage(session: DashboardSession, environment: Environment, view: EventView) {
  const { event, reports } = view;
  const key = encodeURIComponent(event.eventKey);
  const api = `/dashboard/api/${environment}/events/${key}`;
  return (
    <Page title={`Event ${event.eventKey}`} session={session} environment={environment} section="events" scripts={[`/sdk/v${SDK_VERSION}/seating.js`]}>
      <p>
        <a href={`/dashboard/${environment}/events`}>Back to events</a>
      </p>
      <h1>{event.name ?? `Event ${event.eventKey}`}</h1>
      {event.name !== null || event.startsAt !== null ? (
        <p>
          Event key <code>{event.eventKey}</code>
          {event.startsAt !== null ? (
            <>
              , starts <When at={event.startsAt} zone={event.timeZone} />
            </>
          ) : null}
          .
        </p>
      ) : null}
      <p>
        Chart <a href={`/dashboard/${environment}/charts/${encodeURIComponent(event.chartKey)}`}>{view.chartName ?? event.chartKey}</a>
        {view.chartName !== null ? <span class="hint key"> {event.chartKey}</span> : null}
        {event.chartPublishedVersion === null ? ", not published: the map is empty" : `, published version ${event.chartPublishedVersion}`}. Created{" "}
        <When at={event.createdAt} zone={event.timeZone} />.
      </p>
      <div class="event-grid">
        <section aria-labelledby="map-title">
          <h2 id="map-title">Seat map</h2>
          <p class="hint" id="map-hint">
            Live: holds and bookings appear as they happen. Select seats and areas for the box office by clicking them, or with Tab and Enter; a ring marks each
            channel's seats (see the legend under the box office).
          </p>
          <SeatMapHost publicKey={view.publicKey} eventKey={event.eventKey} channelKeys={["NO_CHANNEL", ...view.channels.map((c) => c.key)]} />
        </section>
        <BoxOfficePanel api={api} channels={view.channels} />
      </div>

      <section id="counts" data-refresh data-refresh-every="5000" aria-labelledby="counts-title">
        <h2 id="counts-title">Counts</h2>
        <table>
          <caption>By status</caption>
          <thead>
            <tr>
              {STATUSES.map((s) => (
                <th scope="col" class="num">
                  {STATUS_WORDS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {STATUSES.map((s) => (
                <td class="num">{reports.byStatus[s]}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <div class="columns">
          <CountsBy
            caption="By category"
            head="Category"
            rows={reports.byCategory.map((r) => ({ ...r, key: r.categoryKey }))}
            none="–"
            names={view.names.categories}
          />
          <CountsBy
            caption="By section"
            head="Section"
            rows={reports.bySection.map((r) => ({ ...r, key: r.sectionKey }))}
            none="General admission"
            names={view.names.sections}
          />
        </div>
      </section>

      <ChannelsPanel api={api} channels={view.channels} areas={view.areas} reports={reports} />

      <IfCan permission="events.manage">
        <DetailsForm api={api} event={event} />
      </IfCan>

      <section id="sales" data-refresh aria-labelledby="sales-title">
        <h2 id="sales-title">Sales over time</h2>
        <SalesPlot timeline={view.sales} now={new Date().toISOString()} startsAt={view.event.startsAt} zone={view.event.timeZone} />
        {view.pricing ? (
          <>
            <h3>Revenue over time</h3>
            <RevenuePlot timeline={view.sales} currency={view.pricing.currency} now={new Date().toISOString()} zone={view.event.timeZone} />
          </>
        ) : null}
      </section>

      <PricesPanel
        api={`${api}/pricing`}
        pricing={view.pricing}
        subject="event"
        targets={{
          categories: [...view.names.categories].map(([key, label]) => ({ key, label })),
          channels: view.channels.map((c) => ({ key: c.key, name: c.name })),
        }}
      />

      <WaitingRoomPanel api={`${api}/waiting-room`} room={view.room} ticks={view.roomTicks} zone={event.timeZone} />

      <IfCan permission="events.manage">
        <SelectionRulesForm api={`${api}/selection-rules`} rules={event.selectionRules} categoryKeys={reports.byCategory.map((r) => r.categoryKey)} />
      </IfCan>

      <IfCan permission="events.manage">
        {view.accessibility ? <AccessibilityForm api={`${api}/accessibility`} settings={view.accessibility} zone={event.timeZone} /> : null}
      </IfCan>

      {environment === "sandbox" ? (
        <IfCan permission="events.manage">
          <CopyToProduction eventKey={event.eventKey} />
        </IfCan>
      ) : null}

      <IfCan permission="events.manage">
        <section class="panel" aria-labelledby="manage-title">
          <h2 id="manage-title">Manage the event</h2>
          <div class="button-group">
            {environment === "sandbox" ? (
              <ActionButton
                api={`${api}/reset`}
                label="Reset event"
                kind="warning"
                confirm="Reset this sandbox event? Every hold and booking is removed."
                done="Event reset: every seat and area is free"
              />
            ) : null}
            <ActionButton
              api={api}
              method="DELETE"
              label="Delete event"
              kind="warning"
              then={`go:/dashboard/${environment}/events`}
              confirm={`Delete the event ${event.eventKey} with all its holds, bookings and history? This cannot be undone.`}
              done={`Event ${event.eventKey} deleted`}
            />
          </div>
        </section>
      </IfCan>
    </Page>
  );
}
