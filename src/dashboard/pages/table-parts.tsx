import type { Child } from "hono/jsx";
import { words } from "../words";

/**
 * The pieces of the dashboard's tables: a head cell for each column and a body of rows, with the
 * caption every table names itself by. Figures stand right-aligned under right-aligned heads so
 * columns of counts read down as numbers do.
 */

/** Head cells of columns of figures, right-aligned like the figures under them. */
export function NumHeads(props: { labels: string[] }) {
  return (
    <>
      {props.labels.map((label) => (
        <th scope="col" class="num">
          {label}
        </th>
      ))}
    </>
  );
}

/**
 * A table of one row per record: its caption (hidden where the section's heading already names
 * the table), a head cell per column, and a last column of actions whose head only screen readers
 * hear, since the buttons name themselves.
 */
export function ColumnsTable(props: { caption: string; hiddenCaption?: boolean; columns: string[]; actions?: boolean; children: Child }) {
  return (
    <table>
      <caption class={props.hiddenCaption ? "visually-hidden" : undefined}>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((c) => (
            <th scope="col">{c}</th>
          ))}
          {props.actions ? (
            <th scope="col">
              <span class="visually-hidden">{words().t("common.actions")}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
}
