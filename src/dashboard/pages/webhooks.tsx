import type { z } from "@hono/zod-openapi";
import type { DeliveryError } from "../../domain/webhook-failures";
import type { Environment } from "../../domain/scope";
import type { DeliveryDetailSchema, DeliverySchema, EndpointSchema } from "../../webhooks/api-schemas";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../domain/webhook-messages";
import type { DashboardSession } from "../sessions";
import { ActionButton, ApiForm, Field, IfMayCall, RevealPanel, Tag, When } from "./components";
import { words } from "../words";
import { Page } from "./layout";

/**
 * Webhooks (docs/dashboard.md): endpoints listed, added, edited, enabled or disabled, deleted; the
 * signing secret rotated (shown once); a test delivery; the delivery log with attempts and status
 * codes, kept fresh while deliveries are under way; replay.
 */

type Endpoint = z.infer<typeof EndpointSchema>;
type Delivery = z.infer<typeof DeliverySchema>;
type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

const api = (environment: Environment, tail = "") => `/dashboard/api/${environment}/webhooks${tail}`;
const page = (environment: Environment, id?: string) => `/dashboard/${environment}/webhooks${id ? `/${encodeURIComponent(id)}` : ""}`;

/** What an event type is, in the page's language. */
const describeType = (t: WebhookEventType) => words().t(`webhookEvent.${t}`);
/** Why a delivery failed, in the page's language. */
const errorText = (e: DeliveryError) => words().t(`deliveryError.${e}`);

/** The event types as checkboxes; `checked` are ticked. */
function EventTypes(props: { idPrefix: string; checked: readonly string[] }) {
  const w = words();
  return (
    <fieldset class="field" aria-describedby={`${props.idPrefix}-hint`}>
      <legend>{w.t("webhooks.types")}</legend>
      <p class="hint" id={`${props.idPrefix}-hint`}>
        {w.t("webhooks.typesHint")}
      </p>
      <div class="checkboxes">
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <label>
            <input type="checkbox" name="events" value={t} id={`${props.idPrefix}-${t.replace(".", "-")}`} checked={props.checked.includes(t)} />
            {describeType(t)} <code>{t}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StatusTag(props: { status: Delivery["status"] }) {
  const w = words();
  if (props.status === "succeeded") return <Tag kind="ok">{w.t("webhooks.succeeded")}</Tag>;
  if (props.status === "failed") return <Tag kind="bad">{w.t("webhooks.failed")}</Tag>;
  return <Tag kind="wait">{w.t("webhooks.pending")}</Tag>;
}

function EnabledTag(props: { enabled: boolean }) {
  const w = words();
  return props.enabled ? <Tag kind="ok">{w.t("webhooks.enabled")}</Tag> : <Tag kind="off">{w.t("webhooks.disabled")}</Tag>;
}

export function webhooksPage(session: DashboardSession, environment: Environment, endpoints: Endpoint[]) {
  const w = words();
  const env = { environment };
  return (
    <Page title={w.t("nav.webhooks")} session={session} environment={environment} section="webhooks">
      <h1>{w.t("nav.webhooks")}</h1>
      <p class="lead">{w.t("webhooks.lead", env)}</p>
      <RevealPanel
        id="new-endpoint"
        title={w.t("webhooks.added")}
        label={w.t("webhooks.secret")}
        warning={w.t("webhooks.secretWarning")}
        link={{ href: `${page(environment)}/{id}`, text: w.t("webhooks.goToNew") }}
      />
      {endpoints.length === 0 ? (
        <p>{w.t("webhooks.none", env)}</p>
      ) : (
        <table>
          <caption>{w.t("webhooks.caption", env)}</caption>
          <thead>
            <tr>
              <th scope="col">{w.t("webhooks.url")}</th>
              <th scope="col">{w.t("webhooks.description")}</th>
              <th scope="col">{w.t("webhooks.types")}</th>
              <th scope="col">{w.t("webhooks.state")}</th>
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
                        {describeType(t)} <code>{t}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <EnabledTag enabled={e.enabled} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <IfMayCall api={api(environment)}>
        {" "}
        <div class="panel">
          <h2>{w.t("webhooks.add")}</h2>
          <ApiForm
            api={api(environment)}
            then="reveal"
            revealPanel="new-endpoint"
            revealField="secret"
            done={w.t("webhooks.addedDone")}
            label={w.t("webhooks.add")}
          >
            <Field id="wh-url" name="url" label={w.t("webhooks.url")} type="url" hint={w.t("webhooks.urlHint")} wide />
            <EventTypes idPrefix="wh-events" checked={["seat.held", "seat.booked", "seat.released", "seat.hold_expired"]} />
            <Field id="wh-description" name="description" label={w.t("webhooks.descriptionOptional")} wide />
            <button type="submit" class="button">
              {w.t("webhooks.addButton")}
            </button>
          </ApiForm>
        </div>
      </IfMayCall>
    </Page>
  );
}

export function webhookPage(session: DashboardSession, environment: Environment, endpoint: Endpoint, deliveries: Delivery[]) {
  const id = encodeURIComponent(endpoint.id);
  const w = words();
  return (
    <Page title={w.t("webhooks.endpointTitle", { url: endpoint.url })} session={session} environment={environment} section="webhooks">
      <p>
        <a href={page(environment)}>{w.t("webhooks.back")}</a>
      </p>
      <h1>{w.t("webhooks.endpoint")}</h1>
      <p class="mono">{endpoint.url}</p>
      <p>
        <EnabledTag enabled={endpoint.enabled} /> {w.t("webhooks.registered")} <When at={endpoint.createdAt} />.
      </p>
      <RevealPanel id="new-signing-secret" title={w.t("webhooks.newSecret")} label={w.t("webhooks.secret")} warning={w.t("webhooks.newSecretWarning")} />
      <div class="button-group">
        <ActionButton api={api(environment, `/${id}/test`)} label={w.t("webhooks.sendTest")} then="refresh" done={w.t("webhooks.testQueued")} />
        {endpoint.enabled ? (
          <ActionButton
            api={api(environment, `/${id}`)}
            method="PATCH"
            hidden={{ enabled: "false" }}
            label={w.t("webhooks.disable")}
            kind="secondary"
            done={w.t("webhooks.disabledDone")}
          />
        ) : (
          <ActionButton
            api={api(environment, `/${id}`)}
            method="PATCH"
            hidden={{ enabled: "true" }}
            label={w.t("webhooks.enable")}
            kind="secondary"
            done={w.t("webhooks.enabledDone")}
          />
        )}
        <ActionButton
          api={api(environment, `/${id}/rotate-secret`)}
          label={w.t("webhooks.rotate")}
          kind="secondary"
          then="reveal"
          reveal={{ panel: "new-signing-secret", field: "secret" }}
          confirm={w.t("webhooks.rotateConfirm")}
          done={w.t("webhooks.rotated")}
        />
        <ActionButton
          api={api(environment, `/${id}`)}
          method="DELETE"
          label={w.t("webhooks.delete")}
          kind="warning"
          then={`go:${page(environment)}`}
          confirm={w.t("webhooks.deleteConfirm")}
          done={w.t("webhooks.deleted")}
        />
      </div>

      <section id="delivery-log" data-refresh data-refresh-every="2000" aria-labelledby="log-title">
        <h2 id="log-title">{w.t("webhooks.log")}</h2>
        {deliveries.length === 0 ? (
          <p>{w.t("webhooks.noDeliveries")}</p>
        ) : (
          <table>
            <caption class="visually-hidden">{w.t("webhooks.deliveriesCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{w.t("events.created")}</th>
                <th scope="col">{w.t("webhooks.type")}</th>
                <th scope="col">{w.t("webhooks.status")}</th>
                <th scope="col" class="num">
                  {w.t("webhooks.attempts")}
                </th>
                <th scope="col" class="num">
                  {w.t("webhooks.lastCode")}
                </th>
                <th scope="col">{w.t("webhooks.lastError")}</th>
                <th scope="col">{w.t("common.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr>
                  <td>
                    <a href={`${page(environment, endpoint.id)}/deliveries/${encodeURIComponent(d.id)}`}>
                      <When at={d.createdAt} />
                      <span class="visually-hidden"> {w.t("webhooks.deliveryOf", { type: d.type })}</span>
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
                  <td>{d.lastError === null ? "–" : errorText(d.lastError)}</td>
                  <td>
                    <ActionButton
                      api={api(environment, `/${id}/deliveries/${encodeURIComponent(d.id)}/replay`)}
                      label={w.t("webhooks.replay")}
                      kind="secondary"
                      then="refresh"
                      id={`replay-${d.id}`}
                      describedBy={`type-${d.id}`}
                      done={w.t("webhooks.replayed", { type: d.type })}
                    />
                    <span id={`type-${d.id}`} class="visually-hidden">
                      {w.t("webhooks.typeCreated", { type: d.type, at: d.createdAt })}
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
          <h2 id="edit-title">{w.t("webhooks.edit")}</h2>
          <ApiForm api={api(environment, `/${id}`)} method="PATCH" done={w.t("webhooks.saved")} label={w.t("webhooks.editLabel")}>
            <Field id="edit-url" name="url" label={w.t("webhooks.url")} type="url" value={endpoint.url} wide />
            <EventTypes idPrefix="edit-events" checked={endpoint.events} />
            <Field id="edit-description" name="description" label={w.t("webhooks.description")} value={endpoint.description} wide emptyAsNull />
            <button type="submit" class="button">
              {w.t("common.saveChanges")}
            </button>
          </ApiForm>
        </section>
      </IfMayCall>
    </Page>
  );
}

export function deliveryPage(session: DashboardSession, environment: Environment, endpoint: Endpoint, delivery: DeliveryDetail) {
  const w = words();
  return (
    <Page title={w.t("webhooks.deliveryTitle", { id: delivery.id })} session={session} environment={environment} section="webhooks">
      <p>
        <a href={page(environment, endpoint.id)}>{w.t("webhooks.backToEndpoint")}</a>
      </p>
      <h1>{w.t("webhooks.deliveryHeading", { type: delivery.type })}</h1>
      <p>
        <StatusTag status={delivery.status} /> {w.t("webhooks.to")} <span class="mono">{endpoint.url}</span>, {w.t("webhooks.event")}{" "}
        <code>{delivery.eventId}</code>, {w.t("webhooks.createdAt")} <When at={delivery.createdAt} />.
      </p>
      <ActionButton
        api={api(environment, `/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(delivery.id)}/replay`)}
        label={w.t("webhooks.replay")}
        done={w.t("webhooks.replayedOne")}
      />
      <h2>{w.t("webhooks.attempts")}</h2>
      {delivery.attemptLog.length === 0 ? (
        <p>{w.t("webhooks.noAttempt")}</p>
      ) : (
        <table>
          <caption class="visually-hidden">{w.t("webhooks.attemptsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                {w.t("webhooks.attempt")}
              </th>
              <th scope="col">{w.t("webhooks.at")}</th>
              <th scope="col" class="num">
                {w.t("webhooks.statusCode")}
              </th>
              <th scope="col">{w.t("webhooks.error")}</th>
              <th scope="col" class="num">
                {w.t("webhooks.duration")}
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
                <td>{a.error === null ? "–" : errorText(a.error)}</td>
                <td class="num">{a.durationMs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{w.t("webhooks.payload")}</h2>
      <pre class="panel mono">{JSON.stringify(delivery.payload, null, 2)}</pre>
    </Page>
  );
}
