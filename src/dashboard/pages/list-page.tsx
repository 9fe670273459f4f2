import type { Child } from "hono/jsx";
import type { Environment } from "../../domain/scope";
import type { DashboardSession } from "../sessions";
import { IfMayCall } from "./components";
import { Page } from "./layout";
import { words } from "../words";

/**
 * A list page of what an environment has made on its charts (events, seasons): the title and lead,
 * the table or a line saying there is none yet, a link on to the next page of a long list, and for
 * a role that may create one the panel with its form. While the environment has no chart there is
 * nothing to make one on, so the panel points to the charts instead.
 */
export function ListPage(props: {
  session: DashboardSession;
  environment: Environment;
  section: "events" | "seasons";
  lead: string;
  /** What the page says while there is none. */
  none: string;
  /** The table of what there is; null while there is none. */
  table: Child | null;
  /** Where the next page of the list starts, null on its last page; `next` is the link's text. */
  nextAfter: string | null;
  next: string;
  /** The create panel's heading, and what it says while there is no chart (null when there is). */
  create: string;
  needsChart: string | null;
  /** The create form. */
  children: Child;
}) {
  const w = words();
  const { environment, section } = props;
  return (
    <Page title={w.t(`nav.${section}`)} session={props.session} environment={environment} section={section}>
      <h1>{w.t(`nav.${section}`)}</h1>
      <p class="lead">{props.lead}</p>
      {props.table === null ? <p>{props.none}</p> : props.table}
      {props.nextAfter ? (
        <p>
          <a href={`/dashboard/${environment}/${section}?after=${encodeURIComponent(props.nextAfter)}`}>{props.next}</a>
        </p>
      ) : null}
      <IfMayCall api={`/dashboard/api/${environment}/${section}`}>
        <div class="panel">
          <h2>{props.create}</h2>
          {props.needsChart !== null ? (
            <p>
              {props.needsChart} <a href={`/dashboard/${environment}/charts`}>{w.t("events.createChart")}</a> {w.t("events.first")}
            </p>
          ) : (
            props.children
          )}
        </div>
      </IfMayCall>
    </Page>
  );
}
