import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { MSG } from "~/lib/messages";
import { DownloadLink } from "./download-link";

// The Popover API (menus in the top layer, never clipped by the table's frame); React 18's types predate it.
/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration */
declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual" | "";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** One thing an admin can do to a row: open a URL (a dialog), post an intent, or download a file. */
export type RowAction =
  | { kind: "link"; label: string; to: string; danger?: boolean; testId?: string }
  | { kind: "post"; label: string; intent: string; id: string; danger?: boolean; testId?: string }
  | { kind: "download"; label: string; href: string };

const ITEM = "block w-full whitespace-nowrap rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";

/**
 * The row's actions behind one compact "Azioni" button, so the table never spends a column of
 * buttons (or pins one over the data). The menu is a native popover: it opens without
 * JavaScript (centred then), closes on Escape or a click outside; with JavaScript it sits under
 * its button and closes when the page scrolls.
 */
export function RowActionsMenu({
  menuId,
  rowLabel,
  actions,
  returnTo,
}: {
  menuId: string;
  rowLabel: string;
  actions: RowAction[];
  returnTo: string;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = menu.current;
    if (!el) return;
    const hide = () => {
      if (el.matches(":popover-open")) el.hidePopover();
    };
    window.addEventListener("scroll", hide, { passive: true, capture: true });
    return () => window.removeEventListener("scroll", hide, { capture: true });
  }, []);
  // Placed before the popover opens (the click's default action): right-aligned under the
  // button, or above it near the bottom of the window.
  function place(event: MouseEvent<HTMLButtonElement>) {
    const el = menu.current;
    if (!el) return;
    const r = event.currentTarget.getBoundingClientRect();
    const below = window.innerHeight - r.bottom > 220;
    Object.assign(el.style, {
      inset: "auto",
      margin: "0",
      right: `${Math.max(8, document.documentElement.clientWidth - r.right)}px`,
      top: below ? `${r.bottom + 4}px` : "auto",
      bottom: below ? "auto" : `${window.innerHeight - r.top + 4}px`,
    });
  }
  const closeAfter = () => menu.current?.hidePopover();
  return (
    <>
      <button type="button" popovertarget={menuId} onClick={place} className="btn-ghost px-2 py-1" data-testid="row-actions">
        {MSG.rowActions}
        <span className="sr-only"> {rowLabel}</span>
        <span aria-hidden className="ml-1 text-xs">
          ▾
        </span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- closes the menu after any choice inside (keyboard activation clicks too) */}
      <div
        id={menuId}
        ref={menu}
        popover="auto"
        onClick={closeAfter}
        className="min-w-[10rem] rounded-xl border border-slate-200 bg-white p-1 text-left shadow-lg"
        data-testid="row-actions-menu"
      >
        {actions.map((a) => {
          const tone = "danger" in a && a.danger ? "text-red-700" : "text-slate-800";
          if (a.kind === "link")
            return (
              <Link key={a.label} to={a.to} preventScrollReset className={`${ITEM} ${tone}`} data-testid={a.testId}>
                {a.label}
              </Link>
            );
          if (a.kind === "download")
            return (
              <DownloadLink key={a.label} href={a.href} successMessage={MSG.downloadDone} operation="Download" className={`${ITEM} ${tone}`}>
                {a.label}
              </DownloadLink>
            );
          return (
            <Form key={a.label} method="post">
              <input type="hidden" name="intent" value={a.intent} />
              <input type="hidden" name="id" value={a.id} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" className={`${ITEM} ${tone}`} data-testid={a.testId}>
                {a.label}
              </button>
            </Form>
          );
        })}
      </div>
    </>
  );
}
