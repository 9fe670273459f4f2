import type { Child } from "hono/jsx";
import type { ChartRecord } from "../../domain/charts";
import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { ApiForm, ChartSelect, IfMayCall } from "./components";
import { Page } from "./layout";
import { ColumnsTable } from "./table-parts";
import { words } from "../words";

/** A section's record in the singular, as the create form's ids ("event-chart") and the new record's key ("eventKey") spell it. */
const ONE = { events: "event", seasons: "season" } as const;

/**
 * A list page of what an environment has made on its charts (events, seasons): the title and lead,
 * the table or a line saying there is none yet, a link on to the next page of a long list, and for
 * a role that may create one the panel with its form. While the environment has no chart there is
 * nothing to make one on, so the panel points to the charts instead. Its words are the section's
 * own (`events.lead`, `seasons.lead`, …).
 */
export function ListPage(props: {
  session: DashboardSession;
  environment: Environment;
  section: "events" | "seasons";
  /** Where the next page of the list starts (null on its last page), and the charts one is made on. */
  view: { nextAfter: string | null; charts: ChartRecord[] };
  /** The table's columns and its rows, a row per record: none, and the page says there is none. */
  columns: string[];
  rows: Child[];
  /** What the form says when it has created one. */
  done: string;
  /** The create form's fields after the chart. */
  children: Child;
}) {
  const w = words();
  const { environment, section, view } = props;
  const env = { environment };
  const one = ONE[section];
  return (
    <Page title={w.t(`nav.${section}`)} session={props.session} environment={environment} section={section}>
      <h1>{w.t(`nav.${section}`)}</h1>
      <p class="lead">{w.t(`${section}.lead`, env)}</p>
      {props.rows.length === 0 ? (
        <p>{w.t(`${section}.none`, env)}</p>
      ) : (
        <ColumnsTable caption={w.t(`${section}.caption`, env)} columns={props.columns}>
          {props.rows}
        </ColumnsTable>
      )}
      {view.nextAfter ? (
        <p>
          <a href={`/dashboard/${environment}/${section}?after=${encodeURIComponent(view.nextAfter)}`}>{w.t(`${section}.next`)}</a>
        </p>
      ) : null}
      <IfMayCall api={`/dashboard/api/${environment}/${section}`}>
        <div class="panel">
          <h2>{w.t(`${section}.create`)}</h2>
          {view.charts.length === 0 ? (
            <p>
              {w.t(`${section}.needsChart`)} <a href={`/dashboard/${environment}/charts`}>{w.t("events.createChart")}</a> {w.t("events.first")}
            </p>
          ) : (
            <ApiForm
              api={`/dashboard/api/${environment}/${section}`}
              then={`go:/dashboard/${environment}/${section}/{${one}Key}`}
              done={props.done}
              label={w.t(`${section}.create`)}
            >
              <ChartSelect id={`${one}-chart`} charts={view.charts} />
              {props.children}
              <button type="submit" class="button">
                {w.t(`${section}.createButton`)}
              </button>
            </ApiForm>
          )}
        </div>
      </IfMayCall>
    </Page>
  );
}
