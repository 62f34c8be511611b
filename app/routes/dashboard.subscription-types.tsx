import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { NEW_PLAN, PlanForm } from "~/components/admin/plan-form";
import { ConfirmModal, DetailList, UrlModal } from "~/components/admin/modal";
import { ActiveBadge, PageHeader } from "~/components/admin/ui";
import { useAdminUrls } from "~/components/admin/url";
import { formatCurrency, formatDate, formatMegabytes, formatMinutes } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { fieldErrors, parsePlansQuery, planFormValues, planSchema } from "~/lib/validation/admin";
import { adminPageAction, redirectPastLastPage, rowId, type FormFailure } from "~/services/admin/page.server";
import { createPlan, deletePlan, getPlan, listPlans, togglePlanStatus, updatePlan } from "~/services/admin/plans.server";
import { requireAdminPage } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Piani — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const focusId = params.get("view") ?? (params.get("modal") === "edit" || params.get("confirm") ? params.get("id") : null);
  const [list, focus] = await Promise.all([listPlans(parsePlansQuery(params)), focusId ? getPlan(focusId).catch(() => null) : Promise.resolve(null)]);
  redirectPastLastPage(request, list.pagination);
  return { ...list, focus };
}

function checkPlan(form: FormData, intent: string): FormFailure | undefined {
  const result = planSchema.safeParse(planFormValues(form));
  return result.success ? undefined : { ok: false, intent, fieldErrors: fieldErrors(result.error) };
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/subscription-types", {
    create: async ({ form }) => {
      const failure = checkPlan(form, "create");
      if (failure) return failure;
      await createPlan(planFormValues(form));
      return MSG.planSaved;
    },
    update: async ({ form }) => {
      const failure = checkPlan(form, "update");
      if (failure) return failure;
      await updatePlan(rowId(form), planFormValues(form));
      return MSG.planSaved;
    },
    toggle: async ({ form }) => {
      await togglePlanStatus(rowId(form));
      return MSG.planStatusUpdated;
    },
    delete: async ({ form }) => {
      await deletePlan(rowId(form));
      return MSG.planDeleted;
    },
  });
}

export default function DashboardSubscriptionTypes() {
  const { subscriptionTypes, pagination, focus } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const [params] = useSearchParams();
  const { listUrl, withModal } = useAdminUrls();
  type Row = (typeof subscriptionTypes)[number];

  const columns: Column<Row>[] = [
    {
      key: "name",
      label: "Nome",
      sortKey: "name",
      render: (p) => (
        <div className="min-w-[12rem] max-w-xs">
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
      filter: { name: "interval", kind: "select", options: [{ value: "month", label: "Mensile" }, { value: "year", label: "Annuale" }] },
      render: (p) => (
        <span className="whitespace-nowrap">
          {formatCurrency(p.price, p.currency)} / {p.interval === "year" ? "anno" : "mese"}
        </span>
      ),
    },
    { key: "sortOrder", label: "Ordine", sortKey: "sortOrder", render: (p) => p.sortOrder },
    {
      key: "features",
      label: "Caratteristiche",
      render: (p) => (
        <div className="min-w-[10rem] text-xs">
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
    {
      key: "isActive",
      label: "Stato",
      sortKey: "isActive",
      filter: { name: "status", kind: "select", options: [{ value: "active", label: "Attivo" }, { value: "inactive", label: "Inattivo" }] },
      render: (p) => <ActiveBadge active={p.isActive} />,
    },
    { key: "subscriptionCount", label: "Sottoscrizioni", sortKey: "subscriptionCount", render: (p) => p.subscriptionCount, className: "text-right" },
    {
      key: "dates",
      label: "Creato / aggiornato",
      render: (p) => (
        <span className="whitespace-nowrap text-xs">
          {formatDate(p.createdAt)}
          <br />
          {formatDate(p.updatedAt)}
        </span>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Piani di sottoscrizione"
        description="Catalogo dei piani offerti agli utenti."
        actions={
          <Link to={withModal({ modal: "create" })} className="btn-primary" preventScrollReset data-testid="new-plan">
            Nuovo piano
          </Link>
        }
      />
      <DataTable
        id="plans"
        columns={columns}
        rows={subscriptionTypes}
        rowKey={(p) => p.id}
        pagination={pagination}
        searchPlaceholder="Cerca per nome o codice"
        emptyMessage="Nessun piano trovato"
        rowActions={(p) => (
          <>
            <Link to={withModal({ view: p.id })} className="btn-ghost px-2 py-1" preventScrollReset>
              Dettagli
            </Link>
            <Link to={withModal({ modal: "edit", id: p.id })} className="btn-ghost px-2 py-1" preventScrollReset data-testid={`edit-${p.code}`}>
              Modifica
            </Link>
            <Form method="post" className="inline">
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={p.id} />
              <input type="hidden" name="returnTo" value={listUrl} />
              <button type="submit" className="btn-ghost px-2 py-1" data-testid={`toggle-${p.code}`}>
                {p.isActive ? "Disattiva" : "Attiva"}
              </button>
            </Form>
            <Link to={withModal({ confirm: "delete", id: p.id })} className="btn-ghost px-2 py-1 text-red-700" preventScrollReset>
              Elimina
            </Link>
          </>
        )}
      />

      {params.get("modal") === "create" ? (
        <UrlModal title="Nuovo piano" closeHref={listUrl} size="lg">
          <PlanForm key={JSON.stringify(actionData ?? {})} defaults={NEW_PLAN} returnTo={listUrl} closeHref={listUrl} serverErrors={actionData?.fieldErrors} formError={actionData?.formError} />
        </UrlModal>
      ) : null}

      {params.get("modal") === "edit" && focus ? (
        <UrlModal title="Modifica piano" closeHref={listUrl} size="lg">
          <PlanForm key={JSON.stringify(actionData ?? {})} defaults={focus} returnTo={listUrl} closeHref={listUrl} serverErrors={actionData?.fieldErrors} formError={actionData?.formError} />
        </UrlModal>
      ) : null}

      {params.get("view") && focus ? (
        <UrlModal title="Dettagli piano" closeHref={listUrl} size="lg">
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
        </UrlModal>
      ) : null}

      {params.get("confirm") === "delete" && focus ? (
        <ConfirmModal
          title="Elimina piano"
          closeHref={listUrl}
          intent="delete"
          id={focus.id}
          submitLabel="Elimina"
          question={
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
          }
        />
      ) : null}
    </div>
  );
}
