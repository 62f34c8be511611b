import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCurrency, formatMegabytes, formatMinutes } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { featuresBeyondLimits } from "~/lib/plan-features";
import { DEFAULT_MAX_FILE_SIZE_MB } from "~/lib/usage";
import type { PlanFeature } from "~/db/schema";

export type PlanCardData = {
  id: string;
  code: string;
  type: "FREE" | "PAYMENT";
  name: string;
  description: string;
  price: number;
  currency: string;
  interval: "month" | "year";
  maxFileSizeMB: number | null;
  maxRecordingsPerMonth: number;
  maxMBStorage: number;
  maxMinutesPerFile?: number;
  maxMinutesPerMonth?: number;
  isPreferred: boolean;
  features: PlanFeature[];
};

export const INTERVAL_LABEL = { month: "mese", year: "anno" } as const;

function featureText(feature: PlanFeature): string {
  return typeof feature === "string" ? feature : `${feature.name}: ${feature.value}`;
}

export type PlanCardMode =
  { kind: "visitor"; onLogin: () => void } | { kind: "unverified" } | { kind: "current" } | { kind: "select"; pending: boolean };

/** One plan of the catalogue; the preferred plan is highlighted. */
export function PlanCard({ plan, mode }: { plan: PlanCardData; mode: PlanCardMode }) {
  const features = featuresBeyondLimits(plan.features);
  return (
    <article
      className={`card relative flex flex-col ${plan.isPreferred ? "border-brand-500 ring-2 ring-brand-500" : ""}`}
      data-testid="plan-card"
      data-plan-code={plan.code}
      data-preferred={plan.isPreferred ? "true" : undefined}
    >
      {plan.isPreferred ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Consigliato
        </span>
      ) : null}
      <h2 className="text-lg font-semibold">{plan.name}</h2>
      {plan.description ? <p className="mt-1 text-sm text-slate-600 lg:min-h-[3.75rem]">{plan.description}</p> : null}
      <p className="mt-4">
        <span className="text-3xl font-bold" data-testid="plan-price">
          {formatCurrency(plan.price, plan.currency)}
        </span>
        <span className="text-sm text-slate-500"> / {INTERVAL_LABEL[plan.interval]}</span>
      </p>
      <ul className="mt-4 space-y-1 text-sm text-slate-700" aria-label="Limiti del piano">
        <li>{plan.maxRecordingsPerMonth} registrazioni al mese</li>
        <li>{formatMegabytes(plan.maxMBStorage)} di archivio</li>
        <li>File fino a {formatMegabytes(plan.maxFileSizeMB || DEFAULT_MAX_FILE_SIZE_MB)}</li>
        {plan.maxMinutesPerMonth !== undefined ? <li>{formatMinutes(plan.maxMinutesPerMonth)} di audio al mese</li> : null}
        {plan.maxMinutesPerFile !== undefined ? <li>Registrazioni fino a {formatMinutes(plan.maxMinutesPerFile)}</li> : null}
      </ul>
      {features.length > 0 ? (
        <ul className="mt-4 flex-1 space-y-1 border-t border-slate-100 pt-4 text-sm text-slate-700" aria-label="Funzionalità">
          {features.map((feature, index) => (
            <li key={index} className="flex gap-2">
              <span aria-hidden className="text-green-600">
                ✓
              </span>
              {featureText(feature)}
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex-1" />
      )}
      <div className="mt-6">
        <PlanAction plan={plan} mode={mode} />
      </div>
    </article>
  );
}

function PlanAction({ plan, mode }: { plan: PlanCardData; mode: PlanCardMode }): ReactNode {
  const free = plan.type === "FREE";
  if (mode.kind === "visitor") {
    return (
      <>
        <button type="button" className="btn-primary w-full" disabled data-testid="plan-button">
          {free ? MSG.loginToSelect : MSG.loginToBuy}
        </button>
        <a
          href="/login?redirectTo=%2Fsubscriptions"
          className="mt-2 block text-center text-sm font-medium text-brand-700 hover:underline"
          data-testid="plan-login-link"
          onClick={(event) => {
            event.preventDefault();
            mode.onLogin();
          }}
        >
          Accedi o registrati
        </a>
      </>
    );
  }
  if (mode.kind === "current") {
    return (
      <button type="button" className="btn-secondary w-full" disabled data-testid="plan-button">
        Piano attuale
      </button>
    );
  }
  return (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="subscriptionTypeId" value={plan.id} />
      <button
        type="submit"
        name="intent"
        value="select"
        className={plan.isPreferred ? "btn-primary w-full" : "btn-secondary w-full"}
        disabled={mode.kind === "unverified" || (mode.kind === "select" && mode.pending)}
        data-testid="plan-button"
      >
        {free ? "Seleziona" : "Acquista"}
      </button>
    </Form>
  );
}
