import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { AdminListPage } from "~/components/admin/list-page";
import { DetailList } from "~/components/admin/modal";
import type { RowAction } from "~/components/admin/row-actions";
import { StatCard, StatGrid, SubscriptionStatusBadge } from "~/components/admin/ui";
import { formatCurrency, formatDate, formatDateTime, formatMegabytes } from "~/lib/format";
import { MSG, SUBSCRIPTION_STATUS_LABEL } from "~/lib/messages";
import { parseSubscriptionsQuery } from "~/lib/validation/admin";
import { adminPageAction, loadAdminList, rowId } from "~/services/admin/page.server";
import {
  cancelAdminSubscription,
  getAdminSubscription,
  listAdminSubscriptions,
  reactivateAdminSubscription,
} from "~/services/admin/subscriptions.server";
import { auditStep } from "~/services/audit.server";

export const meta: MetaFunction = () => [{ title: "Sottoscrizioni — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminList(request, (params) => listAdminSubscriptions(parseSubscriptionsQuery(params)), getAdminSubscription);
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/subscriptions", {
    cancel: async ({ form, admin }) => {
      await cancelAdminSubscription(
        rowId(form),
        String(form.get("reason") ?? ""),
        auditStep(admin.id, "subscription.cancel", "subscription", rowId(form)),
      );
      return MSG.subscriptionCancelled;
    },
    reactivate: async ({ form, admin }) => {
      await reactivateAdminSubscription(rowId(form), auditStep(admin.id, "subscription.reactivate", "subscription", rowId(form)));
      return MSG.subscriptionReactivated;
    },
  });
}

const STATUS_OPTIONS = (["ACTIVE", "EXPIRED", "CANCELLED", "PENDING", "SUSPENDED"] as const).map((s) => ({
  value: s,
  label: SUBSCRIPTION_STATUS_LABEL[s],
}));
const TYPE_OPTIONS = [
  { value: "basic", label: "Base (gratuiti)" },
  { value: "pro", label: "Pro" },
  { value: "business", label: "Business" },
];

export default function DashboardSubscriptions() {
  const { subscriptions, pagination, stats, focus } = useLoaderData<typeof loader>();
  type Row = (typeof subscriptions)[number];
  const money = (n: number) => formatCurrency(n, stats.revenue.currency);

  const columns: Column<Row>[] = [
    {
      key: "user",
      label: "Utente",
      sortKey: "user",
      render: (s) => (
        <div className="min-w-[9rem] max-w-[14rem]">
          <p className="truncate font-medium">{s.user.name}</p>
          <p className="truncate text-xs text-slate-500" title={s.user.email}>
            {s.user.email}
          </p>
        </div>
      ),
    },
    {
      key: "plan",
      label: "Piano",
      sortKey: "plan",
      filter: { name: "type", kind: "select", options: TYPE_OPTIONS },
      render: (s) => (
        <div className="whitespace-nowrap">
          <p>{s.type.name}</p>
          <p className="text-xs text-slate-500">
            {formatCurrency(s.type.price, s.type.currency)} / {s.type.interval === "year" ? "anno" : "mese"}
          </p>
        </div>
      ),
    },
    {
      key: "status",
      label: "Stato",
      sortKey: "status",
      filter: { name: "status", kind: "select", options: STATUS_OPTIONS },
      render: (s) => (
        <div className="flex flex-col items-start gap-1">
          <SubscriptionStatusBadge status={s.status} />
          {s.cancelAtPeriodEnd ? <span className="text-xs text-slate-500">Cancellazione a fine periodo</span> : null}
        </div>
      ),
    },
    {
      key: "period",
      label: "Periodo",
      sortKey: "endDate",
      visibleFrom: "xl",
      render: (s) => (
        <span className="whitespace-nowrap">
          {formatDate(s.startDate)} – {formatDate(s.endDate)}
        </span>
      ),
    },
    {
      key: "usage",
      label: "Utilizzo del mese",
      visibleFrom: "wide",
      render: (s) => (
        <span className="text-xs">
          <span className="block whitespace-nowrap">
            {s.usage.recordingsUsed}/{s.usage.maxRecordingsPerMonth} registrazioni
          </span>
          <span className="block whitespace-nowrap">
            {formatMegabytes(s.usage.megabytesUsed)}/{formatMegabytes(s.usage.maxMBStorage)}
          </span>
        </span>
      ),
    },
    {
      key: "createdAt",
      label: "Creata il",
      sortKey: "createdAt",
      visibleFrom: "wide",
      filterLabel: "Creata il giorno",
      filter: { name: "date", kind: "date" },
      render: (s) => <span className="whitespace-nowrap">{formatDate(s.createdAt)}</span>,
    },
  ];

  const canCancel = (s: Row) => s.status === "ACTIVE" && !s.cancelAtPeriodEnd;
  const canReactivate = (s: Row) => s.status === "CANCELLED" || s.status === "EXPIRED";
  return (
    <AdminListPage
      id="subscriptions"
      title="Sottoscrizioni"
      description="Piani sottoscritti dagli utenti, con stato, utilizzo e ricavi."
      exportPath="/api/admin/subscriptions/export"
      stats={
        <StatGrid>
          <StatCard label="Totale" value={stats.total} />
          <StatCard label="Attive" value={stats.active} to="/dashboard/subscriptions?status=ACTIVE" />
          <StatCard label="Scadute" value={stats.expired} to="/dashboard/subscriptions?status=EXPIRED" />
          <StatCard label="Cancellate" value={stats.cancelled} to="/dashboard/subscriptions?status=CANCELLED" />
          <StatCard label="In attesa" value={stats.pending} to="/dashboard/subscriptions?status=PENDING" />
          <StatCard label="Ricavi del mese" value={money(stats.revenue.monthly)} testId="revenue-monthly" />
          <StatCard label="Ricavi dell'anno" value={money(stats.revenue.yearly)} />
          <StatCard label="Ricavi totali" value={money(stats.revenue.total)} />
        </StatGrid>
      }
      columns={columns}
      rows={subscriptions}
      rowKey={(s) => s.id}
      rowLabel={(s) => `${s.user.name}, ${s.type.name}`}
      pagination={pagination}
      searchPlaceholder="Cerca per utente o piano"
      emptyMessage="Nessuna sottoscrizione trovata"
      rowActions={(s, urls) => {
        const actions: RowAction[] = [];
        if (canCancel(s)) actions.push({ kind: "link", label: "Cancella", to: urls.confirm("cancel"), danger: true });
        if (canReactivate(s)) actions.push({ kind: "post", label: "Riattiva", intent: "reactivate", id: s.id });
        return actions;
      }}
      focus={focus}
      details={{
        title: "Dettagli sottoscrizione",
        size: "lg",
        render: (focus) => (
          <>
            <DetailList
              items={[
                ["Utente", `${focus.user.name} (${focus.user.email})`],
                ["Piano", `${focus.type.name} (${focus.type.code})`],
                ["Prezzo", `${formatCurrency(focus.type.price, focus.type.currency)} / ${focus.type.interval === "year" ? "anno" : "mese"}`],
                ["Stato", <SubscriptionStatusBadge key="s" status={focus.status} />],
                ["Inizio", formatDateTime(focus.startDate)],
                ["Fine", formatDateTime(focus.endDate)],
                ["Periodo corrente", `${formatDate(focus.currentPeriodStart)} – ${formatDate(focus.currentPeriodEnd)}`],
                ["Cancellazione a fine periodo", focus.cancelAtPeriodEnd ? "Sì" : "No"],
                ["Cancellata il", formatDateTime(focus.cancelledAt)],
                ["Motivo", focus.cancelReason ?? "—"],
                ["Registrazioni del mese", `${focus.usage.recordingsUsed} / ${focus.usage.maxRecordingsPerMonth}`],
                ["Archivio del mese", `${formatMegabytes(focus.usage.megabytesUsed)} / ${formatMegabytes(focus.usage.maxMBStorage)}`],
                [
                  "Metodo di pagamento",
                  focus.paymentMethod
                    ? `${focus.paymentMethod.type}${focus.paymentMethod.last4 ? ` •••• ${focus.paymentMethod.last4}` : ""}${focus.paymentMethod.expiryMonth ? ` (${focus.paymentMethod.expiryMonth}/${focus.paymentMethod.expiryYear})` : ""}`
                    : "—",
                ],
              ]}
            />
            {focus.type.features.length ? (
              <>
                <h3 className="mt-6 font-semibold">Caratteristiche del piano</h3>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {focus.type.features.map((f, i) => (
                    <li key={i}>{typeof f === "string" ? f : `${f.name}: ${f.value}`}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ),
      }}
      confirms={{
        cancel: {
          title: "Cancella sottoscrizione",
          submitLabel: "Cancella sottoscrizione",
          question: (focus) => (
            <p className="text-sm text-slate-700">
              Sei sicuro di voler cancellare la sottoscrizione <strong>{focus.type.name}</strong> di {focus.user.name}? Terminerà subito.
            </p>
          ),
          fields: (
            <div>
              <label htmlFor="cancel-reason" className="label">
                Motivo (facoltativo)
              </label>
              <textarea id="cancel-reason" name="reason" rows={3} maxLength={500} className="input" />
            </div>
          ),
        },
      }}
    />
  );
}
