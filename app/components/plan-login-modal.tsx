import { useEffect, useRef } from "react";
import { useAuthModal } from "./auth-modal";

/**
 * The plan-selection login modal of spec 2.1: tells a visitor that choosing a plan needs an
 * account, then hands over to the auth modal in login or register mode.
 */
export function PlanLoginModal({ planName, onClose }: { planName: string; onClose: () => void }) {
  const auth = useAuthModal();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const go = (mode: "login" | "register") => {
    onClose();
    auth.open(mode);
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4" onClick={onClose} data-testid="plan-login-modal">
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
