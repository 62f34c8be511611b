import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart, HorizontalBars } from "~/components/admin/charts";
import { PageHeader, StatCard } from "~/components/admin/ui";
import { formatDate } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { ANALYTICS_PERIODS } from "~/lib/analytics";
import { getAnalytics } from "~/services/admin/dashboard.server";
import { requireAdminPage } from "~/services/session.server";

/** Analytics (beyond the spec's placeholder): activity, growth, plans and pipeline health over a chosen period. */

export const meta: MetaFunction = () => [{ title: "Analisi — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const requested = Number(new URL(request.url).searchParams.get("days"));
  const days = (ANALYTICS_PERIODS as readonly number[]).includes(requested) ? requested : 30;
  return { analytics: await getAnalytics(days) };
}

const PERIOD_LABEL: Record<number, string> = { 7: "7 giorni", 30: "30 giorni", 90: "90 giorni", 365: "12 mesi" };
const dayLabel = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export default function DashboardAnalytics() {
  const { analytics } = useLoaderData<typeof loader>();
  const { perDay, newUsersPerWeek, plansInUse, failure } = analytics;
  const failurePoints = perDay.map((d) => ({
    label: dayLabel(d.day),
    value: d.completed + d.failed === 0 ? 0 : (d.failed / (d.completed + d.failed)) * 100,
  }));
  return (
    <div>
      <PageHeader
        title="Analisi"
        description={`Dal ${formatDate(analytics.from)} al ${formatDate(analytics.to)}`}
        actions={
          <nav aria-label="Periodo" className="flex flex-wrap gap-1">
            {ANALYTICS_PERIODS.map((d) => (
              <Link
                key={d}
                to={`?days=${d}`}
                className={d === analytics.days ? "btn-primary" : "btn-secondary"}
                aria-current={d === analytics.days ? "page" : undefined}
              >
                {PERIOD_LABEL[d]}
              </Link>
            ))}
          </nav>
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Registrazioni" value={perDay.reduce((s, d) => s + d.recordings, 0)} />
        <StatCard label="Minuti trascritti" value={Math.round(perDay.reduce((s, d) => s + d.minutes, 0))} />
        <StatCard label="Nuovi utenti" value={newUsersPerWeek.reduce((s, w) => s + w.count, 0)} />
        <StatCard
          label="Tasso di errore della pipeline"
          value={`${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format(failure.rate * 100)}%`}
          hint={`${failure.failed} fallite su ${failure.completed + failure.failed} concluse`}
          testId="failure-rate"
        />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <BarChart title="Registrazioni al giorno" points={perDay.map((d) => ({ label: dayLabel(d.day), value: d.recordings }))} />
        <BarChart
          title="Minuti trascritti al giorno"
          points={perDay.map((d) => ({ label: dayLabel(d.day), value: d.minutes }))}
          color="#16a34a"
          digits={1}
          unit=" min"
        />
        <BarChart
          title="Nuovi utenti per settimana"
          points={newUsersPerWeek.map((w) => ({ label: dayLabel(w.week), value: w.count }))}
          color="#7c3aed"
        />
        <BarChart title="Errori della pipeline (% delle concluse)" points={failurePoints} color="#dc2626" digits={1} unit="%" showTotal={false} />
        <HorizontalBars
          title="Piani in uso (sottoscrizioni attive)"
          points={plansInUse.map((p) => ({ label: p.name, value: p.count }))}
          empty={MSG.noDataReceived}
        />
      </div>
    </div>
  );
}
