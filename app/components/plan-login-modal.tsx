import { useEffect, useRef } from "react";
import { useAuthModal } from "./auth-modal";

/**
 * The plan-selection login modal of spec 2.1: tells a visitor that choosing a plan needs an
 * account, then hands over to the auth modal in login or register mode.
 */
export function PlanLoginModal({ planName, onClose }: { planName: string; onClose: () => void }) {
  const auth = useAuthModal();
  const dialog = useRef<HTMLDivElement>(null);
  // The parent passes a new onClose on every render: read it through a ref so the effect runs once
  // (re-running it would pull the focus back to the dialog on each render).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
      if (event.key !== "Tab" || !dialog.current) return;
      // Keep Tab and Shift+Tab inside the dialog.
      const items = Array.from(dialog.current.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]"));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      // Back to the link that opened the dialog, unless the auth modal took the focus.
      if (opener && document.activeElement === document.body) opener.focus();
    };
  }, []);
  const go = (mode: "login" | "register") => {
    onClose();
    auth.open(mode);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes; the keyboard closes with Escape (document listener)
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose} data-testid="plan-login-modal">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- only stops a click inside from reaching the backdrop */}
      <div
        ref={dialog}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="plan-login-title"
        className="card w-full max-w-sm outline-none"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="plan-login-title" className="text-lg font-semibold">
          Accedi per scegliere un piano
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Per attivare il piano <strong>{planName}</strong> accedi al tuo account o creane uno nuovo.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <button type="button" className="btn-primary" onClick={() => go("login")}>
            Accedi
          </button>
          <button type="button" className="btn-secondary" onClick={() => go("register")}>
            Registrati
          </button>
          <button type="button" className="btn-ghost" onClick={onClose}>
            Annulla
          </button>
        </div>
      </div>
    </div>
  );
}
