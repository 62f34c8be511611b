import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A dialog whose open state is in the URL (?modal=..., ?view=..., ?confirm=...): opening is a link,
 * closing is a link back, so it works without JavaScript and survives a reload. With JavaScript,
 * Escape closes it and focus moves inside.
 */
export function UrlModal({ title, closeHref, children, size = "md" }: { title: string; closeHref: string; children: ReactNode; size?: "md" | "lg" }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4">
      <Link to={closeHref} preventScrollReset className="absolute inset-0" aria-label="Chiudi" tabIndex={-1} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl outline-none sm:rounded-2xl ${size === "lg" ? "sm:max-w-3xl" : "sm:max-w-lg"}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="modal-title" className="text-lg font-semibold">
            {title}
          </h2>
          <Link to={closeHref} preventScrollReset className="btn-ghost px-2 py-1" aria-label="Chiudi finestra">
            ✕
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Label/value rows of a detail modal. */
export function DetailList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium text-slate-900 break-words">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
