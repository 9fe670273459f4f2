import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { can } from "../../domain/roles";
import { ActionButton, ApiForm, RevealPanel, When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";

/** What the keys page shows: both publishable keys, and whether this environment has a secret key. */
export interface KeysView {
  publicKeys: Record<Environment, string>;
  secretKeyIssuedAt: string | null;
}

/**
 * Keys (contract §10.1): the publishable keys in full (they are meant for browsers), and for the
 * chosen environment whether a secret key exists and since when. Creating or rotating one shows
 * the new key once, from the answer that made it; this page itself never holds a secret key. A role
 * that may not see secret keys (contract §18: viewers, the box office, designers) is not told
 * whether one exists.
 */
export function keysPage(session: DashboardSession, environment: Environment, view: KeysView) {
  const envName = ENVIRONMENT_NAMES[environment];
  const action = view.secretKeyIssuedAt ? "Rotate secret key" : "Create secret key";
  return (
    <Page title="Keys" session={session} environment={environment} section="keys">
      <h1>Keys</h1>
      <p class="lead">Publishable keys go into web pages (the seat map uses them); secret keys stay on your servers. Each key works in one environment only.</p>
      {can(session.role, "secret_key.status") ? (
        <>
          <RevealPanel
            id="new-secret-key"
            title={`New ${envName.toLowerCase()} secret key`}
            label="New secret key"
            warning="Copy it now and store it on your server: it is shown only this once, and only its hash is kept."
          />
          <div class="panel" id="secret-key" data-refresh>
            <h2>{envName} secret key</h2>
            {view.secretKeyIssuedAt ? (
              <p>
                A secret key exists, issued <When at={view.secretKeyIssuedAt} />. It cannot be shown again. Rotating it issues a new key and the current one
                stops working immediately.
              </p>
            ) : (
              <p>This environment has no secret key yet. Servers need one to book seats, manage charts and events, and register webhooks.</p>
            )}
            <ActionButton
              api={`/dashboard/api/${environment}/secret-key`}
              label={action}
              kind={view.secretKeyIssuedAt ? "warning" : "primary"}
              then="reveal"
              reveal={{ panel: "new-secret-key", field: "secretKey" }}
              done={`${envName} secret key issued`}
              confirm={view.secretKeyIssuedAt ? `Rotate the ${envName.toLowerCase()} secret key? The current key stops working at once.` : undefined}
              id="secret-key-action"
            />
          </div>
        </>
      ) : null}
      <div class="panel">
        <h2>Publishable keys</h2>
        {(["production", "sandbox"] as const).map((e) => (
          <div class="field">
            <label for={`pk-${e}`}>{ENVIRONMENT_NAMES[e]} publishable key</label>
            <div class="key-value">
              <input id={`pk-${e}`} type="text" readonly value={view.publicKeys[e]} class="mono" spellcheck={false} />
              <button
                type="button"
                class="button button-secondary"
                data-copy={`pk-${e}`}
                aria-label={`Copy the ${ENVIRONMENT_NAMES[e].toLowerCase()} publishable key`}
              >
                Copy
              </button>
            </div>
          </div>
        ))}
      </div>
      {can(session.role, "secret_key.manage") ? (
        <div class="panel" id="rotate-public-key">
          <h2>Rotate the {envName.toLowerCase()} publishable key</h2>
          <p>
            Rotating issues a new {envName.toLowerCase()} publishable key. Put it in your pages before the old key stops working; waiting-room admissions given
            out under the old key keep working as long as it does.
          </p>
          <ApiForm
            api={`/dashboard/api/${environment}/public-key/rotate`}
            then="reload"
            done={`${envName} publishable key rotated: the old key works until {previousKeyValidUntil}`}
            confirm={`Rotate the ${envName.toLowerCase()} publishable key? Pages that still use the old key stop working when its grace period ends.`}
          >
            <div class="field">
              <label for="grace-seconds">The old key keeps working for</label>
              <select id="grace-seconds" name="graceSeconds" data-type="number">
                <option value="0">No time: it stops at once</option>
                <option value="3600">1 hour</option>
                <option value="86400" selected>
                  1 day
                </option>
                <option value="604800">7 days</option>
              </select>
            </div>
            <button type="submit" class="button button-warning">
              Rotate publishable key
            </button>
          </ApiForm>
        </div>
      ) : null}
    </Page>
  );
}
