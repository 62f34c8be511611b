import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { AdminListPage } from "~/components/admin/list-page";
import { DetailList } from "~/components/admin/modal";
import type { RowAction } from "~/components/admin/row-actions";
import { JobStatusBadge, StatCard, StatGrid } from "~/components/admin/ui";
import { formatBytes, formatDateTime, formatDuration } from "~/lib/format";
import { JOB_STATUS_LABEL, MSG } from "~/lib/messages";
import { parseTranscriptionsQuery } from "~/lib/validation/admin";
import { adminPageAction, loadAdminList, rowId } from "~/services/admin/page.server";
import {
  deleteAdminTranscription,
  getAdminTranscription,
  listAdminTranscriptions,
  retryAdminTranscription,
} from "~/services/admin/transcriptions.server";

export const meta: MetaFunction = () => [{ title: "Trascrizioni — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminList(request, (params) => listAdminTranscriptions(parseTranscriptionsQuery(params)), getAdminTranscription);
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/transcriptions", {
    retry: async ({ form, admin }) => {
      await retryAdminTranscription(rowId(form, MSG.missingTranscriptionId), admin.id);
      return MSG.transcriptionRetried;
    },
    delete: async ({ form, admin }) => {
      await deleteAdminTranscription(rowId(form, MSG.missingTranscriptionId), admin.id);
      return MSG.transcriptionDeleted;
    },
  });
}

const STATUS_OPTIONS = (Object.keys(JOB_STATUS_LABEL) as (keyof typeof JOB_STATUS_LABEL)[]).map((s) => ({ value: s, label: JOB_STATUS_LABEL[s] }));

export default function DashboardTranscriptions() {
  const { transcriptions, pagination, stats, focus } = useLoaderData<typeof loader>();
  type Row = (typeof transcriptions)[number];

  const columns: Column<Row>[] = [
    {
      key: "title",
      label: "Titolo",
      sortKey: "title",
      render: (t) => (
        <div className="min-w-[10rem] max-w-[15rem]">
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
        <div className="min-w-[9rem] max-w-[13rem]">
          <p className="truncate">{t.user.name}</p>
          <p className="truncate text-xs text-slate-500" title={t.user.email}>
            {t.user.email}
          </p>
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
    { key: "duration", label: "Durata", sortKey: "duration", render: (t) => formatDuration(t.duration), visibleFrom: "wide" },
    {
      key: "fileSize",
      label: "Dimensione",
      sortKey: "fileSize",
      visibleFrom: "wide",
      render: (t) => <span className="whitespace-nowrap">{formatBytes(t.fileSize)}</span>,
    },
    {
      key: "document",
      label: "Documento",
      visibleFrom: "2xl",
      render: (t) =>
        t.document ? <span className="badge-success">Generato</span> : <span className="badge-neutral">{MSG.documentNotGenerated}</span>,
    },
    {
      key: "createdAt",
      label: "Creata il",
      sortKey: "createdAt",
      filterLabel: "Creata il giorno",
      filter: { name: "date", kind: "date" },
      render: (t) => <span className="whitespace-nowrap">{formatDateTime(t.createdAt)}</span>,
    },
  ];

  return (
    <AdminListPage
      id="transcriptions"
      title="Trascrizioni"
      description="Tutte le registrazioni degli utenti, con il loro stato di elaborazione."
      exportPath="/api/admin/transcriptions/export"
      stats={
        <StatGrid>
          <StatCard label="Totale" value={stats.total} testId="stat-total" />
          <StatCard label={JOB_STATUS_LABEL.PENDING} value={stats.pending} to="/dashboard/transcriptions?status=PENDING" />
          <StatCard label={JOB_STATUS_LABEL.PROCESSING} value={stats.processing} to="/dashboard/transcriptions?status=PROCESSING" />
          <StatCard label={JOB_STATUS_LABEL.COMPLETED} value={stats.completed} to="/dashboard/transcriptions?status=COMPLETED" />
          <StatCard label={JOB_STATUS_LABEL.FAILED} value={stats.failed} to="/dashboard/transcriptions?status=FAILED" testId="stat-failed" />
        </StatGrid>
      }
      columns={columns}
      rows={transcriptions}
      rowKey={(t) => t.id}
      rowLabel={(t) => t.title || t.originalName}
      pagination={pagination}
      searchPlaceholder="Cerca per titolo, file o utente"
      emptyMessage="Nessuna trascrizione trovata"
      rowActions={(t, urls) => {
        const actions: RowAction[] = [];
        if (t.status === "COMPLETED")
          actions.push({ kind: "download", label: "Scarica il testo", href: `/api/admin/transcriptions/${t.id}/download` });
        if (t.document)
          actions.push({ kind: "download", label: "Scarica il documento", href: `/api/admin/transcriptions/${t.id}/document/download` });
        if (t.status === "FAILED") actions.push({ kind: "post", label: "Riprova", intent: "retry", id: t.id, testId: "retry" });
        actions.push({ kind: "link", label: "Elimina", to: urls.confirm("delete"), danger: true });
        return actions;
      }}
      focus={focus}
      details={{
        title: "Dettagli trascrizione",
        size: "lg",
        render: (focus) => (
          <>
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
                [
                  "Analisi",
                  focus.analysis ? (JOB_STATUS_LABEL[focus.analysis.status as keyof typeof JOB_STATUS_LABEL] ?? focus.analysis.status) : "—",
                ],
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
            {focus.errorMessage || focus.failureReason ? (
              <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                <p>{focus.errorMessage}</p>
                {focus.failureReason ? <p className="mt-1 font-mono text-xs">{focus.failureReason}</p> : null}
              </div>
            ) : null}
            <h3 className="mt-6 font-semibold">Testo</h3>
            <p className="mt-2 max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{focus.text || "—"}</p>
          </>
        ),
      }}
      confirms={{
        delete: {
          title: "Elimina trascrizione",
          submitLabel: "Elimina",
          question: (f) => (
            <p className="text-sm text-slate-700">
              Sei sicuro di voler eliminare la trascrizione <strong>{f.title || f.originalName}</strong> di {f.user.name}? Audio e documento verranno
              rimossi. L'operazione non può essere annullata.
            </p>
          ),
        },
      }}
    />
  );
}

/** "whisper (base)", "openai (gpt-4o-mini)" or a dash when the step has not run yet. */
function engineLabel(engine: string | null, model: string | null): string {
  if (!engine) return "—";
  return model ? `${engine} (${model})` : engine;
}
