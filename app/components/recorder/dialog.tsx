import { useEffect, useRef, type ReactNode } from "react";
import { MSG } from "~/lib/messages";

/** A small modal: overlay click, Escape and the close button all call onClose. */
export function Dialog({ title, children, onClose, testId }: { title: string; children: ReactNode; onClose: () => void; testId: string }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    panel.current?.querySelector<HTMLElement>("button, a")?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center" onClick={onClose} data-testid={`${testId}-overlay`}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${testId}-title`}
        data-testid={testId}
        className="card w-full max-w-md"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${testId}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className="text-slate-500 hover:text-slate-800" aria-label={MSG.close} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="mt-3">{children}</div>
      </div>
    </div>
  );
}
