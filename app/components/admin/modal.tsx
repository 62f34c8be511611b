import { Form, Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog } from "~/components/dialog";

/**
 * A dialog whose open state is in the URL (?modal=..., ?view=..., ?confirm=...): opening is a link,
 * closing is a link back, so it works without JavaScript and survives a reload. With JavaScript,
 * Escape or a click outside closes it too.
 */
export function UrlModal({ title, closeHref, children, size = "md" }: { title: string; closeHref: string; children: ReactNode; size?: "md" | "lg" }) {
  const navigate = useNavigate();
  return (
    <Dialog title={title} closeHref={closeHref} onClose={() => navigate(closeHref, { preventScrollReset: true })} size={size}>
      {children}
    </Dialog>
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
