import type { Context } from "hono";
import type { CsvValue } from "../domain/csv";
import { csvStream } from "../domain/csv";

/**
 * CSV answers of the API (docs/prices.md): a read answers CSV for `?format=csv` or an Accept header
 * that asks for text/csv (and not JSON first); the body is streamed (domain/csv.ts).
 */

/** Whether the request asks for CSV. */
export function wantsCsv(c: Context): boolean {
  const format = c.req.query("format");
  if (format !== undefined) return format === "csv";
  const accept = c.req.header("accept") ?? "";
  const csv = accept.indexOf("text/csv");
  if (csv < 0) return false;
  const json = accept.indexOf("application/json");
  return json < 0 || csv < json;
}

/** A streamed CSV answer, offered as a download named `filename`. */
export function csvAnswer(header: readonly string[], pages: AsyncIterable<readonly (readonly CsvValue[])[]>, filename: string): Response {
  return new Response(csvStream(header, pages), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "no-store",
    },
  });
}

/** One page of rows as an async source (a report that is small, already in memory). */
export async function* onePage(rows: readonly (readonly CsvValue[])[]): AsyncGenerator<readonly (readonly CsvValue[])[]> {
  yield rows;
}
