import type { AuditRecord } from "../domain/audit";
import { csvText } from "../domain/csv";
import { AUDIT_CSV_COLUMNS, auditCsvRow } from "../domain/history-csv";

/**
 * The Activity page's CSV download (docs/team.md): one line per record, newest first, with the
 * same columns as GET /api/v1/audit-log?format=csv, written by the service's one CSV writer.
 */
export const CSV_COLUMNS = AUDIT_CSV_COLUMNS;

/** The lines of the records, header first, CRLF-separated. */
export function activityCsv(records: AuditRecord[]): string {
  return csvText(AUDIT_CSV_COLUMNS, records.map(auditCsvRow));
}
