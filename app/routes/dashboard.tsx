import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { requireAdminPage } from "~/services/session.server";

/**
 * The admin area: a sidebar and the sub-page. Non-admins go to "/". Wider than the public pages
 * (up to 1536 px) because its tables need the room; on phones the menu wraps onto a second line
 * instead of hiding items in a strip that does not look scrollable.
 */

export const meta: MetaFunction = () => [{ title: "Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export const ADMIN_NAV = [
  { to: "/dashboard", label: "Panoramica", end: true },
  { to: "/dashboard/users", label: "Utenti" },
  { to: "/dashboard/transcriptions", label: "Trascrizioni" },
  { to: "/dashboard/subscriptions", label: "Sottoscrizioni" },
  { to: "/dashboard/subscription-types", label: "Piani" },
  { to: "/dashboard/analytics", label: "Analisi" },
  { to: "/dashboard/audit", label: "Registro attività" },
  { to: "/dashboard/settings", label: "Impostazioni" },
];

export default function DashboardLayout() {
  return (
    <div className="mx-auto flex w-full max-w-screen-2xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:px-8">
      <aside className="lg:w-56 lg:shrink-0">
        <nav
          aria-label="Menu amministrazione"
          className="flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-2 lg:sticky lg:top-20 lg:flex-col lg:flex-nowrap"
          data-testid="admin-sidebar"
        >
          {ADMIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              prefetch="intent"
              className={({ isActive }) =>
                `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
