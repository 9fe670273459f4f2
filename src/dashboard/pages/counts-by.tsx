import { STATUSES, type Status } from "../../domain/status";
import { words } from "../words";
import { NumHeads } from "./table-parts";

/** A status's name in the page's language. */
export const statusWord = (s: Status) => words().t(`status.${s}`);

/** The head cells of a column per status, in the statuses' order. */
export function StatusHeads() {
  return <NumHeads labels={STATUSES.map(statusWord)} />;
}

/** A table of counts by one dimension (category or section) and status. */
export function CountsBy(props: {
  caption: string;
  head: string;
  rows: { key: string | null; status: Status; count: number }[];
  none: string;
  /** Labels by key, the key then shown as secondary text; rows whose keys are already names leave it out. */
  names?: Map<string, string>;
}) {
  const names = props.names ?? new Map<string, string>();
  const keys = [...new Set(props.rows.map((r) => r.key))];
  const count = new Map(props.rows.map((r) => [`${r.key}\u0000${r.status}`, r.count]));
  return (
    <table>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.head}</th>
          <StatusHeads />
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr>
            <th scope="row">
              {k === null ? props.none : (names.get(k) ?? k)}
              {k !== null && names.has(k) && names.get(k) !== k ? <span class="hint key"> {k}</span> : null}
            </th>
            {STATUSES.map((s) => (
              <td class="num">{words().number(count.get(`${k}\u0000${s}`) ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
