import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { nextDay } from "~/lib/dates";
import { MAX_PAGE, pagination, readInt, type Pagination } from "~/lib/pagination";
import { isUuid } from "~/lib/uuid";
import { readDate } from "~/lib/validation/admin";
import { csvResponse, EXPORT_BATCH, newestFirstPages, type ExportCursor } from "./common.server";

/** «Registro attività» (issue 32): GET /api/admin/audit, its CSV export and the dashboard page. */

export type AuditQuery = { page: number; limit: number; adminId?: string; action?: string; dateFrom?: Date; dateTo?: Date };

export type AuditRow = {
  id: number;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
};

/** Filters: adminId, action, dateFrom/dateTo (days, the last one included); page and limit as the other admin lists. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const adminId = params.get("adminId");
  const action = params.get("action")?.trim();
  const to = params.get("dateTo");
  return {
    page: readInt(params.get("page"), 1, 1, MAX_PAGE),
    limit: readInt(params.get("limit"), 20, 1, 100),
    adminId: isUuid(adminId) ? adminId : undefined,
    action: action ? action.slice(0, 60) : undefined,
    dateFrom: readDate(params.get("dateFrom")),
    dateTo: to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? readDate(nextDay(to)) : readDate(to),
  };
}

function filters(q: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.adminId) conditions.push(eq(auditLog.actorId, q.adminId));
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.dateFrom) conditions.push(gte(auditLog.createdAt, q.dateFrom));
  if (q.dateTo) conditions.push(lt(auditLog.createdAt, q.dateTo));
  return conditions.length ? and(...conditions) : undefined;
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  // The actor's current name, looked up now: the trail itself keeps ids only.
  actorName: users.name,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  details: auditLog.details,
};

export async function listAudit(q: AuditQuery, db: Executor = getDb()): Promise<{ entries: AuditRow[]; pagination: Pagination }> {
  const where = filters(q);
  const [[{ total }], entries] = await Promise.all([
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { entries, pagination: pagination(q.page, q.limit, total) };
}

export function exportAuditCsv(q: AuditQuery, db: Executor = getDb()): Response {
  const where = filters(q);
  const pages = newestFirstPages(auditLog.createdAt, auditLog.id);
  type Row = AuditRow & ExportCursor;
  const batch = (after: ExportCursor | undefined) =>
    db
      .select({ ...columns, cursorAt: pages.cursorAt, id: auditLog.id })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(where, pages.after(after)))
      .orderBy(...pages.order)
      .limit(EXPORT_BATCH) as unknown as Promise<Row[]>;
  return csvResponse<Row>(
    "registro-attivita",
    ["ID", "Data", "ID amministratore", "Amministratore", "Azione", "Tipo", "ID oggetto", "Dettagli"],
    batch,
    (r) => [r.id, r.createdAt, r.actorId, r.actorName, r.action, r.targetType, r.targetId, JSON.stringify(r.details)],
  );
}
