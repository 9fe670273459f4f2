import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { can } from "../../domain/roles";
import { ActionButton, ApiForm, RevealPanel, When } from "./components";
import { words } from "../words";
import { Page } from "./layout";

/** What the keys page shows: both publishable keys, and whether this environment has a secret key. */
export interface KeysView {
  publicKeys: Record<Environment, string>;
  secretKeyIssuedAt: string | null;
}

/**
 * Keys (docs/dashboard.md): the publishable keys in full (they are meant for browsers), and for the
 * chosen environment whether a secret key exists and since when. Creating or rotating one shows
 * the new key once, from the answer that made it; this page itself never holds a secret key. A role
 * that may not see secret keys (docs/team.md: viewers, the box office, designers) is not told
 * whether one exists.
 */
export function keysPage(session: DashboardSession, environment: Environment, view: KeysView) {
  const w = words();
  const env = { environment };
  return (
    <Page title={w.t("nav.keys")} session={session} environment={environment} section="keys">
      <h1>{w.t("nav.keys")}</h1>
      <p class="lead">{w.t("keys.lead")}</p>
      {can(session.role, "secret_key.status") ? (
        <>
          <RevealPanel id="new-secret-key" title={w.t("keys.newSecretTitle", env)} label={w.t("keys.newSecretLabel")} warning={w.t("keys.newSecretWarning")} />
          <div class="panel" id="secret-key" data-refresh>
            <h2>{w.t("keys.secretTitle", env)}</h2>
            {view.secretKeyIssuedAt ? (
              <p>
                {w.t("keys.secretExists")} <When at={view.secretKeyIssuedAt} />. {w.t("keys.secretRotate")}
              </p>
            ) : (
              <p>{w.t("keys.secretNone")}</p>
            )}
            <ActionButton
              api={`/dashboard/api/${environment}/secret-key`}
              label={w.t(view.secretKeyIssuedAt ? "keys.rotateSecret" : "keys.createSecret")}
              kind={view.secretKeyIssuedAt ? "warning" : "primary"}
              then="reveal"
              reveal={{ panel: "new-secret-key", field: "secretKey" }}
              done={w.t("keys.secretIssued", env)}
              confirm={view.secretKeyIssuedAt ? w.t("keys.rotateSecretConfirm", env) : undefined}
              id="secret-key-action"
            />
          </div>
        </>
      ) : null}
      <div class="panel">
        <h2>{w.t("keys.publishable")}</h2>
        {(["production", "sandbox"] as const).map((e) => (
          <div class="field">
            <label for={`pk-${e}`}>{w.t("keys.publishableOf", { environment: e })}</label>
            <div class="key-value">
              <input id={`pk-${e}`} type="text" readonly value={view.publicKeys[e]} class="mono" spellcheck={false} />
              <button type="button" class="button button-secondary" data-copy={`pk-${e}`} aria-label={w.t("keys.copyPublishable", { environment: e })}>
                {w.t("common.copy")}
              </button>
            </div>
          </div>
        ))}
      </div>
      {can(session.role, "secret_key.manage") ? (
        <div class="panel" id="rotate-public-key">
          <h2>{w.t("keys.rotatePublishableTitle", env)}</h2>
          <p>{w.t("keys.rotatePublishableLead", env)}</p>
          <ApiForm
            api={`/dashboard/api/${environment}/public-key/rotate`}
            then="reload"
            done={w.t("keys.publishableRotated", env)}
            confirm={w.t("keys.rotatePublishableConfirm", env)}
          >
            <div class="field">
              <label for="grace-seconds">{w.t("keys.grace")}</label>
              <select id="grace-seconds" name="graceSeconds" data-type="number">
                <option value="0">{w.t("keys.graceNone")}</option>
                <option value="3600">{w.t("keys.graceHour")}</option>
                <option value="86400" selected>
                  {w.t("keys.graceDay")}
                </option>
                <option value="604800">{w.t("keys.graceWeek")}</option>
              </select>
            </div>
            <button type="submit" class="button button-warning">
              {w.t("keys.rotatePublishable")}
            </button>
          </ApiForm>
        </div>
      ) : null}
    </Page>
  );
}
