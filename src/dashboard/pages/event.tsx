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
import { words } from "../words";
import { CopyToProduction, DetailsForm } from "./event-details";
import type { WaitingRoom } from "../../domain/waiting-room";
import type { TableBooking } from "../../domain/tables";
import { TableBookingForm } from "./table-booking-form";
import type { LiveStats } from "../../domain/live-relays";
import type { Pricing } from "../../domain/pricing";
import { LiveCrowdPanel } from "./event-live";
import { PricesPanel } from "./prices-panel";
import { RevenuePlot } from "./revenue-plot";

/**
 * One event (docs/dashboard.md): the live seat map through the SDK with the environment's publishable
 * key, the box office (book with an order id, release, not for sale / for sale) on the objects
 * selected on the map, counts by status, category and section, sales over time, and for sandbox
 * events the reset, and the event's selection rules (docs/selling-rules.md).
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
  /** The event's channels with their seats and places (docs/channels.md). */
  channels: Channel[];
  /** Passes to the event's protected channels, for the box office's map (docs/security.md: it shows and sells every channel). */
  channelPasses: string[];
  /** The layout's GA areas, for places per channel. */
  areas: { label: string; capacity: number }[];
  /** The hold-back of accessible inventory (docs/accessibility.md). */
  accessibility?: Accessibility;
  /** The waiting room (docs/waiting-room.md), null when the event has none, and its last hour of ticks. */
  room: WaitingRoom | null;
  roomTicks: RoomTick[];
  /** How the event's tables are booked (docs/tables.md). */
  tableBooking: TableBooking;
  /** docs/prices.md: the event's prices, null when it sells without. */
  pricing: Pricing | null;
  /** Live viewers, relays and what reaches the event's object (null when they could not be read). */
  live: LiveStats | null;
}

/**
 * Channels (docs/channels.md): each channel's seats and GA places, the counts per pool, and a form that
 * sets a channel's places in each GA area. Seats are assigned from the map through the box office's
 * "Assign to channel".
 */
function ChannelsPanel(props: { api: string; channels: Channel[]; areas: { label: string; capacity: number }[]; reports: ReportsResult }) {
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

/** A status's name in the page's language. */
const statusWord = (s: Status) => words().t(`status.${s}`);

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
              {statusWord(s)}
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
              <td class="num">{words().number(count.get(`${k}\u0000${s}`) ?? 0)}</td>
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
  const w = words();
  return (
    <section class="panel" aria-labelledby="rules-title">
      <h2 id="rules-title">{w.t("rules.title")}</h2>
      <p class="hint">{w.t("rules.lead")}</p>
      <ApiForm id="selection-rules" api={props.api} method="PUT" done={w.t("rules.saved")} label={w.t("rules.title")}>
        <Field
          id="rule-per-token"
          name="maxSeatsPerToken"
          label={w.t("rules.perOrder")}
          hint={w.t("rules.perOrderHint")}
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxSeatsPerToken)}
        />
        {keys.length > 0 ? (
          <fieldset>
            <legend>{w.t("rules.perCategory")}</legend>
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
          <label for="rule-orphans">{w.t("rules.orphans")}</label>
          <p class="hint" id="rule-orphans-hint">
            {w.t("rules.orphansHint")}
          </p>
          <select id="rule-orphans" name="noOrphanSeats" data-type="boolean" aria-describedby="rule-orphans-hint">
            <option value="" selected={!rules.noOrphanSeats}>
              {w.t("rules.allowed")}
            </option>
            <option value="true" selected={rules.noOrphanSeats === true}>
              {w.t("rules.refused")}
            </option>
          </select>
        </div>
        <Field
          id="rule-per-client"
          name="maxHeldSeatsPerClient"
          label={w.t("rules.perClient")}
          hint={w.t("rules.perClientHint")}
          type="number"
          dataType="number"
          min={1}
          max={10000}
          value={value(rules.maxHeldSeatsPerClient)}
        />
        <button type="submit" class="button">
          {w.t("rules.save")}
        </button>
      </ApiForm>
    </section>
  );
}

/** How many tables the event's layout has (each counts once in the reports, by its own status). */
function tableCount(reports: ReportsResult): number {
  return reports.byObjectType.filter((r) => r.objectType === "table").reduce((n, r) => n + r.count, 0);
}

export function eventPage(session: DashboardSession, environment: Environment, view: EventView) {
  const { event, reports } = view;
  const key = encodeURIComponent(event.eventKey);
  const api = `/dashboard/api/${environment}/events/${key}`;
  const w = words();
  const title = w.t("event.title", { eventKey: event.eventKey });
  return (
    <Page title={title} session={session} environment={environment} section="events" scripts={[`/sdk/v${SDK_VERSION}/seating.js`]}>
      <p>
        <a href={`/dashboard/${environment}/events`}>{w.t("event.back")}</a>
      </p>
      <h1>{event.name ?? title}</h1>
      {event.name !== null || event.startsAt !== null ? (
        <p>
          {w.t("event.key")} <code>{event.eventKey}</code>
          {event.startsAt !== null ? (
            <>
              , {w.t("event.starts")} <When at={event.startsAt} zone={event.timeZone} />
            </>
          ) : null}
          .
        </p>
      ) : null}
      <p>
        {w.t("events.chart")} <a href={`/dashboard/${environment}/charts/${encodeURIComponent(event.chartKey)}`}>{view.chartName ?? event.chartKey}</a>
        {view.chartName !== null ? <span class="hint key"> {event.chartKey}</span> : null}
        {event.chartPublishedVersion === null
          ? `, ${w.t("event.notPublished")}`
          : `, ${w.t("event.published", { version: event.chartPublishedVersion })}`}. {w.t("events.created")}{" "}
        <When at={event.createdAt} zone={event.timeZone} />.
      </p>
      <div class="event-grid">
        <section aria-labelledby="map-title">
          <h2 id="map-title">{w.t("event.map")}</h2>
          <p class="hint" id="map-hint">
            {w.t("event.mapHint")}
          </p>
          <SeatMapHost
            publicKey={view.publicKey}
            eventKey={event.eventKey}
            channelKeys={["NO_CHANNEL", ...view.channels.map((c) => c.key)]}
            channelPasses={view.channelPasses}
          />
        </section>
        <BoxOfficePanel api={api} channels={view.channels} />
      </div>

      <section id="counts" data-refresh data-refresh-every="5000" aria-labelledby="counts-title">
        <h2 id="counts-title">{w.t("event.counts")}</h2>
        <table>
          <caption>{w.t("event.byStatus")}</caption>
          <thead>
            <tr>
              {STATUSES.map((s) => (
                <th scope="col" class="num">
                  {statusWord(s)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {STATUSES.map((s) => (
                <td class="num">{w.number(reports.byStatus[s])}</td>
              ))}
            </tr>
          </tbody>
        </table>
        <div class="columns">
          <CountsBy
            caption={w.t("event.byCategory")}
            head={w.t("event.category")}
            rows={reports.byCategory.map((r) => ({ ...r, key: r.categoryKey }))}
            none="–"
            names={view.names.categories}
          />
          <CountsBy
            caption={w.t("event.bySection")}
            head={w.t("event.section")}
            rows={reports.bySection.map((r) => ({ ...r, key: r.sectionKey }))}
            none={w.t("event.generalAdmission")}
            names={view.names.sections}
          />
        </div>
      </section>

      <LiveCrowdPanel stats={view.live} />

      <ChannelsPanel api={api} channels={view.channels} areas={view.areas} reports={reports} />

      <IfCan permission="events.manage">
        <DetailsForm api={api} event={event} />
      </IfCan>

      <section id="sales" data-refresh aria-labelledby="sales-title">
        <h2 id="sales-title">{w.t("event.sales")}</h2>
        <SalesPlot timeline={view.sales} now={new Date().toISOString()} startsAt={view.event.startsAt} zone={view.event.timeZone} />
        {view.pricing ? (
          <>
            <h3>{w.t("revenue.heading")}</h3>
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

      {tableCount(reports) > 0 ? (
        <IfCan permission="events.manage">
          <TableBookingForm api={`${api}/table-booking`} booking={view.tableBooking} tables={tableCount(reports)} />
        </IfCan>
      ) : null}

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
          <h2 id="manage-title">{w.t("event.manage")}</h2>
          <div class="button-group">
            {environment === "sandbox" ? (
              <ActionButton api={`${api}/reset`} label={w.t("event.reset")} kind="warning" confirm={w.t("event.resetConfirm")} done={w.t("event.resetDone")} />
            ) : null}
            <ActionButton
              api={api}
              method="DELETE"
              label={w.t("event.delete")}
              kind="warning"
              then={`go:/dashboard/${environment}/events`}
              confirm={w.t("event.deleteConfirm", { eventKey: event.eventKey })}
              done={w.t("event.deleted", { eventKey: event.eventKey })}
            />
          </div>
        </section>
      </IfCan>
    </Page>
  );
}
