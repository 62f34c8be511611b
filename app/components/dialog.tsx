import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { MSG } from "~/lib/messages";
import { useToastOutlet } from "./toast";

const FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

export type DialogFocus = "first-field" | "first-action" | "last-action" | "panel";

/**
 * The app's one dialog: a native <dialog> opened with showModal(), so the browser puts it in the
 * top layer over the whole viewport (no ancestor's margin, overflow or z-index can leave a strip
 * undimmed), makes the page behind inert and handles Tab. Rendered on the server with `open`, it
 * is already visible before JavaScript loads (then a link closes it: `closeHref`).
 *
 * Escape, the ✕ and a click on the dimmed area call onClose; the page behind does not scroll; focus
 * goes to `initialFocus` (the first field by default) and back to the opener when it closes.
 * Toasts shown while it is open appear inside it, above the overlay, not behind it.
 */
export function Dialog({
  title,
  children,
  onClose,
  closeHref,
  size = "md",
  initialFocus = "first-field",
  role = "dialog",
  describedBy,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** Where the ✕ leads without JavaScript (URL-driven dialogs). */
  closeHref?: string;
  size?: "sm" | "md" | "lg";
  initialFocus?: DialogFocus;
  role?: "dialog" | "alertdialog";
  describedBy?: string;
  testId?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const titleId = useId();
  const toastOutlet = useToastOutlet();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Server-rendered `open` is a non-modal dialog: reopen it as a modal one.
    if (el.open) el.close();
    el.showModal();
    const actions = [
      ...(panel.current?.querySelectorAll<HTMLElement>("[data-dialog-body] a[href], [data-dialog-body] button:not([disabled])") ?? []),
    ];
    const target =
      initialFocus === "first-field"
        ? panel.current?.querySelector<HTMLElement>(FIELD)
        : initialFocus === "first-action"
          ? actions[0]
          : initialFocus === "last-action"
            ? actions.pop()
            : null;
    (target ?? panel.current)?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    // A second Escape without user activation may close it natively anyway: keep React in step.
    // (The close() of a server-rendered dialog queues a close event too: by then it is open again.)
    const onNativeClose = () => {
      if (!el.open) close.current();
    };
    el.addEventListener("cancel", onCancel);
    el.addEventListener("close", onNativeClose);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      el.removeEventListener("cancel", onCancel);
      el.removeEventListener("close", onNativeClose);
      if (el.open) el.close();
      document.body.style.overflow = overflow;
      // A tick later, once whatever closed the dialog (often a navigation) has rendered.
      setTimeout(() => {
        const active = document.activeElement;
        if (previous?.isConnected && !(previous as HTMLButtonElement).disabled && (!active || active === document.body))
          previous.focus({ preventScroll: true });
      }, 0);
    };
    // Opened once per mount; initialFocus is read at opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The dialog element is the dimmed full-viewport area; the panel sits inside it.
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close.current();
  };
  const width = size === "lg" ? "sm:max-w-3xl" : size === "sm" ? "sm:max-w-md" : "sm:max-w-lg";
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the dimmed area closes; the keyboard closes with Escape (the dialog's cancel event)
    <dialog
      ref={dialog}
      open
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClick={onBackdrop}
      data-testid={testId ? `${testId}-overlay` : undefined}
      className="fixed inset-0 z-50 !m-0 flex h-full max-h-none w-full max-w-none items-end justify-center bg-slate-900/50 p-0 backdrop:bg-transparent sm:items-center sm:p-4"
    >
      <div
        ref={panel}
        tabIndex={-1}
        data-testid={testId}
        className={`relative max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 text-left shadow-xl outline-none sm:rounded-2xl ${width}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {closeHref ? (
            <Link
              to={closeHref}
              preventScrollReset
              className="-mr-2 -mt-1 rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={MSG.close}
              data-close
            >
              ✕
            </Link>
          ) : (
            <button
              type="button"
              className="-mr-2 -mt-1 rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={MSG.close}
              onClick={() => close.current()}
              data-close
            >
              ✕
            </button>
          )}
        </div>
        <div data-dialog-body>{children}</div>
      </div>
      <div ref={toastOutlet} />
    </dialog>
  );
}
