import { AUDIT_ACTIONS, describeAction, type AuditRecord } from "../../domain/audit";
import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { When } from "./components";
import { ENVIRONMENT_NAMES, Page } from "./layout";

/** The Activity page's filters, as its form sends them (and as the CSV download repeats them). */
export interface ActivityFilters {
  action?: string;
  targetKey?: string;
  /** A date (YYYY-MM-DD) or an ISO instant, as typed. */
  since?: string;
}

/** What the Activity page shows: a page of records and the filters that chose them. */
export interface ActivityView {
  items: AuditRecord[];
  nextCursor: string | null;
  filters: ActivityFilters;
}

/** The things actions are about, for the filter's "every … action" choices. */
const THINGS = [...new Set(AUDIT_ACTIONS.map((a) => a.split(".")[0]!))];

/** The query string of the filters, with extra parameters. */
export function filterQuery(filters: ActivityFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

function who(r: AuditRecord): string {
  if (r.actor.type === "operator") return "Operator";
  return r.actor.name ?? r.actor.id;
}

/** A record's details in a line people can read: `key: value` pairs, lists joined. */
export function detailsLine(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
    .map(
      ([k, v]) =>
        `${k}: ${Array.isArray(v) ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    )
    .join("; ");
}

/**
 * Activity (contract §18): the audit trail of this environment with the workspace-level records
 * (charts, members), newest first: when, who, what and on what, with filters by action, target and
 * date, and the same records as a CSV file.
 */
export function activityPage(session: DashboardSession, environment: Environment, view: ActivityView) {
  const base = `/dashboard/${environment}/activity`;
  const f = view.filters;
  return (
    <Page title="Activity" session={session} environment={environment} section="activity">
      <h1>Activity</h1>
      <p class="lead">
        Every change to this workspace's configuration and inventory in {ENVIRONMENT_NAMES[environment].toLowerCase()}, and to what both environments share, by
        whom: members here, secret keys over the API, and the operator. Buyers' holds are not listed. Records are kept 400 days.
      </p>
      <form method="get" action={base} class="panel filters" aria-label="Filter the activity">
        <div class="field field-inline">
          <label for="filter-action">Action</label>
          <select id="filter-action" name="action">
            <option value="">Every action</option>
            {THINGS.map((t) => (
              <option value={`${t}.*`} selected={f.action === `${t}.*`}>
                Every {t.replace(/_/g, " ")} action
              </option>
            ))}
            {AUDIT_ACTIONS.map((a) => (
              <option value={a} selected={f.action === a}>
                {describeAction(a)} ({a})
              </option>
            ))}
          </select>
        </div>
        <div class="field field-inline">
          <label for="filter-target">Target key</label>
          <input id="filter-target" name="targetKey" type="text" value={f.targetKey ?? ""} spellcheck={false} aria-describedby="filter-target-hint" />
          <p class="hint" id="filter-target-hint">
            A chart, event or season key, a member id, …
          </p>
        </div>
        <div class="field field-inline">
          <label for="filter-since">Since</label>
          <input id="filter-since" name="since" type="date" value={f.since?.slice(0, 10) ?? ""} />
        </div>
        <div class="button-group">
          <button type="submit" class="button">
            Filter
          </button>
          <a class="button button-secondary" href={`/dashboard/${environment}/activity.csv${filterQuery(f)}`} download>
            Download CSV
          </a>
        </div>
      </form>
      {view.items.length === 0 ? (
        <p>No activity matches.</p>
      ) : (
        <table class="activity">
          <caption class="visually-hidden">Recorded changes, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((r) => (
              <tr>
                <td>
                  <When at={r.at} />
                </td>
                <td>
                  {who(r)}
                  {r.actor.type === "secret_key" ? <span class="hint"> (API)</span> : null}
                </td>
                <td>
                  {describeAction(r.action)} <code class="hint">{r.action}</code>
                </td>
                <td>
                  {r.target.type.replace(/_/g, " ")} <code>{r.target.key}</code>
                  {r.environment === null ? <span class="hint"> (both environments)</span> : null}
                </td>
                <td class="details">{detailsLine(r.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.nextCursor ? (
        <p>
          <a href={`${base}${filterQuery(f, { cursor: view.nextCursor })}`}>Older activity</a>
        </p>
      ) : null}
    </Page>
  );
}
