import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";
import { useAuthModal } from "./auth-modal";
import { useToast } from "./toast";

/** Initials from the first letters of up to two words of the name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

function Avatar({ user, size = "h-8 w-8 text-sm" }: { user: SessionUser; size?: string }) {
  return user.avatar ? (
    <img src={user.avatar} alt="" className={`${size} rounded-full object-cover`} referrerPolicy="no-referrer" />
  ) : (
    // Initials drawn by CSS: decoration, so the button's accessible name is the visible name alone.
    <span
      aria-hidden
      className={`grid ${size} place-items-center rounded-full bg-brand-600 font-semibold text-white before:content-[attr(data-initials)]`}
      data-initials={initials(user.name)}
      data-testid="user-initials"
    />
  );
}

/**
 * Line icons drawn inline (24×24, stroke): emoji looked different on every system and showed as
 * empty boxes where no emoji font is installed.
 */
const ICON_PATHS = {
  mail: "M3 6.75A1.75 1.75 0 0 1 4.75 5h14.5A1.75 1.75 0 0 1 21 6.75v10.5A1.75 1.75 0 0 1 19.25 19H4.75A1.75 1.75 0 0 1 3 17.25V6.75Zm0 .5 9 6 9-6",
  star: "m12 3.5 2.6 5.3 5.9.9-4.25 4.1 1 5.8L12 16.9l-5.25 2.7 1-5.8L3.5 9.7l5.9-.9L12 3.5Z",
  list: "M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01",
  card: "M3 7.5A1.5 1.5 0 0 1 4.5 6h15A1.5 1.5 0 0 1 21 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 16.5v-9ZM3 10h18M7 15h3",
  tool: "M4 20h16M6 16V9m4 7V6m4 10v-5m4 5V8",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0",
  gear: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.07-.4.1-.8.1-1.2Z",
  logout: "M15 4h3.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H15M10 16l-4-4 4-4M6 12h10",
} as const;

function MenuIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

const itemClass = "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";

/**
 * The user menu of spec 2.3. `planName`: undefined while the plan is loading (MSG.loadingPlan),
 * null when the user has none (MSG.subscribeToPlan), else the plan's name.
 */
export function UserMenu({ user, planName }: { user: SessionUser; planName?: string | null }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Opened with Enter/Space (not a click or tap): focus goes to the first item. */
  const openedByKeyboard = useRef(false);
  const { show } = useToast();
  const authModal = useAuthModal();
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const items = () => [...(ref.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      // Menu keys: arrows move between items, Home/End jump, Tab leaves and closes.
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        list[(at + step + list.length) % list.length]?.focus();
      } else if (e.key === "Home" || e.key === "End") {
        if (at === -1) return;
        e.preventDefault();
        list[e.key === "Home" ? 0 : list.length - 1]?.focus();
      } else if (e.key === "Tab" && at !== -1) {
        setOpen(false);
      }
    };
    if (openedByKeyboard.current) items()[0]?.focus();
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const close = () => setOpen(false);
  const notYet = () => {
    close();
    show({ type: "info", message: MSG.notImplemented });
  };
  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="user-menu-button"
        onClick={(e) => {
          openedByKeyboard.current = e.detail === 0;
          setOpen((v) => !v);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            openedByKeyboard.current = true;
            setOpen(true);
          }
        }}
      >
        <Avatar user={user} />
        {/* On a phone only the avatar shows: the name is then read out, not displayed. */}
        <span className="sr-only sm:not-sr-only sm:text-sm sm:font-medium">{user.name}</span>
        {!user.isEmailVerified ? <span aria-hidden className="h-2 w-2 rounded-full bg-yellow-500" title={MSG.emailNotVerified} /> : null}
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={user.name}
          className="absolute right-0 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          data-testid="user-menu"
        >
          <div className="flex items-start gap-3 border-b border-slate-100 px-3 py-3">
            <Avatar user={user} size="h-10 w-10 text-base" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{user.name}</p>
              {!user.isEmailVerified ? <span className="badge-warning mt-1">{MSG.emailNotVerified}</span> : null}
              <p className="mt-1 truncate text-sm text-slate-600">{user.email}</p>
              <p className={`text-xs ${user.isEmailVerified ? "text-green-700" : "text-yellow-700"}`} data-testid="email-status">
                {user.isEmailVerified ? "✓ Email verificata" : "In attesa di verifica"}
              </p>
            </div>
          </div>
          <div className="py-1">
            {!user.isEmailVerified ? (
              <button
                role="menuitem"
                type="button"
                className={`${itemClass} font-semibold text-yellow-800`}
                onClick={() => {
                  close();
                  authModal.open("verify-email");
                }}
                data-testid="menu-verify-email"
              >
                <MenuIcon name="mail" />
                Verifica la tua email
              </button>
            ) : null}
            <Link role="menuitem" to="/subscriptions" className={itemClass} onClick={close} data-testid="menu-plan">
              <MenuIcon name="star" />
              {planName === undefined ? MSG.loadingPlan : (planName ?? MSG.subscribeToPlan)}
            </Link>
            <Link role="menuitem" to="/my-subscriptions" className={itemClass} onClick={close}>
              <MenuIcon name="list" />
              {MSG.mySubscriptions}
            </Link>
            <Link role="menuitem" to="/my-payments" className={itemClass} onClick={close}>
              <MenuIcon name="card" />
              {MSG.myPayments}
            </Link>
            {user.role === "ADMIN" ? (
              <Link role="menuitem" to="/dashboard" className={itemClass} onClick={close} data-testid="menu-admin">
                <MenuIcon name="tool" />
                {MSG.adminDashboard}
              </Link>
            ) : null}
            <button role="menuitem" type="button" className={itemClass} onClick={notYet}>
              <MenuIcon name="user" />
              {MSG.editProfile}
            </button>
            <Link role="menuitem" to="/settings" className={itemClass} onClick={close} data-testid="menu-settings">
              <MenuIcon name="gear" />
              {MSG.settings}
            </Link>
          </div>
          <Form method="post" action="/logout" className="border-t border-slate-100 pt-1">
            <button role="menuitem" type="submit" className={`${itemClass} text-red-700 hover:bg-red-50`} data-testid="logout-button">
              <MenuIcon name="logout" />
              {MSG.logout}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
