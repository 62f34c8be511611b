import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";

/** Initials from the first letters of up to two words of the name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

export function UserMenu({ user, planName }: { user: SessionUser; planName?: string | null }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="user-menu-button"
        onClick={() => setOpen((v) => !v)}
      >
        {user.avatar ? (
          <img src={user.avatar} alt="" className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span className="grid h-8 w-8 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white">{initials(user.name)}</span>
        )}
        <span className="hidden text-sm font-medium sm:inline">{user.name}</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" data-testid="user-menu">
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="font-semibold">{user.name}</p>
            <p className="text-sm text-slate-600">{user.email}</p>
            {!user.isEmailVerified ? <span className="badge-warning mt-1">{MSG.emailNotVerified}</span> : null}
          </div>
          <Link role="menuitem" to="/subscriptions" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
            {planName === undefined ? MSG.loadingPlan : planName ?? MSG.subscribeToPlan}
          </Link>
          <Link role="menuitem" to="/my-subscriptions" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
            {MSG.mySubscriptions}
          </Link>
          <Link role="menuitem" to="/my-payments" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
            {MSG.myPayments}
          </Link>
          {user.role === "ADMIN" ? (
            <Link role="menuitem" to="/dashboard" className="block rounded-lg px-3 py-2 text-sm hover:bg-slate-100" onClick={() => setOpen(false)}>
              {MSG.adminDashboard}
            </Link>
          ) : null}
          <Form method="post" action="/logout" className="border-t border-slate-100 pt-1">
            <button role="menuitem" type="submit" className="block w-full rounded-lg px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50">
              {MSG.logout}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
