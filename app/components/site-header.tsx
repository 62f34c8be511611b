import { Link, NavLink } from "@remix-run/react";
import { useState } from "react";
import type { SessionUser } from "~/services/session.server";
import { useAuthModal } from "./auth-modal";
import { UserMenu } from "./user-menu";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;

export function SiteHeader({ user, planName }: { user: SessionUser | null; planName?: string | null }) {
  const [open, setOpen] = useState(false);
  const authModal = useAuthModal();
  const links = [
    { to: "/", label: "Home", end: true },
    { to: "/subscriptions", label: "Piani" },
    { to: "/record", label: "Registra" },
    ...(user ? [{ to: "/recordings", label: "Trascrizioni" }] : []),
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          {/* The mark is drawn by CSS, so the link's name is its visible text. */}
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white before:content-['V']" />
          Verbale
        </Link>
        <nav aria-label="Navigazione principale" className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass} prefetch="intent">
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenu user={user} planName={planName} />
          ) : (
            <Link
              to="/login"
              className="btn-primary"
              data-testid="login-button"
              onClick={(e) => {
                // With JavaScript the modal opens in place; without, /login is a plain page.
                e.preventDefault();
                authModal.open("login");
              }}
            >
              Accedi
            </Link>
          )}
          <button
            type="button"
            className="btn-ghost md:hidden"
            aria-expanded={open}
            aria-controls="mobile-nav"
            aria-label="Apri menu di navigazione"
            onClick={() => setOpen((v) => !v)}
          >
            ☰
          </button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-nav" aria-label="Navigazione mobile" className="border-t border-slate-200 px-4 py-2 md:hidden">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={(s) => `block ${linkClass(s)}`} onClick={() => setOpen(false)}>
              {l.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </header>
  );
}
