import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { can } from "../../domain/roles";
import { ActionButton, RevealPanel, When } from "./components";
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
    </Page>
  );
}
