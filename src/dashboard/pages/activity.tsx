import { AUDIT_ACTIONS, describeAction, type AuditRecord } from "../../domain/audit";
import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { When } from "./components";
import { words } from "../words";
import { Page } from "./layout";

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
  if (r.actor.type === "operator") return words().t("activity.operator");
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
 * Activity (docs/team.md): the audit trail of this environment with the workspace-level records
 * (charts, members), newest first: when, who, what and on what, with filters by action, target and
 * date, and the same records as a CSV file.
 */
export function activityPage(session: DashboardSession, environment: Environment, view: ActivityView) {
  const base = `/dashboard/${environment}/activity`;
  const f = view.filters;
  const w = words();
  return (
    <Page title={w.t("nav.activity")} session={session} environment={environment} section="activity">
      <h1>{w.t("nav.activity")}</h1>
      <p class="lead">{w.t("activity.lead", { environment })}</p>
      <form method="get" action={base} class="panel filters" aria-label={w.t("activity.filterLabel")}>
        <div class="field field-inline">
          <label for="filter-action">{w.t("activity.action")}</label>
          <select id="filter-action" name="action">
            <option value="">{w.t("activity.everyAction")}</option>
            {THINGS.map((t) => (
              <option value={`${t}.*`} selected={f.action === `${t}.*`}>
                {w.t("activity.everyThing", { thing: t.replace(/_/g, " ") })}
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
          <label for="filter-target">{w.t("activity.targetKey")}</label>
          <input id="filter-target" name="targetKey" type="text" value={f.targetKey ?? ""} spellcheck={false} aria-describedby="filter-target-hint" />
          <p class="hint" id="filter-target-hint">
            {w.t("activity.targetHint")}
          </p>
        </div>
        <div class="field field-inline">
          <label for="filter-since">{w.t("activity.since")}</label>
          <input id="filter-since" name="since" type="date" value={f.since?.slice(0, 10) ?? ""} />
        </div>
        <div class="button-group">
          <button type="submit" class="button">
            {w.t("activity.filter")}
          </button>
          <a class="button button-secondary" href={`/dashboard/${environment}/activity.csv${filterQuery(f)}`} download>
            {w.t("activity.csv")}
          </a>
        </div>
      </form>
      {view.items.length === 0 ? (
        <p>{w.t("activity.none")}</p>
      ) : (
        <table class="activity">
          <caption class="visually-hidden">{w.t("activity.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{w.t("activity.when")}</th>
              <th scope="col">{w.t("activity.who")}</th>
              <th scope="col">{w.t("activity.action")}</th>
              <th scope="col">{w.t("activity.target")}</th>
              <th scope="col">{w.t("activity.details")}</th>
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
                  {r.environment === null ? <span class="hint"> {w.t("activity.both")}</span> : null}
                </td>
                <td class="details">{detailsLine(r.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.nextCursor ? (
        <p>
          <a href={`${base}${filterQuery(f, { cursor: view.nextCursor })}`}>{w.t("activity.older")}</a>
        </p>
      ) : null}
    </Page>
  );
}
