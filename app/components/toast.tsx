import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/** Toasts: 5000 ms by default (spec section 9); auth errors pass 7000. */
export type ToastType = "success" | "error" | "info" | "warning";
export type ToastInput = { type: ToastType; message: string; title?: string; duration?: number };
type Toast = ToastInput & { id: number };

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_AUTH_ERROR_MS = 7000;

const ToastContext = createContext<{ show: (toast: ToastInput) => void }>({ show: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

const styles: Record<ToastType, string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-blue-300 bg-blue-50 text-blue-900",
  warning: "border-yellow-300 bg-yellow-50 text-yellow-900",
};

export function ToastProvider({ children, initial }: { children: ReactNode; initial?: ToastInput | null }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((all) => [...all, { ...toast, id }]);
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
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* On phones at the bottom, so a toast never hides a dialog's title; below the header elsewhere. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex flex-col items-center gap-2 px-4 sm:bottom-auto sm:top-20 sm:items-end sm:pr-6">
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
    </ToastContext.Provider>
  );
}
