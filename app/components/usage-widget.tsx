import { Link } from "@remix-run/react";
import { formatMegabytes, formatMinutes } from "~/lib/format";
import { MSG } from "~/lib/messages";
import type { UsageLimits } from "~/lib/usage";
import { UsageBar } from "./usage-bar";

export type UsageWidgetProps = {
  /** The `limits` of GET /api/subscription/limits (or getUsageLimits); null when none. */
  limits: UsageLimits | null;
  /** True when the user has no active plan ('Sottoscrizione richiesta'). */
  requiresSubscription?: boolean;
  loading?: boolean;
  /** Set when the limits could not be loaded; shows 'Impossibile caricare i limiti di sottoscrizione'. */
  error?: boolean | string | null;
  onRetry?: () => void;
};

/** Recordings, storage and audio minutes of the current month against the plan's limits (used on /record). */
export function UsageWidget({ limits, requiresSubscription, loading, error, onRetry }: UsageWidgetProps) {
  if (loading) {
    return (
      <section className="card animate-pulse" aria-busy="true" data-testid="usage-widget" data-state="loading">
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="mt-4 h-2 w-full rounded bg-slate-200" />
        <div className="mt-4 h-2 w-full rounded bg-slate-200" />
        <span className="sr-only">Caricamento...</span>
      </section>
    );
  }
  if (error) {
    return (
      <section className="card border-red-200 bg-red-50" role="alert" data-testid="usage-widget" data-state="error">
        <p className="text-sm font-medium text-red-800">{MSG.usageLimitsError}</p>
        {onRetry ? (
          <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
            Riprova
          </button>
        ) : null}
      </section>
    );
  }
  if (requiresSubscription || !limits) {
    return (
      <section className="card border-yellow-200 bg-yellow-50" data-testid="usage-widget" data-state="subscription-required">
        <p className="text-sm font-medium text-yellow-900">{MSG.subscriptionRequired}</p>
        <Link to="/subscriptions" className="btn-primary mt-3">
          {MSG.seePlans}
        </Link>
      </section>
    );
  }
  return (
    <section className="card" data-testid="usage-widget" data-state="ready" aria-label="Utilizzo del piano">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">Utilizzo di questo mese</h2>
        <span className="badge-info">{limits.subscriptionPlan.name}</span>
      </div>
      <div className="mt-4 space-y-4">
        <UsageBar label="Registrazioni" used={limits.currentRecordingsUsed} max={limits.maxRecordingsPerMonth} />
        <UsageBar label="Spazio" used={limits.currentMegabytesUsed} max={limits.maxMBStorage} format={formatMegabytes} />
        <UsageBar label="Minuti di audio" used={limits.currentMinutesUsed} max={limits.maxMinutesPerMonth} format={formatMinutes} />
      </div>
      <p className="mt-3 text-xs text-slate-500" data-testid="usage-rounding">
        {MSG.usageRounding}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Dimensione massima per file: {formatMegabytes(limits.maxFileSizeMB)} · Durata massima per file: {formatMinutes(limits.maxMinutesPerFile)}
      </p>
    </section>
  );
}
