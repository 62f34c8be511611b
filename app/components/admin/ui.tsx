import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Column } from "~/components/data-table";
import { JOB_STATUS_LABEL, SUBSCRIPTION_STATUS_LABEL } from "~/lib/messages";

/** Small admin pieces: stat cards, status badges (coloured by meaning, spec 8), page header. */

export function StatCard({ label, value, hint, to, testId }: { label: string; value: ReactNode; hint?: ReactNode; to?: string; testId?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </>
  );
  const cls = "block rounded-xl border border-slate-200 bg-white p-4 shadow-sm";
  return to ? (
    <Link to={to} className={`${cls} hover:border-brand-500`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">{children}</div>;
}

const jobBadge: Record<string, string> = {
  COMPLETED: "badge-success",
  PROCESSING: "badge-warning",
  FAILED: "badge-danger",
  PENDING: "badge-neutral",
};
export function JobStatusBadge({ status }: { status: string }) {
  return <span className={jobBadge[status] ?? "badge-neutral"}>{JOB_STATUS_LABEL[status as keyof typeof JOB_STATUS_LABEL] ?? status}</span>;
}

const subBadge: Record<string, string> = {
  ACTIVE: "badge-success",
  PENDING: "badge-warning",
  EXPIRED: "badge-neutral",
  CANCELLED: "badge-danger",
  SUSPENDED: "badge-warning",
};
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <span className={subBadge[status] ?? "badge-neutral"}>
      {SUBSCRIPTION_STATUS_LABEL[status as keyof typeof SUBSCRIPTION_STATUS_LABEL] ?? status}
    </span>
  );
}

export function ActiveBadge({ active, on = "Attivo", off = "Inattivo" }: { active: boolean; on?: string; off?: string }) {
  return <span className={active ? "badge-success" : "badge-neutral"}>{active ? on : off}</span>;
}

/** The "Stato" column of the plan and user lists: active or not, sortable, with its filter. */
export function activeStatusColumn<T>(key: string, filterName: string, isActive: (row: T) => boolean): Column<T> {
  return {
    key,
    label: "Stato",
    sortKey: "isActive",
    filter: {
      name: filterName,
      kind: "select",
      options: [
        { value: "active", label: "Attivo" },
        { value: "inactive", label: "Inattivo" },
      ],
    },
    render: (row) => <ActiveBadge active={isActive(row)} />,
  };
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="page-title">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
