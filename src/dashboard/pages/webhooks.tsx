import type { z } from "@hono/zod-openapi";
import { DELIVERY_ERROR_TEXT } from "../../domain/webhook-failures";
import type { Environment } from "../../domain/scope";
import type { DeliveryDetailSchema, DeliverySchema, EndpointSchema } from "../../webhooks/api-schemas";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../../domain/webhook-messages";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, IfMayCall, RevealPanel, Tag, When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";

/**
 * Webhooks (contract §10.4): endpoints listed, added, edited, enabled or disabled, deleted; the
 * signing secret rotated (shown once); a test delivery; the delivery log with attempts and status
 * codes, kept fresh while deliveries are under way; replay.
 */

type Endpoint = z.infer<typeof EndpointSchema>;
type Delivery = z.infer<typeof DeliverySchema>;
type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

const api = (environment: Environment, tail = "") => `/dashboard/api/${environment}/webhooks${tail}`;
const page = (environment: Environment, id?: string) => `/dashboard/${environment}/webhooks${id ? `/${encodeURIComponent(id)}` : ""}`;

/** The event types as checkboxes; `checked` are ticked. */
function EventTypes(props: { idPrefix: string; checked: readonly string[] }) {
  return (
    <fieldset class="field" aria-describedby={`${props.idPrefix}-hint`}>
      <legend>Event types</legend>
      <p class="hint" id={`${props.idPrefix}-hint`}>
        Choose at least one. A test delivery is always sent to the endpoint it is asked for.
      </p>
      <div class="checkboxes">
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <label>
            <input type="checkbox" name="events" value={t} id={`${props.idPrefix}-${t.replace(".", "-")}`} checked={props.checked.includes(t)} />
            {WEBHOOK_EVENT_DESCRIPTIONS[t]} <code>{t}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StatusTag(props: { status: Delivery["status"] }) {
  if (props.status === "succeeded") return <Tag kind="ok">Succeeded</Tag>;
  if (props.status === "failed") return <Tag kind="bad">Failed</Tag>;
  return <Tag kind="wait">Pending</Tag>;
}

export function webhooksPage(session: DashboardSession, environment: Environment, endpoints: Endpoint[]) {
  const envName = ENVIRONMENT_NAMES[environment];
  return (
    <Page title="Webhooks" session={session} environment={environment} section="webhooks">
      <h1>Webhooks</h1>
      <p class="lead">{envName} endpoints receive this environment's seat changes, signed with their own secret.</p>
      <RevealPanel
        id="new-endpoint"
        title="Endpoint added"
        label="Signing secret"
        warning="Copy the signing secret now and store it with your receiver: it is shown only this once."
        link={{ href: `${page(environment)}/{id}`, text: "Go to the new endpoint" }}
      />
      {endpoints.length === 0 ? (
        <p>No {envName.toLowerCase()} endpoints yet.</p>
      ) : (
        <table>
          <caption>{envName} endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Description</th>
              <th scope="col">Event types</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => (
              <tr>
                <td>
                  <a href={page(environment, e.id)} class="mono">
                    {e.url}
                  </a>
                </td>
                <td>{e.description || "–"}</td>
                <td>
                  <ul class="plain-list">
                    {e.events.map((t) => (
                      <li>
                        {WEBHOOK_EVENT_DESCRIPTIONS[t]} <code>{t}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{e.enabled ? <Tag kind="ok">Enabled</Tag> : <Tag kind="off">Disabled</Tag>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <IfMayCall api={api(environment)}>
        {" "}
        <div class="panel">
          <h2>Add an endpoint</h2>
          <ApiForm api={api(environment)} then="reveal" revealPanel="new-endpoint" revealField="secret" done="Endpoint {url} added" label="Add an endpoint">
            <Field id="wh-url" name="url" label="URL" type="url" hint="HTTPS on a public host, for example https://hooks.example.com/seats" wide />
            <EventTypes idPrefix="wh-events" checked={["seat.held", "seat.booked", "seat.released", "seat.hold_expired"]} />
            <Field id="wh-description" name="description" label="Description (optional)" wide />
            <button type="submit" class="button">
              Add endpoint
            </button>
          </ApiForm>
        </div>
      </IfMayCall>
    </Page>
  );
}

export function webhookPage(session: DashboardSession, environment: Environment, endpoint: Endpoint, deliveries: Delivery[]) {
  const id = encodeURIComponent(endpoint.id);
  return (
    <Page title={`Webhook ${endpoint.url}`} session={session} environment={environment} section="webhooks">
      <p>
        <a href={page(environment)}>Back to webhooks</a>
      </p>
      <h1>Webhook endpoint</h1>
      <p class="mono">{endpoint.url}</p>
      <p>
        {endpoint.enabled ? <Tag kind="ok">Enabled</Tag> : <Tag kind="off">Disabled</Tag>} Registered <When at={endpoint.createdAt} />.
      </p>
      <RevealPanel
        id="new-signing-secret"
        title="New signing secret"
        label="Signing secret"
        warning="Copy it now: it is shown only this once. It signs the very next delivery."
      />
      <div class="button-group">
        <ActionButton
          api={api(environment, `/${id}/test`)}
          label="Send test"
          then="refresh"
          done="Test delivery queued: it appears in the delivery log below"
        />
        {endpoint.enabled ? (
          <ActionButton
            api={api(environment, `/${id}`)}
            method="PATCH"
            hidden={{ enabled: "false" }}
            label="Disable"
            kind="secondary"
            done="Endpoint disabled: pending deliveries were marked failed"
          />
        ) : (
          <ActionButton api={api(environment, `/${id}`)} method="PATCH" hidden={{ enabled: "true" }} label="Enable" kind="secondary" done="Endpoint enabled" />
        )}
        <ActionButton
          api={api(environment, `/${id}/rotate-secret`)}
          label="Rotate secret"
          kind="secondary"
          then="reveal"
          reveal={{ panel: "new-signing-secret", field: "secret" }}
          confirm="Rotate the signing secret? Your receiver must use the new one from the next delivery on."
          done="Signing secret rotated"
        />
        <ActionButton
          api={api(environment, `/${id}`)}
          method="DELETE"
          label="Delete endpoint"
          kind="warning"
          then={`go:${page(environment)}`}
          confirm="Delete this endpoint and its delivery log?"
          done="Endpoint deleted"
        />
      </div>

      <section id="delivery-log" data-refresh data-refresh-every="2000" aria-labelledby="log-title">
        <h2 id="log-title">Delivery log</h2>
        {deliveries.length === 0 ? (
          <p>No deliveries yet. Send a test to see one.</p>
        ) : (
          <table>
            <caption class="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Attempts
                </th>
                <th scope="col" class="num">
                  Last status code
                </th>
                <th scope="col">Last error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr>
                  <td>
                    <a href={`${page(environment, endpoint.id)}/deliveries/${encodeURIComponent(d.id)}`}>
                      <When at={d.createdAt} />
                      <span class="visually-hidden"> delivery of {d.type}</span>
                    </a>
                  </td>
                  <td>
                    <code>{d.type}</code>
                  </td>
                  <td>
                    <StatusTag status={d.status} />
                  </td>
                  <td class="num">{d.attempts}</td>
                  <td class="num">{d.lastStatusCode ?? "–"}</td>
                  <td>{d.lastError === null ? "–" : DELIVERY_ERROR_TEXT[d.lastError]}</td>
                  <td>
                    <ActionButton
                      api={api(environment, `/${id}/deliveries/${encodeURIComponent(d.id)}/replay`)}
                      label="Replay"
                      kind="secondary"
                      then="refresh"
                      id={`replay-${d.id}`}
                      describedBy={`type-${d.id}`}
                      done={`Delivery of ${d.type} queued again`}
                    />
                    <span id={`type-${d.id}`} class="visually-hidden">
                      {`${d.type} created ${d.createdAt}`}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <IfMayCall api={api(environment, `/${id}`)} method="PATCH">
        {" "}
        <section class="panel" aria-labelledby="edit-title">
          <h2 id="edit-title">Edit</h2>
          <ApiForm api={api(environment, `/${id}`)} method="PATCH" done="Endpoint saved" label="Edit the endpoint">
            <Field id="edit-url" name="url" label="URL" type="url" value={endpoint.url} wide />
            <EventTypes idPrefix="edit-events" checked={endpoint.events} />
            <Field id="edit-description" name="description" label="Description" value={endpoint.description} wide emptyAsNull />
            <button type="submit" class="button">
              Save changes
            </button>
          </ApiForm>
        </section>
      </IfMayCall>
    </Page>
  );
}

export function deliveryPage(session: DashboardSession, environment: Environment, endpoint: Endpoint, delivery: DeliveryDetail) {
  return (
    <Page title={`Delivery ${delivery.id}`} session={session} environment={environment} section="webhooks">
      <p>
        <a href={page(environment, endpoint.id)}>Back to the endpoint</a>
      </p>
      <h1>Delivery of {delivery.type}</h1>
      <p>
        <StatusTag status={delivery.status} /> to <span class="mono">{endpoint.url}</span>, event <code>{delivery.eventId}</code>, created{" "}
        <When at={delivery.createdAt} />.
      </p>
      <ActionButton
        api={api(environment, `/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(delivery.id)}/replay`)}
        label="Replay"
        done="Delivery queued again"
      />
      <h2>Attempts</h2>
      {delivery.attemptLog.length === 0 ? (
        <p>No attempt yet.</p>
      ) : (
        <table>
          <caption class="visually-hidden">Attempts of this delivery</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                Attempt
              </th>
              <th scope="col">At</th>
              <th scope="col" class="num">
                Status code
              </th>
              <th scope="col">Error</th>
              <th scope="col" class="num">
                Duration (ms)
              </th>
            </tr>
          </thead>
          <tbody>
            {delivery.attemptLog.map((a) => (
              <tr>
                <td class="num">{a.attempt}</td>
                <td>
                  <When at={a.at} />
                </td>
                <td class="num">{a.statusCode ?? "–"}</td>
                <td>{a.error === null ? "–" : DELIVERY_ERROR_TEXT[a.error]}</td>
                <td class="num">{a.durationMs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Payload</h2>
      <pre class="panel mono">{JSON.stringify(delivery.payload, null, 2)}</pre>
    </Page>
  );
}
