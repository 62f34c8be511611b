import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { DownloadLink } from "~/components/admin/download-link";
import { ConfirmModal, DetailList, UrlModal } from "~/components/admin/modal";
import { JobStatusBadge, PageHeader, StatCard, StatGrid } from "~/components/admin/ui";
import { useAdminUrls } from "~/components/admin/url";
import { formatBytes, formatDateTime, formatDuration } from "~/lib/format";
import { JOB_STATUS_LABEL, MSG } from "~/lib/messages";
import { parseTranscriptionsQuery } from "~/lib/validation/admin";
import { adminPageAction, redirectPastLastPage, rowId } from "~/services/admin/page.server";
import {
  deleteAdminTranscription,
  getAdminTranscription,
  listAdminTranscriptions,
  retryAdminTranscription,
} from "~/services/admin/transcriptions.server";
import { requireAdminPage } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Trascrizioni — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const focusId = params.get("view") ?? (params.get("confirm") ? params.get("id") : null);
  const [list, focus] = await Promise.all([
    listAdminTranscriptions(parseTranscriptionsQuery(params)),
    focusId ? getAdminTranscription(focusId).catch(() => null) : Promise.resolve(null),
  ]);
  redirectPastLastPage(request, list.pagination);
  return { ...list, focus };
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/transcriptions", {
    retry: async ({ form }) => {
      await retryAdminTranscription(rowId(form, MSG.missingTranscriptionId));
      return MSG.transcriptionRetried;
    },
    delete: async ({ form }) => {
      await deleteAdminTranscription(rowId(form, MSG.missingTranscriptionId));
      return MSG.transcriptionDeleted;
    },
  });
}

const STATUS_OPTIONS = (Object.keys(JOB_STATUS_LABEL) as (keyof typeof JOB_STATUS_LABEL)[]).map((s) => ({ value: s, label: JOB_STATUS_LABEL[s] }));

export default function DashboardTranscriptions() {
  const { transcriptions, pagination, stats, focus } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { listUrl, withModal, listParams } = useAdminUrls();
  type Row = (typeof transcriptions)[number];

  const columns: Column<Row>[] = [
    {
      key: "title",
      label: "Titolo",
      sortKey: "title",
      render: (t) => (
        <div className="min-w-[12rem] max-w-xs">
          <p className="truncate font-medium">{t.title || t.originalName}</p>
          <p className="truncate text-xs text-slate-500">{t.originalName}</p>
        </div>
      ),
    },
    {
      key: "user",
      label: "Utente",
      filter: { name: "user", kind: "text", placeholder: "Nome o email" },
      render: (t) => (
        <div className="min-w-[10rem]">
          <p>{t.user.name}</p>
          <p className="text-xs text-slate-500">{t.user.email}</p>
        </div>
      ),
    },
    {
      key: "status",
      label: "Stato",
      sortKey: "status",
      filter: { name: "status", kind: "select", options: STATUS_OPTIONS },
      render: (t) => <JobStatusBadge status={t.status} />,
    },
    { key: "duration", label: "Durata", sortKey: "duration", render: (t) => formatDuration(t.duration) },
    { key: "fileSize", label: "Dimensione", sortKey: "fileSize", render: (t) => <span className="whitespace-nowrap">{formatBytes(t.fileSize)}</span> },
    { key: "document", label: "Documento", render: (t) => (t.document ? <span className="badge-success">Generato</span> : <span className="badge-neutral">{MSG.documentNotGenerated}</span>) },
    {
      key: "createdAt",
      label: "Creata il",
      sortKey: "createdAt",
      filter: { name: "date", kind: "date" },
      render: (t) => <span className="whitespace-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
  ];

  const exportHref = `/api/admin/transcriptions/export${listParams.toString() ? `?${listParams}` : ""}`;
  return (
    <div>
      <PageHeader
        title="Trascrizioni"
        description="Tutte le registrazioni degli utenti, con il loro stato di elaborazione."
        actions={
          <DownloadLink href={exportHref} successMessage={MSG.exportDone} operation="Esportazione" testId="export-transcriptions">
            Esporta CSV
          </DownloadLink>
        }
      />
      <StatGrid>
        <StatCard label="Totale" value={stats.total} testId="stat-total" />
        <StatCard label={JOB_STATUS_LABEL.PENDING} value={stats.pending} to="/dashboard/transcriptions?status=PENDING" />
        <StatCard label={JOB_STATUS_LABEL.PROCESSING} value={stats.processing} to="/dashboard/transcriptions?status=PROCESSING" />
        <StatCard label={JOB_STATUS_LABEL.COMPLETED} value={stats.completed} to="/dashboard/transcriptions?status=COMPLETED" />
        <StatCard label={JOB_STATUS_LABEL.FAILED} value={stats.failed} to="/dashboard/transcriptions?status=FAILED" testId="stat-failed" />
      </StatGrid>
      <DataTable
        id="transcriptions"
        columns={columns}
        rows={transcriptions}
        rowKey={(t) => t.id}
        pagination={pagination}
        searchPlaceholder="Cerca per titolo, file o utente"
        emptyMessage="Nessuna trascrizione trovata"
        rowActions={(t) => (
          <>
            <Link to={withModal({ view: t.id })} className="btn-ghost px-2 py-1" preventScrollReset>
              Dettagli
            </Link>
            {t.status === "COMPLETED" ? (
              <DownloadLink href={`/api/admin/transcriptions/${t.id}/download`} successMessage={MSG.downloadDone} operation="Download" className="btn-ghost px-2 py-1">
                Testo
              </DownloadLink>
            ) : null}
            {t.document ? (
              <DownloadLink href={`/api/admin/transcriptions/${t.id}/document/download`} successMessage={MSG.downloadDone} operation="Download" className="btn-ghost px-2 py-1">
                Documento
              </DownloadLink>
            ) : null}
            {t.status === "FAILED" ? (
              <Form method="post" className="inline">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="id" value={t.id} />
                <input type="hidden" name="returnTo" value={listUrl} />
                <button type="submit" className="btn-ghost px-2 py-1 text-brand-700" data-testid="retry">
                  Riprova
                </button>
              </Form>
            ) : null}
            <Link to={withModal({ confirm: "delete", id: t.id })} className="btn-ghost px-2 py-1 text-red-700" preventScrollReset>
              Elimina
            </Link>
          </>
        )}
      />

      {params.get("view") && focus ? (
        <UrlModal title="Dettagli trascrizione" closeHref={listUrl} size="lg">
          <DetailList
            items={[
              ["Titolo", focus.title || "—"],
              ["File originale", focus.originalName],
              ["Stato", <JobStatusBadge key="s" status={focus.status} />],
              ["Utente", `${focus.user.name} (${focus.user.email})`],
              ["Lingua", focus.language ?? "—"],
              ["Durata", formatDuration(focus.duration)],
              ["Dimensione", formatBytes(focus.fileSize)],
              ["Tentativi", String(focus.attempts)],
              ["Creata il", formatDateTime(focus.createdAt)],
              ["Completata il", formatDateTime(focus.completedAt)],
              ["Analisi", focus.analysis ? JOB_STATUS_LABEL[focus.analysis.status as keyof typeof JOB_STATUS_LABEL] ?? focus.analysis.status : "—"],
              ["Documento", focus.document ? "Generato" : MSG.documentNotGenerated],
              ["Motore di trascrizione", engineLabel(focus.speechEngine, focus.speechModel)],
              ["Motore di analisi", engineLabel(focus.analysis?.engine ?? null, focus.analysis?.model ?? null)],
            ]}
          />
          {focus.errorMessage || focus.failureReason ? (
            <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p>{focus.errorMessage}</p>
              {focus.failureReason ? <p className="mt-1 font-mono text-xs">{focus.failureReason}</p> : null}
            </div>
          ) : null}
          <h3 className="mt-6 font-semibold">Testo</h3>
          <p className="mt-2 max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{focus.text || "—"}</p>
        </UrlModal>
      ) : null}

      {params.get("confirm") === "delete" && focus ? (
        <ConfirmModal
          title="Elimina trascrizione"
          closeHref={listUrl}
          intent="delete"
          id={focus.id}
          submitLabel="Elimina"
          question={
            <p className="text-sm text-slate-700">
              Sei sicuro di voler eliminare la trascrizione <strong>{focus.title || focus.originalName}</strong> di {focus.user.name}? Audio e documento verranno rimossi. L'operazione non può essere annullata.
            </p>
          }
        />
      ) : null}
    </div>
  );
}

/** "whisper (base)", "openai (gpt-4o-mini)" or a dash when the step has not run yet. */
function engineLabel(engine: string | null, model: string | null): string {
  if (!engine) return "—";
  return model ? `${engine} (${model})` : engine;
}
