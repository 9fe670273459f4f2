import { SDK_VERSION } from "../../../dist/sdk/bundle.js";
import type { Environment } from "../../domain/scope";
import type { EventRecord } from "../../domain/events";
import { STATUSES, type ReportsResult } from "../../domain/status";
import type { SalesTimeline } from "../../domain/sales-timeline";
import type { Channel } from "../../domain/channels";
import type { DashboardSession } from "../sessions";
import { ActionButton, IfCan, When } from "./components";
import { CountsBy, StatusHeads } from "./counts-by";
import { ChannelsPanel } from "./event-channels";
import { SelectionRulesForm } from "./selection-rules-form";
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
              <StatusHeads />
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
