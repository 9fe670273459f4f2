import type { Principal } from "../../http/context";
import type { CsvValue } from "../../domain/csv";
import { STATUS_CHANGES_CSV_COLUMNS, statusChangeCsvRow } from "../../domain/history-csv";
import type { StatusChangesQuery } from "../../domain/status-changes";
import { csvAnswer } from "../../http/csv";
import { callEvent } from "./support";

/** Records read from the event's object per page of a CSV download. */
const PAGE = 1000;

/**
 * The status history as a CSV download (docs/status-history.md, docs/prices.md): every record the query's filters match
 * from `after` on, read from the event's object a page at a time as the client takes the stream,
 * so a stadium's year of records never sits in memory. `limit` does not apply.
 */
export async function historyCsv(env: Env, principal: Principal, eventKey: string, q: StatusChangesQuery): Promise<Response> {
  // The first page is read before answering, so an unknown event is a 404, not a broken stream.
  const first = await callEvent(env, principal, eventKey, (event) => event.statusChanges({ ...q, limit: PAGE }));
  async function* pages(): AsyncGenerator<CsvValue[][]> {
    let page = first;
    for (;;) {
      yield page.items.map(statusChangeCsvRow);
      if (page.nextCursor === null) return;
      const after = Number(page.nextCursor);
      page = await callEvent(env, principal, eventKey, (event) => event.statusChanges({ ...q, after, limit: PAGE }));
    }
  }
  return csvAnswer(STATUS_CHANGES_CSV_COLUMNS, pages(), `status-changes-${eventKey}.csv`);
}
