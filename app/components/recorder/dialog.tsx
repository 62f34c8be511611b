import { useEffect, useRef, type ReactNode } from "react";
import { MSG } from "~/lib/messages";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";

/**
 * A small modal: overlay click, Escape and the close button all call onClose. Focus moves to the
 * dialog's main action, Tab stays inside, the page behind does not scroll, and on closing focus
 * goes back to where it was (when that element is still on the page).
 */
export function Dialog({ title, children, onClose, testId }: { title: string; children: ReactNode; onClose: () => void; testId: string }) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== "Tab" || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!panel.current.contains(document.activeElement)) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    // The last button of the actions row is the main one ("Invia", "Chiudi", "Sì"...).
    const actions = panel.current?.querySelectorAll<HTMLElement>("[data-dialog-body] a[href], [data-dialog-body] button:not([disabled])");
    (actions && actions.length ? actions[actions.length - 1] : panel.current?.querySelector<HTMLElement>("button, a"))?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      if (previous && previous !== document.body && previous.isConnected && !(previous as HTMLButtonElement).disabled) previous.focus();
    };
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes; the keyboard closes with Escape (document listener)
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center" onClick={onClose} data-testid={`${testId}-overlay`}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- only stops a click inside from reaching the backdrop */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${testId}-title`}
        data-testid={testId}
        className="card max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${testId}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="-mr-2 -mt-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800" aria-label={MSG.close} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="mt-3" data-dialog-body>
          {children}
        </div>
      </div>
    </div>
  );
}
