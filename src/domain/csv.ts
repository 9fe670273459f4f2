/**
 * The one CSV writer of the service (docs/team.md, docs/prices.md): sales reports, status histories and audit
 * logs download through it, in the API and the dashboard alike. RFC 4180: CRLF line ends, a cell
 * with a comma, quote or line break quoted, quotes doubled; a text cell a spreadsheet would run as
 * a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe.
 * Numbers are written as they are, so a negative amount stays a number. null is an empty cell.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** One cell. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV text: the header, then the rows. */
export function csvText(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = csvLine(header);
  for (const r of rows) out += csvLine(r);
  return out;
}

/**
 * A CSV as a stream of UTF-8 bytes: the header at once, then each page of rows as `pages` yields
 * it. Pages are pulled one at a time, as the reader takes them, so a long history never sits in
 * memory whole; a page that fails ends the stream with that error.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<readonly (readonly CsvValue[])[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const r of next.value) chunk += csvLine(r);
      if (chunk !== "") controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Parses CSV text (RFC 4180, as written above) into rows of cells: what a test or an importer reads back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
