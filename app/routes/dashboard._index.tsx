import type { LoaderFunctionArgs } from "@remix-run/node";
import { Await, Link, useAsyncError, useLoaderData } from "@remix-run/react";
import { Suspense, type ReactNode } from "react";
import { PageHeader, StatCard, SubscriptionStatusBadge } from "~/components/admin/ui";
import { errorTextForStatus } from "~/lib/errors";
import { formatBytes, formatCount, formatDate, formatDuration } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { getAdminDashboard, type AdminDashboard } from "~/services/admin/dashboard.server";
import { getMinutesEngineOverview } from "~/services/admin/llm-engine.server";
import { MinutesEngineSection } from "~/components/admin/minutes-engine";
import { requireAdminPage } from "~/services/session.server";

/** Overview (spec 2.8): cards with links and the five lists; streamed, with loading and error states. */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  // Not awaited: the page shell renders at once and the figures stream in when ready.
  return { dashboard: getAdminDashboard(), minutesEngine: getMinutesEngineOverview() };
}

export default function DashboardOverview() {
  const { dashboard, minutesEngine } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Panoramica" description="Utenti, trascrizioni, archivio e sottoscrizioni in un colpo d'occhio." />
      <Suspense
        fallback={
          <p className="card text-slate-600" role="status">
            Caricamento dati della dashboard...
          </p>
        }
      >
        <Await resolve={dashboard} errorElement={<OverviewError />}>
          {(data) => (data ? <Overview data={data as unknown as AdminDashboard} /> : <p className="card text-slate-600">{MSG.noDataReceived}</p>)}
        </Await>
      </Suspense>
      <div className="mt-6">
        <MinutesEngineSection data={minutesEngine} />
      </div>
    </div>
  );
}

function OverviewError() {
  const error = useAsyncError();
  if (error) console.error(error);
  // Never the raw error: the catalogue text of spec 8.
  const message = errorTextForStatus(500);
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

function Section({ title, children, link }: { title: string; children: ReactNode; link?: { to: string; label: string } }) {
  return (
    <section className="card p-4">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold">{title}</h2>
        {link ? (
          <Link to={link.to} className="text-sm text-brand-700 hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-slate-500">{text}</p>;
}

/** Database tables by what they hold (the technical name stays beside it, small). */
const TABLE_LABEL: Record<string, string> = {
  users: "Utenti",
  sessions: "Sessioni",
  roles: "Ruoli",
  transcriptions: "Trascrizioni",
  transcription_segments: "Segmenti delle trascrizioni",
  analyses: "Analisi",
  documents: "Documenti",
  email_deliveries: "Invii email",
  usage_months: "Utilizzo mensile",
  user_subscriptions: "Sottoscrizioni",
  subscription_types: "Piani",
  orders: "Ordini",
  payment_methods: "Metodi di pagamento",
  verification_codes: "Codici di verifica",
  password_resets: "Reimpostazioni password",
  rate_limits: "Limiti di frequenza",
  jobs: "Coda dei lavori",
  _private_jobs: "Coda dei lavori",
};

function Overview({ data }: { data: AdminDashboard }) {
  const { users, transcriptions, subscriptions, database } = data;
  const status = (s: string) => transcriptions.byStatus.find((b) => b.status === s)?.count ?? 0;
  return (
    <div className="space-y-6" data-testid="overview">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Utenti"
          value={users.total}
          hint={`${formatCount(users.active, "attivo", "attivi")} · ${formatCount(users.verified, "verificato", "verificati")}`}
          to="/dashboard/users"
          testId="card-users"
        />
        <StatCard
          label="Trascrizioni"
          value={transcriptions.total}
          hint={`${formatCount(status("COMPLETED"), "completata", "completate")} · ${formatCount(status("FAILED"), "fallita", "fallite")} · durata media ${formatDuration(transcriptions.avgDuration)}`}
          to="/dashboard/transcriptions"
          testId="card-transcriptions"
        />
        <StatCard
          label="Archivio"
          value={formatBytes(transcriptions.totalStorageBytes + transcriptions.documentsStorageBytes)}
          hint={`Audio ${formatBytes(transcriptions.totalStorageBytes)} · documenti ${formatBytes(transcriptions.documentsStorageBytes)}`}
          testId="card-storage"
        />
        <StatCard
          label="Sottoscrizioni"
          value={subscriptions.total}
          hint={`${formatCount(subscriptions.active, "attiva", "attive")} · ${subscriptions.expiringSoonCount} in scadenza`}
          to="/dashboard/subscriptions"
          testId="card-subscriptions"
        />
        {database?.sizeBytes ? (
          <StatCard
            label="Database"
            value={formatBytes(database.sizeBytes)}
            hint="Dimensione totale"
            to="/dashboard/analytics"
            testId="card-database"
          />
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Utenti più attivi" link={{ to: "/dashboard/transcriptions", label: "Vedi trascrizioni" }}>
          {transcriptions.topUsers.length === 0 ? (
            <Empty text={MSG.noTopUsers} />
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {transcriptions.topUsers.map((t) => (
                <li key={t.user.id} className="flex justify-between gap-3 py-2">
                  <Link to={`/dashboard/transcriptions?user=${encodeURIComponent(t.user.id)}`} className="truncate hover:underline">
                    {t.user.name} <span className="text-slate-500">({t.user.email})</span>
                  </Link>
                  <span className="whitespace-nowrap text-slate-600">
                    {t.transcriptions} · {formatBytes(t.totalFileSize)} · {formatDuration(t.totalDuration)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Ultimi utenti registrati" link={{ to: "/dashboard/users", label: "Vedi utenti" }}>
          {users.latest.length === 0 ? (
            <Empty text={MSG.noLatestUsers} />
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {users.latest.map((u) => (
                <li key={u.id} className="flex justify-between gap-3 py-2">
                  <Link to={`/dashboard/users?view=${u.id}`} className="truncate hover:underline">
                    {u.name} <span className="text-slate-500">({u.email})</span>
                  </Link>
                  <span className="whitespace-nowrap text-slate-600">{formatDate(u.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Sottoscrizioni recenti" link={{ to: "/dashboard/subscriptions", label: "Vedi sottoscrizioni" }}>
          <SubscriptionList items={subscriptions.latest} date="start" empty={MSG.noRecentSubscriptions} />
        </Section>

        <Section
          title="In scadenza nei prossimi 14 giorni"
          link={{ to: "/dashboard/subscriptions?status=ACTIVE&sortBy=endDate&sortOrder=asc", label: "Vedi tutte" }}
        >
          <SubscriptionList items={subscriptions.expiringSoon} date="end" empty={MSG.noExpiringSubscriptions} />
        </Section>

        {database ? (
          <Section title="Tabelle più pesanti" link={{ to: "/dashboard/analytics", label: "Vedi analisi" }}>
            {database.tables.length === 0 ? (
              <Empty text={MSG.noTables} />
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {database.tables.map((t) => (
                  <li key={t.name} className="flex justify-between py-2">
                    <span>
                      {TABLE_LABEL[t.name.replace(/^.*\./, "")] ?? t.name} <span className="font-mono text-xs text-slate-500">{t.name}</span>
                    </span>
                    <span className="text-slate-600">{formatBytes(t.sizeBytes)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        ) : null}
      </div>
    </div>
  );
}

function SubscriptionList({ items, date, empty }: { items: AdminDashboard["subscriptions"]["latest"]; date: "start" | "end"; empty: string }) {
  if (items.length === 0) return <Empty text={empty} />;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {items.map((s) => (
        <li key={s.id} className="flex items-center justify-between gap-3 py-2">
          <Link to={`/dashboard/subscriptions?view=${s.id}`} className="min-w-0 truncate hover:underline">
            {s.user.name} · {s.typeName}
          </Link>
          <span className="flex items-center gap-2 whitespace-nowrap text-slate-600">
            <SubscriptionStatusBadge status={s.status} />
            {date === "end" ? `scade il ${formatDate(s.endDate)}` : formatDate(s.startDate)}
          </span>
        </li>
      ))}
    </ul>
  );
}
