import { LoadErrorBoundary } from "~/components/load-error";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { AccessRequired } from "~/components/guards";
import { useToast } from "~/components/toast";
import { UsageBar } from "~/components/usage-bar";
import { formatCurrency, formatDate, formatMegabytes, formatMinutes } from "~/lib/format";
import { MSG, SUBSCRIPTION_STATUS_LABEL } from "~/lib/messages";
import { ApiError, readPageForm } from "~/services/api.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { cancelSubscription, getUserSubscriptions, reactivateSubscription, type SubscriptionView } from "~/services/subscriptions.server";
import { flashToastHeader } from "~/services/toast.server";
import { log } from "~/services/logger.server";

export const meta: MetaFunction = () => [{ title: "Le mie sottoscrizioni — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { signedIn: false as const, subscriptions: [] as SubscriptionView[] };
  const { subscriptions } = await getUserSubscriptions(user.id);
  return { signedIn: true as const, subscriptions };
}

type ActionData = { id: string; title: string; message: string };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?redirectTo=%2Fmy-subscriptions");
  const form = await readPageForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const title = intent === "reactivate" ? MSG.reactivateError : MSG.cancelError;
  try {
    const { message } =
      intent === "reactivate" ? await reactivateSubscription(user.id, id) : await cancelSubscription(user.id, id, String(form.get("reason") ?? ""));
    return redirect("/my-subscriptions", { headers: { "Set-Cookie": flashToastHeader({ type: "success", message }) } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return Response.json({ id, title, message: error.message } satisfies ActionData, { status: error.status });
    }
    log.error({ err: error }, "[my-subscriptions] operazione non riuscita");
    return Response.json({ id, title, message: title } satisfies ActionData, { status: 500 });
  }
}

const STATUS_BADGE: Record<SubscriptionView["status"], string> = {
  ACTIVE: "badge-success",
  CANCELLED: "badge-danger",
  SUSPENDED: "badge-warning",
  EXPIRED: "badge-neutral",
  PENDING: "badge-info",
};

export default function MySubscriptions() {
  const { signedIn, subscriptions } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const toast = useToast();
  useEffect(() => {
    if (actionData) toast.show({ type: "error", title: actionData.title, message: actionData.message });
  }, [actionData, toast]);

  if (!signedIn) return <AccessRequired />;
  return (
    <div className="page">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="page-title">{MSG.mySubscriptions}</h1>
        <Link to="/subscriptions" className="btn-secondary">
          {MSG.seePlans}
        </Link>
      </div>
      {subscriptions.length === 0 ? (
        <div className="card mt-8 text-center" data-testid="subscriptions-empty">
          <p className="text-slate-600">Non hai ancora nessuna sottoscrizione.</p>
          <Link to="/subscriptions" className="btn-primary mt-4">
            {MSG.subscribeToPlan}
          </Link>
        </div>
      ) : (
        <ul className="mt-8 space-y-4">
          {subscriptions.map((sub) => (
            <li key={sub.id}>
              <SubscriptionCard sub={sub} error={actionData?.id === sub.id ? actionData : undefined} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SubscriptionCard({ sub, error }: { sub: SubscriptionView; error?: ActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === sub.id;
  const plan = sub.subscriptionType;
  return (
    <article className="card" data-testid="subscription-card" data-status={sub.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{plan.name}</h2>
          <p className="text-sm text-slate-600">
            {`${formatCurrency(plan.type === "FREE" ? 0 : plan.price, plan.currency)} / ${plan.interval === "year" ? "anno" : "mese"}`}
          </p>
        </div>
        <span className={STATUS_BADGE[sub.status]} data-testid="subscription-status">
          {SUBSCRIPTION_STATUS_LABEL[sub.status]}
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Inizio</dt>
          <dd>{formatDate(sub.startDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Fine</dt>
          <dd>{formatDate(sub.endDate)}</dd>
        </div>
        {sub.cancelledAt ? (
          <div>
            <dt className="text-slate-500">Cancellata il</dt>
            <dd>{formatDate(sub.cancelledAt)}</dd>
          </div>
        ) : null}
      </dl>
      {sub.status === "ACTIVE" ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <UsageBar label="Registrazioni questo mese" used={sub.usage.recordingsUsed} max={sub.usage.maxRecordingsPerMonth} />
          <UsageBar label="Spazio questo mese" used={sub.usage.megabytesUsed} max={sub.usage.maxMBStorage} format={formatMegabytes} />
          <UsageBar label="Minuti di audio questo mese" used={sub.usage.minutesUsed} max={sub.usage.maxMinutesPerMonth} format={formatMinutes} />
        </div>
      ) : null}
      {error ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900" role="alert">
          <strong className="block">{error.title}</strong>
          {error.message}
        </p>
      ) : null}
      {sub.canCancel ? (
        // <details> gives the confirmation step without JavaScript.
        <details className="mt-4" data-testid="cancel-details">
          <summary className="btn-secondary cursor-pointer list-none">Cancella sottoscrizione</summary>
          <Form method="post" className="mt-3 space-y-3 rounded-lg border border-slate-200 p-4">
            <input type="hidden" name="id" value={sub.id} />
            <p className="text-sm text-slate-700">Sei sicuro di voler cancellare questa sottoscrizione? Il piano smetterà di essere attivo subito.</p>
            <div>
              <label className="label" htmlFor={`reason-${sub.id}`}>
                Motivo (facoltativo)
              </label>
              <textarea id={`reason-${sub.id}`} name="reason" maxLength={500} rows={2} className="input" />
            </div>
            <button type="submit" name="intent" value="cancel" className="btn-danger" disabled={busy}>
              Conferma cancellazione
            </button>
          </Form>
        </details>
      ) : null}
      {sub.canReactivate ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="id" value={sub.id} />
          <button type="submit" name="intent" value="reactivate" className="btn-primary" disabled={busy}>
            Riattiva
          </button>
        </Form>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <LoadErrorBoundary message={MSG.subscriptionsLoadError} retryTo="/my-subscriptions" />;
}
