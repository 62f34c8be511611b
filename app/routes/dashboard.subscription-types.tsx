import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { AdminListPage } from "~/components/admin/list-page";
import { NEW_PLAN, PlanForm } from "~/components/admin/plan-form";
import { DetailList } from "~/components/admin/modal";
import { activeStatusColumn } from "~/components/admin/ui";
import { useAdminUrls } from "~/components/admin/url";
import { formatCurrency, formatDate, formatMegabytes, formatMinutes } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { fieldErrors, parsePlansQuery, planFormValues, planSchema } from "~/lib/validation/admin";
import { adminPageAction, loadAdminList, rowId, type FormFailure } from "~/services/admin/page.server";
import { auditedPlans, getPlan, listPlans } from "~/services/admin/plans.server";

export const meta: MetaFunction = () => [{ title: "Piani — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAdminList(request, (params) => listPlans(parsePlansQuery(params)), getPlan);
}

function checkPlan(form: FormData, intent: string): FormFailure | undefined {
  const result = planSchema.safeParse(planFormValues(form));
  return result.success ? undefined : { ok: false, intent, fieldErrors: fieldErrors(result.error) };
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/subscription-types", {
    create: async ({ form, admin }) => {
      const failure = checkPlan(form, "create");
      if (failure) return failure;
      await auditedPlans.create(admin.id, planFormValues(form));
      return MSG.planSaved;
    },
    update: async ({ form, admin }) => {
      const failure = checkPlan(form, "update");
      if (failure) return failure;
      await auditedPlans.update(admin.id, rowId(form), planFormValues(form));
      return MSG.planSaved;
    },
    toggle: async ({ form, admin }) => {
      await auditedPlans.toggle(admin.id, rowId(form));
      return MSG.planStatusUpdated;
    },
    delete: async ({ form, admin }) => {
      await auditedPlans.delete(admin.id, rowId(form));
      return MSG.planDeleted;
    },
  });
}

export default function DashboardSubscriptionTypes() {
  const { subscriptionTypes, pagination, focus } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const { listUrl } = useAdminUrls();
  type Row = (typeof subscriptionTypes)[number];

  const columns: Column<Row>[] = [
    {
      key: "name",
      label: "Nome",
      sortKey: "name",
      render: (p) => (
        <div className="min-w-[10rem] max-w-[14rem]">
          <p className="font-medium">
            {p.name} <span className="font-mono text-xs text-slate-500">{p.code}</span>
          </p>
          <p className="truncate text-xs text-slate-500">{p.description}</p>
        </div>
      ),
    },
    {
      key: "price",
      label: "Prezzo",
      sortKey: "price",
      filterLabel: "Periodicità",
      filter: {
        name: "interval",
        kind: "select",
        options: [
          { value: "month", label: "Mensile" },
          { value: "year", label: "Annuale" },
        ],
      },
      render: (p) => (
        <span className="whitespace-nowrap">
          {formatCurrency(p.price, p.currency)} / {p.interval === "year" ? "anno" : "mese"}
        </span>
      ),
    },
    { key: "sortOrder", label: "Ordine", sortKey: "sortOrder", render: (p) => p.sortOrder, visibleFrom: "wide" },
    {
      key: "features",
      label: "Caratteristiche",
      visibleFrom: "xl",
      render: (p) => (
        <div className="min-w-[9rem] max-w-[13rem] text-xs">
          <p className="font-medium">{p.features.length === 1 ? "1 caratteristica" : `${p.features.length} caratteristiche`}</p>
          {p.features.slice(0, 2).map((f, i) => (
            <p key={i} className="truncate text-slate-600">
              {typeof f === "string" ? f : `${f.name}: ${f.value}`}
            </p>
          ))}
          {p.features.length > 2 ? <p className="text-slate-500">{MSG.moreFeatures(p.features.length - 2)}</p> : null}
        </div>
      ),
    },
    activeStatusColumn("isActive", "status", (p) => p.isActive),
    {
      key: "subscriptionCount",
      label: "Sottoscrizioni",
      sortKey: "subscriptionCount",
      render: (p) => p.subscriptionCount,
      className: "text-right",
      visibleFrom: "lg",
    },
    {
      key: "dates",
      label: "Creato / aggiornato",
      visibleFrom: "2xl",
      render: (p) => (
        <span className="whitespace-nowrap text-xs">
          {formatDate(p.createdAt)}
          <br />
          {formatDate(p.updatedAt)}
        </span>
      ),
    },
  ];

  const formKey = JSON.stringify(actionData ?? {});
  const formProps = { returnTo: listUrl, closeHref: listUrl, serverErrors: actionData?.fieldErrors, formError: actionData?.formError };
  return (
    <AdminListPage
      id="plans"
      title="Piani di sottoscrizione"
      description="Catalogo dei piani offerti agli utenti."
      create={{ label: "Nuovo piano", testId: "new-plan" }}
      columns={columns}
      rows={subscriptionTypes}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.name}
      pagination={pagination}
      searchPlaceholder="Cerca per nome o codice"
      emptyMessage="Nessun piano trovato"
      rowActions={(p, urls) => [
        { kind: "link", label: "Modifica", to: urls.edit, testId: `edit-${p.code}` },
        { kind: "post", label: p.isActive ? "Disattiva" : "Attiva", intent: "toggle", id: p.id, testId: `toggle-${p.code}` },
        { kind: "link", label: "Elimina", to: urls.confirm("delete"), danger: true },
      ]}
      focus={focus}
      createForm={{ title: "Nuovo piano", size: "lg", render: () => <PlanForm key={formKey} {...formProps} defaults={NEW_PLAN} /> }}
      editForm={{ title: "Modifica piano", size: "lg", render: (focus) => <PlanForm key={formKey} {...formProps} defaults={focus} /> }}
      details={{
        title: "Dettagli piano",
        size: "lg",
        render: (focus) => (
          <>
            <DetailList
              items={[
                ["Nome", focus.name],
                ["Codice", focus.code],
                ["Tipo", focus.type === "FREE" ? "Gratuito" : "A pagamento"],
                ["Prezzo", `${formatCurrency(focus.price, focus.currency)} / ${focus.interval === "year" ? "anno" : "mese"}`],
                ["Dimensione max file", formatMegabytes(focus.maxFileSizeMB)],
                ["Registrazioni al mese", String(focus.maxRecordingsPerMonth)],
                ["Archivio", formatMegabytes(focus.maxMBStorage)],
                ["Minuti max per file", formatMinutes(focus.maxMinutesPerFile)],
                ["Minuti di audio al mese", formatMinutes(focus.maxMinutesPerMonth)],
                ["Ordine", String(focus.sortOrder)],
                ["Stato", focus.isActive ? "Attivo" : "Inattivo"],
                ["In evidenza", focus.isPreferred ? "Sì" : "No"],
                ["Rinnovo automatico", focus.autoRenew ? "Sì" : "No"],
                ["Sottoscrizioni", String(focus.subscriptionCount)],
              ]}
            />
            <p className="mt-4 text-sm text-slate-700">{focus.description}</p>
          </>
        ),
      }}
      confirms={{
        delete: {
          title: "Elimina piano",
          submitLabel: "Elimina",
          question: (focus) => (
            <>
              <p className="text-sm font-medium text-slate-900">{MSG.confirmDeletePlan}</p>
              <p className="mt-2 text-sm text-slate-600">
                <strong>{focus.name}</strong> — {MSG.planDeleteWarning}
              </p>
              {focus.subscriptionCount > 0 ? (
                <p role="alert" className="mt-3 rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
                  {MSG.planInUse(focus.subscriptionCount)}
                </p>
              ) : null}
            </>
          ),
        },
      }}
    />
  );
}
