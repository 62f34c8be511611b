import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { readApiResponse } from "~/lib/errors";
import { MSG } from "~/lib/messages";

/** How long 'Piano richiesto' stays visible before the redirect to /subscriptions. */
const REDIRECT_DELAY_MS = 1500;

/**
 * The 'active plan required' guard of spec 2.2. Pass `active` when the loader already knows it
 * (getActiveSubscription); leave it undefined and the guard asks /api/subscription/limits,
 * showing 'Verifica sottoscrizione...' meanwhile. Without a plan: 'Piano richiesto', then /subscriptions.
 */
export function PlanGuard({ active, children }: { active?: boolean; children: ReactNode }) {
  const [checked, setChecked] = useState<boolean | undefined>(active);
  const navigate = useNavigate();

  useEffect(() => {
    if (active !== undefined) {
      setChecked(active);
      return;
    }
    let cancelled = false;
    fetch("/api/subscription/limits", { headers: { Accept: "application/json" } })
      .then((response) => readApiResponse<{ requiresSubscription: boolean }>(response))
      .then((result) => {
        if (!cancelled) setChecked(result.ok && !result.data.requiresSubscription);
      })
      .catch(() => {
        if (!cancelled) setChecked(false);
      });
    return () => {
      cancelled = true;
    };
  }, [active]);

  useEffect(() => {
    if (checked !== false) return;
    const timer = setTimeout(() => navigate("/subscriptions"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checked, navigate]);

  if (checked === undefined) {
    return (
      <div className="page flex justify-center py-16" role="status" data-testid="plan-guard" data-state="checking">
        <p className="text-slate-600">{MSG.checkingSubscription}</p>
      </div>
    );
  }
  if (!checked) {
    return (
      <div className="page flex justify-center py-16" data-testid="plan-guard" data-state="required">
        <div className="card w-full max-w-md text-center">
          <h1 className="text-2xl font-bold">{MSG.planRequired}</h1>
          <Link to="/subscriptions" className="btn-primary mt-6">
            {MSG.seePlans}
          </Link>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
