import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";
import { useAuthModal } from "./auth-modal";
import { useToast } from "./toast";

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

function Avatar({ user, size = "h-8 w-8 text-sm" }: { user: SessionUser; size?: string }) {
  return user.avatar ? (
    <img src={user.avatar} alt="" className={`${size} rounded-full object-cover`} referrerPolicy="no-referrer" />
  ) : (
    <span className={`grid ${size} place-items-center rounded-full bg-brand-600 font-semibold text-white`} data-testid="user-initials">
      {initials(user.name)}
    </span>
  );
}

const itemClass = "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";

/**
 * The user menu of spec 2.3. `planName`: undefined while the plan is loading (MSG.loadingPlan),
 * null when the user has none (MSG.subscribeToPlan), else the plan's name.
 */
export function UserMenu({ user, planName }: { user: SessionUser; planName?: string | null }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { show } = useToast();
  const authModal = useAuthModal();
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  const notYet = () => {
    close();
    show({ type: "info", message: MSG.notImplemented });
  };
  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Menu utente di ${user.name}`}
        data-testid="user-menu-button"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} />
        <span className="hidden text-sm font-medium sm:inline">{user.name}</span>
        {!user.isEmailVerified ? (
          <span aria-hidden className="h-2 w-2 rounded-full bg-yellow-500" title={MSG.emailNotVerified} />
        ) : null}
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" data-testid="user-menu">
          <div className="flex items-start gap-3 border-b border-slate-100 px-3 py-3">
            <Avatar user={user} size="h-10 w-10 text-base" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{user.name}</p>
              {!user.isEmailVerified ? <span className="badge-warning mt-1">{MSG.emailNotVerified}</span> : null}
              <p className="mt-1 truncate text-sm text-slate-600">{user.email}</p>
              <p className={`text-xs ${user.isEmailVerified ? "text-green-700" : "text-yellow-700"}`} data-testid="email-status">
                {user.isEmailVerified ? "✓ Email verificata" : "In attesa di verifica"}
              </p>
            </div>
          </div>
          <div className="py-1">
            {!user.isEmailVerified ? (
              <button
                role="menuitem"
                type="button"
                className={`${itemClass} font-semibold text-yellow-800`}
                onClick={() => {
                  close();
                  authModal.open("verify-email");
                }}
                data-testid="menu-verify-email"
              >
                <span aria-hidden>✉️</span>
                Verifica la tua email
              </button>
            ) : null}
            <Link role="menuitem" to="/subscriptions" className={itemClass} onClick={close} data-testid="menu-plan">
              <span aria-hidden>⭐</span>
              {planName === undefined ? MSG.loadingPlan : planName ?? MSG.subscribeToPlan}
            </Link>
            <Link role="menuitem" to="/my-subscriptions" className={itemClass} onClick={close}>
              <span aria-hidden>📋</span>
              {MSG.mySubscriptions}
            </Link>
            <Link role="menuitem" to="/my-payments" className={itemClass} onClick={close}>
              <span aria-hidden>💳</span>
              {MSG.myPayments}
            </Link>
            {user.role === "ADMIN" ? (
              <Link role="menuitem" to="/dashboard" className={itemClass} onClick={close} data-testid="menu-admin">
                <span aria-hidden>🛠️</span>
                {MSG.adminDashboard}
              </Link>
            ) : null}
            <button role="menuitem" type="button" className={itemClass} onClick={notYet}>
              <span aria-hidden>👤</span>
              {MSG.editProfile}
            </button>
            <button role="menuitem" type="button" className={itemClass} onClick={notYet}>
              <span aria-hidden>⚙️</span>
              {MSG.settings}
            </button>
          </div>
          <Form method="post" action="/logout" className="border-t border-slate-100 pt-1">
            <button role="menuitem" type="submit" className={`${itemClass} text-red-700 hover:bg-red-50`} data-testid="logout-button">
              <span aria-hidden>↩</span>
              {MSG.logout}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
