import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DownloadLink } from "~/components/admin/download-link";
import { formatDateTime } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { listAudit, parseAuditQuery } from "~/services/admin/audit.server";
import { requireAdminPage } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: `${PRIVACY_TEXT.auditTitle} — Verbale` }];

/** /dashboard/audit: «Registro attività», the admin writes newest first, with filters and CSV (issue 32). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const list = await listAudit(parseAuditQuery(params));
  return { ...list, query: params.toString() };
}

export default function AuditPage() {
  const { entries, pagination, query } = useLoaderData<typeof loader>();
  const params = new URLSearchParams(query);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  params.delete("page");
  return (
    <div className="space-y-4">
      <h1 className="page-title">{PRIVACY_TEXT.auditTitle}</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="audit-filters">
        <label className="text-sm">
          <span className="label">Azione</span>
          <input name="action" defaultValue={params.get("action") ?? ""} className="input" placeholder="user.delete" />
        </label>
        <label className="text-sm">
          <span className="label">ID amministratore</span>
          <input name="adminId" defaultValue={params.get("adminId") ?? ""} className="input" />
        </label>
        <label className="text-sm">
          <span className="label">Dal</span>
          <input type="date" name="dateFrom" defaultValue={params.get("dateFrom") ?? ""} className="input" />
        </label>
        <label className="text-sm">
          <span className="label">Al</span>
          <input type="date" name="dateTo" defaultValue={params.get("dateTo") ?? ""} className="input" />
        </label>
        <button type="submit" className="btn-secondary">
          Filtra
        </button>
        <DownloadLink
          href={`/api/admin/audit/export${params.toString() ? `?${params}` : ""}`}
          successMessage={MSG.exportDone}
          operation="Esportazione"
          className="btn-secondary"
          testId="audit-export"
        >
          Esporta CSV
        </DownloadLink>
      </Form>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm" data-testid="audit-table">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th className="px-3 py-2">Data</th>
              <th className="px-3 py-2">Amministratore</th>
              <th className="px-3 py-2">Azione</th>
              <th className="px-3 py-2">Oggetto</th>
              <th className="px-3 py-2">Dettagli</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-slate-500">
                  Nessuna attività registrata.
                </td>
              </tr>
            ) : (
              entries.map((e) => (
                <tr key={e.id} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(e.createdAt)}</td>
                  <td className="px-3 py-2">{e.actorName ?? e.actorId ?? "—"}</td>
                  <td className="px-3 py-2 font-mono">{e.action}</td>
                  <td className="px-3 py-2">
                    {e.targetType} <span className="font-mono text-xs text-slate-500">{e.targetId}</span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{JSON.stringify(e.details)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="flex items-center gap-3 text-sm" aria-label="Pagine">
        {pagination.currentPage > 1 ? <Link to={pageHref(pagination.currentPage - 1)}>Precedente</Link> : null}
        <span>
          Pagina {pagination.currentPage} di {pagination.totalPages}
        </span>
        {pagination.currentPage < pagination.totalPages ? <Link to={pageHref(pagination.currentPage + 1)}>Successiva</Link> : null}
      </nav>
    </div>
  );
}
