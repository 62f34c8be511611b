import { LoadErrorBoundary } from "~/components/load-error";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PlanCard, type PlanCardMode } from "~/components/plan-card";
import { PlanLoginModal } from "~/components/plan-login-modal";
import { useToast } from "~/components/toast";
import { MSG } from "~/lib/messages";
import { ApiError, readPageForm } from "~/services/api.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { assignPlan, listActivePlans, PUBLIC_PLAN_LIMIT } from "~/services/subscriptions.server";
import { flashToastHeader } from "~/services/toast.server";
import { getActiveSubscription } from "~/services/usage.server";
import { log } from "~/services/logger.server";

export const meta: MetaFunction = () => [{ title: "Piani — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const [plans, active] = await Promise.all([listActivePlans({ limit: PUBLIC_PLAN_LIMIT }), user ? getActiveSubscription(user.id) : undefined]);
  return {
    plans,
    user: user ? { isEmailVerified: user.isEmailVerified } : null,
    currentPlanId: active?.subscriptionTypeId ?? null,
  };
}

type ActionData = { kind: "info" | "error"; message: string; title?: string };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?redirectTo=%2Fsubscriptions");
  const form = await readPageForm(request);
  const subscriptionTypeId = String(form.get("subscriptionTypeId") ?? "");
  try {
    const { message } = await assignPlan(user, subscriptionTypeId);
    // A redirect (not data) so the menu's plan entry and the page reload without JavaScript too.
    return redirect("/subscriptions", { headers: { "Set-Cookie": flashToastHeader({ type: "success", message }) } });
  } catch (error) {
    if (error instanceof ApiError && error.extra.inDevelopment) {
      return Response.json({ kind: "info", message: error.message } satisfies ActionData);
    }
    if (error instanceof ApiError && error.status < 500) {
      return Response.json({ kind: "error", title: MSG.planSelectError, message: error.message } satisfies ActionData, { status: error.status });
    }
    log.error({ err: error }, "[subscriptions] selezione del piano non riuscita");
    return Response.json({ kind: "error", message: MSG.planSelectError } satisfies ActionData, { status: 500 });
  }
}

export default function Subscriptions() {
  const { plans, user, currentPlanId } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const toast = useToast();
  const [loginPlan, setLoginPlan] = useState<string | null>(null);
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (actionData) toast.show({ type: actionData.kind, message: actionData.message, title: actionData.title });
  }, [actionData, toast]);

  const modeFor = (plan: (typeof plans)[number]): PlanCardMode => {
    if (!user) return { kind: "visitor", onLogin: () => setLoginPlan(plan.name) };
    if (!user.isEmailVerified) return { kind: "unverified" };
    if (plan.id === currentPlanId) return { kind: "current" };
    return { kind: "select", pending };
  };

  return (
    <div className="page">
      <h1 className="page-title text-center">Scegli il tuo piano</h1>
      <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">
        Registra e trascrivi le tue riunioni: scegli il piano adatto a quante ne fai ogni mese.
      </p>
      {user && !user.isEmailVerified ? (
        <p
          className="mx-auto mt-6 max-w-2xl rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-center text-sm text-yellow-900"
          role="alert"
          data-testid="verify-warning"
        >
          {MSG.verifyEmailToSelectPlan}
        </p>
      ) : null}
      {actionData ? (
        <p
          className={`mx-auto mt-6 max-w-2xl rounded-lg border p-3 text-center text-sm ${
            actionData.kind === "info" ? "border-blue-300 bg-blue-50 text-blue-900" : "border-red-300 bg-red-50 text-red-900"
          }`}
          role={actionData.kind === "info" ? "status" : "alert"}
          data-testid="plan-message"
        >
          {actionData.title ? <strong className="block">{actionData.title}</strong> : null}
          {actionData.message}
        </p>
      ) : null}
      {plans.length === 0 ? (
        <p className="mt-10 text-center text-slate-600">Nessun piano disponibile al momento.</p>
      ) : (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} mode={modeFor(plan)} />
          ))}
        </div>
      )}
      {loginPlan ? <PlanLoginModal planName={loginPlan} onClose={() => setLoginPlan(null)} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadErrorBoundary message={MSG.plansLoadError} retryTo="/subscriptions" />;
}
