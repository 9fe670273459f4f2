import { SDK_VERSION } from "../../../dist/sdk/bundle.js";
import type { Environment } from "../../domain/scope";
import type { EventRecord } from "../../domain/events";
import type { SelectionRules } from "../../domain/selling";
import { STATUSES, type ReportsResult, type Status } from "../../domain/status";
import type { SalesTimeline } from "../../domain/sales-timeline";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, When } from "./components";
import { Page } from "./layout";
import { SalesPlot } from "./plot";

/**
 * One event (contract §10.3): the live seat map through the SDK with the environment's publishable
 * key, the box office (book with an order id, release, not for sale / for sale) on the objects
 * selected on the map, counts by status, category and section, sales over time, and for sandbox
 * events the reset, and the event's selection rules (contract §8).
 */

export interface EventView {
  event: EventRecord;
  publicKey: string;
  reports: ReportsResult;
  sales: SalesTimeline;
}

const STATUS_WORDS: Record<Status, string> = { free: "Free", held: "Held", booked: "Booked", not_for_sale: "Not for sale" };

/** A table of counts by one dimension (category or section) and status. */
function CountsBy(props: { caption: string; head: string; rows: { key: string | null; status: Status; count: number }[]; none: string }) {
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
            <th scope="row">{k ?? props.none}</th>
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
  const boxOffice = `${api}/box-office`;
  return (
    <Page title={`Event ${event.eventKey}`} session={session} environment={environment} section="events" scripts={[`/sdk/v${SDK_VERSION}/seating.js`]}>
      <p>
        <a href={`/dashboard/${environment}/events`}>Back to events</a>
      </p>
      <h1>Event {event.eventKey}</h1>
      <p>
        Chart <a href={`/dashboard/${environment}/charts/${encodeURIComponent(event.chartKey)}`}>{event.chartKey}</a>
        {event.chartPublishedVersion === null ? ", not published: the map is empty" : `, published version ${event.chartPublishedVersion}`}. Created{" "}
        <When at={event.createdAt} />.
      </p>
      <div class="event-grid">
        <section aria-labelledby="map-title">
          <h2 id="map-title">Seat map</h2>
          <p class="hint" id="map-hint">
            Live: holds and bookings appear as they happen. Select objects for the box office by clicking them, or with Tab and Enter.
          </p>
          <div id="seat-map" data-public-key={view.publicKey} data-event-key={event.eventKey}></div>
        </section>
        <section class="panel" aria-labelledby="box-office-title">
          <h2 id="box-office-title">Box office</h2>
          <ApiForm id="box-office" then="refresh" label="Box office">
            <Field
              id="bo-labels"
              name="objectLabels"
              label="Selected objects"
              hint="Select on the map, or type labels separated by commas, for example A-1-1, A-1-2"
              dataType="list"
              wide
            />
            <p id="bo-announce" class="visually-hidden" role="status"></p>
            <Field id="bo-order" name="orderId" label="Order id" hint="Your order's reference, kept with each booked object" />
            <Field id="bo-quantity" name="quantity" label="Places per general admission area" type="number" dataType="number" value="1" min={1} />
            <div class="button-group">
              <button
                type="submit"
                class="button"
                data-api={`${boxOffice}/book`}
                data-fields="objectLabels,orderId,quantity"
                data-done="Booked {objectLabels} under order {orderId}"
              >
                Book
              </button>
              <button
                type="submit"
                class="button button-secondary"
                data-api={`${boxOffice}/release`}
                data-fields="objectLabels"
                data-done="Released {objectLabels}"
              >
                Release
              </button>
              <button
                type="submit"
                class="button button-secondary"
                data-api={`${boxOffice}/not-for-sale`}
                data-fields="objectLabels"
                data-done="{objectLabels} marked not for sale"
              >
                Mark not for sale
              </button>
              <button
                type="submit"
                class="button button-secondary"
                data-api={`${boxOffice}/for-sale`}
                data-fields="objectLabels"
                data-done="{objectLabels} back on sale"
              >
                Mark for sale
              </button>
            </div>
          </ApiForm>
          <h3>Release a whole order</h3>
          <ApiForm api={`${boxOffice}/release`} then="refresh" done="Order {orderId} released" label="Release a whole order">
            <Field id="release-order" name="orderId" label="Order id to release" />
            <button type="submit" class="button button-secondary">
              Release order
            </button>
          </ApiForm>
        </section>
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
          <CountsBy caption="By category" head="Category" rows={reports.byCategory.map((r) => ({ ...r, key: r.categoryKey }))} none="–" />
          <CountsBy caption="By section" head="Section" rows={reports.bySection.map((r) => ({ ...r, key: r.sectionKey }))} none="General admission" />
        </div>
      </section>

      <section id="sales" data-refresh aria-labelledby="sales-title">
        <h2 id="sales-title">Sales over time</h2>
        <SalesPlot timeline={view.sales} now={new Date().toISOString()} />
      </section>

      <SelectionRulesForm api={`${api}/selection-rules`} rules={event.selectionRules} categoryKeys={reports.byCategory.map((r) => r.categoryKey)} />

      <section class="panel" aria-labelledby="manage-title">
        <h2 id="manage-title">Manage the event</h2>
        <div class="button-group">
          {environment === "sandbox" ? (
            <ActionButton
              api={`${api}/reset`}
              label="Reset event"
              kind="warning"
              confirm="Reset this sandbox event? Every hold and booking is removed."
              done="Event reset: every object is free"
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
    </Page>
  );
}
