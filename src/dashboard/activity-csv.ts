import type { AuditRecord } from "../domain/audit";

/**
 * The Activity page's CSV download (docs/team.md): one line per record, newest first, with the
 * same fields as GET /api/v1/audit-log (details as JSON). Quoted per RFC 4180; a cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @) is prefixed with an apostrophe.
 */

export const CSV_COLUMNS = ["id", "at", "environment", "actor_type", "actor_id", "actor_name", "action", "target_type", "target_key", "details"] as const;

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The lines of the records, header first, CRLF-separated. */
export function activityCsv(records: AuditRecord[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of records) {
    lines.push(
      [r.id, r.at, r.environment ?? "", r.actor.type, r.actor.id, r.actor.name ?? "", r.action, r.target.type, r.target.key, JSON.stringify(r.details)]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
