import { Dialog } from "./dialog";
import { useAuthModal } from "./auth-modal";

/**
 * The plan-selection login modal of spec 2.1: tells a visitor that choosing a plan needs an
 * account, then hands over to the auth modal in login or register mode.
 */
export function PlanLoginModal({ planName, onClose }: { planName: string; onClose: () => void }) {
  const auth = useAuthModal();
  const go = (mode: "login" | "register") => {
    onClose();
    auth.open(mode);
  };
  return (
    <Dialog title="Accedi per scegliere un piano" onClose={onClose} size="sm" initialFocus="panel" testId="plan-login-modal">
      <p className="text-sm text-slate-600">
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
    </Dialog>
  );
}
