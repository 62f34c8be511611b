import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled])";

/**
 * A dialog whose open state is in the URL (?modal=..., ?view=..., ?confirm=...): opening is a link,
 * closing is a link back, so it works without JavaScript and survives a reload. With JavaScript,
 * Escape closes it and focus moves inside.
 */
export function UrlModal({ title, closeHref, children, size = "md" }: { title: string; closeHref: string; children: ReactNode; size?: "md" | "lg" }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(closeHref);
  closeRef.current = closeHref;
  // Opening: focus the first field of a form, else the dialog itself (its title is read out);
  // closing: focus goes back to the link that opened it. Tab and Shift+Tab stay inside.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const field = ref.current?.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])");
    (field ?? ref.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        navigate(closeRef.current, { preventScrollReset: true });
        return;
      }
      if (e.key !== "Tab" || !ref.current) return;
      const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!ref.current.contains(document.activeElement) || document.activeElement === ref.current) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      // The opener is usually still in the table; give it focus back a tick later, once the
      // navigation that closed the dialog has rendered.
      const back = previous && previous !== document.body ? previous : null;
      setTimeout(() => {
        const active = document.activeElement;
        if (back?.isConnected && (!active || active === document.body)) back.focus({ preventScroll: true });
      }, 0);
    };
  }, [navigate]);
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
          <Link to={closeHref} preventScrollReset className="btn-ghost -mr-2 -mt-1 px-2 py-1" aria-label="Chiudi finestra">
            ✕
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * A URL modal that confirms one action on one row: the question, optional fields, and a form
 * posting intent, id and the list URL to return to (the route's action handles the intent).
 */
export function ConfirmModal({
  title,
  closeHref,
  intent,
  id,
  submitLabel,
  question,
  children,
}: {
  title: string;
  closeHref: string;
  intent: string;
  id: string;
  submitLabel: string;
  question: ReactNode;
  /** Extra fields posted with the form (e.g. a reason). */
  children?: ReactNode;
}) {
  return (
    <UrlModal title={title} closeHref={closeHref}>
      {question}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="returnTo" value={closeHref} />
        {children}
        <div className="flex justify-end gap-2">
          <Link to={closeHref} className="btn-secondary" preventScrollReset>
            Annulla
          </Link>
          <button type="submit" className="btn-danger">
            {submitLabel}
          </button>
        </div>
      </Form>
    </UrlModal>
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
