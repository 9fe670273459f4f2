import { createRoute } from "@hono/zod-openapi";
import { auditPageSchema, auditQuerySchema } from "../domain/audit";
import { newRouter } from "../http/app-factory";
import { requireSecretKey } from "../http/auth";
import { errorResponses } from "../http/openapi";
import { apiKey } from "../http/pipeline";
import { readAuditLog } from "../workspaces/audit-log";
import { AUDIT_CSV_COLUMNS, auditCsvRow } from "../domain/history-csv";
import { csvAnswer, wantsCsv } from "../http/csv";

/**
 * GET /api/v1/audit-log (docs/team.md): the workspace's audit trail for the secret key's
 * environment, with the workspace-level records (charts, members), newest first. Read only: no
 * route changes or deletes a record.
 */
export const auditLog = newRouter();

auditLog.use("*", apiKey(), requireSecretKey());

auditLog.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listAuditLog",
    tags: ["Audit log"],
    security: [{ ApiKey: [] }],
    summary: "Read the audit trail: who changed what, newest first (secret key)",
    description:
      "Every change of configuration or inventory made outside a buyer's hold: by a dashboard member, a secret key or the operator. " +
      "The key's environment and the workspace-level records (environment null). `action` is one action (`chart.published`) or every action of a thing (`chart.*`); " +
      "`targetKey` the key of what was changed; `since` an ISO 8601 instant. Records are kept 400 days and never contain a secret. " +
      "`?format=csv` (or `Accept: text/csv`) streams every matching record from `cursor` on as CSV with a header row (`limit` does not apply).",
    request: { query: auditQuerySchema },
    responses: {
      200: {
        description: "A page of records, newest first, or the CSV download",
        content: { "application/json": { schema: auditPageSchema }, "text/csv": { schema: { type: "string" } } },
      },
      ...errorResponses(400, 401, 403, 429),
    },
  }),
  async (c) => {
    const p = c.var.principal;
    const scope = { workspaceId: p.workspaceId, environment: p.environment };
    const query = c.req.valid("query");
    if (wantsCsv(c)) {
      // The first page is read before answering, so a bad cursor is a 400, not a broken stream.
      const first = await readAuditLog(c.env, scope, { ...query, limit: 100 });
      const pages = async function* () {
        let page = first;
        for (;;) {
          yield page.items.map(auditCsvRow);
          if (page.nextCursor === null) return;
          page = await readAuditLog(c.env, scope, { ...query, cursor: page.nextCursor, limit: 100 });
        }
      };
      return csvAnswer(AUDIT_CSV_COLUMNS, pages(), `audit-log-${p.environment}.csv`);
    }
    return c.json(await readAuditLog(c.env, scope, query), 200);
  },
);
