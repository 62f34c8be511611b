import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

/** Toasts: 5000 ms by default (spec section 9); auth errors pass 7000. */
export type ToastType = "success" | "error" | "info" | "warning";
export type ToastInput = { type: ToastType; message: string; title?: string; duration?: number };
type Toast = ToastInput & { id: number };

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_AUTH_ERROR_MS = 7000;

/** At most this many at once: a burst of messages replaces the oldest instead of piling up. */
const MAX_VISIBLE = 3;

type ToastContextValue = { show: (toast: ToastInput) => void; setOutlet: (outlet: HTMLElement | null, previous: HTMLElement | null) => void };

const ToastContext = createContext<ToastContextValue>({ show: () => {}, setOutlet: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

/**
 * A callback ref for an open modal dialog: while it is mounted, toasts are drawn inside it (a
 * modal dialog sits in the top layer and makes the page inert, so a toast outside would be hidden
 * behind its overlay and never read out).
 */
export function useToastOutlet() {
  const { setOutlet } = useContext(ToastContext);
  const current = useRef<HTMLElement | null>(null);
  return useCallback(
    (el: HTMLElement | null) => {
      setOutlet(el, current.current);
      current.current = el;
    },
    [setOutlet],
  );
}

const styles: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  warning: "border-yellow-300 bg-yellow-50 text-yellow-900",
};

export function ToastProvider({ children, initial }: { children: ReactNode; initial?: ToastInput | null }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [outlets, setOutlets] = useState<HTMLElement[]>([]);
  const setOutlet = useCallback((outlet: HTMLElement | null, previous: HTMLElement | null) => {
    setOutlets((all) => {
      const rest = all.filter((o) => o !== previous);
      return outlet ? [...rest, outlet] : rest;
    });
  }, []);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { ...toast, id }].slice(-MAX_VISIBLE));
      setTimeout(() => dismiss(id), toast.duration ?? TOAST_DEFAULT_MS);
    },
    [dismiss],
  );
  const shownInitial = useRef<ToastInput | null>(null);
  useEffect(() => {
    if (initial && shownInitial.current !== initial) {
      shownInitial.current = initial;
      show(initial);
    }
  }, [initial, show]);
  const value = useMemo(() => ({ show, setOutlet }), [show, setOutlet]);
  const outlet = outlets[outlets.length - 1];
  // Bottom right (bottom centre on phones): clear of the header's buttons and the user menu, and
  // of a dialog's title and close button.
  const toastList = (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-6"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === "error" ? "alert" : "status"}
          data-testid="toast"
          className={`pointer-events-auto w-full max-w-sm rounded-xl border px-4 py-3 shadow-lg ${styles[toast.type]}`}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
              <p className="text-sm">{toast.message}</p>
            </div>
            <button type="button" className="text-sm opacity-70 hover:opacity-100" aria-label="Chiudi notifica" onClick={() => dismiss(toast.id)}>
              ✕
            </button>
          </div>
        </div>
      ))}
    </div>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {outlet ? createPortal(toastList, outlet) : toastList}
    </ToastContext.Provider>
  );
}
