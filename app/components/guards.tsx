import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MSG } from "~/lib/messages";
import type { SessionUser } from "~/services/session.server";
import { useAuthModal } from "./auth-modal";
import { VerifyEmailForm } from "./verify-email-form";

/**
 * The page guards of spec 2.2 as components. The server still enforces every rule on its own
 * (/api answers 401/403); these decide what the page shows.
 *
 *   <RequireVerifiedUser user={user}>...</RequireVerifiedUser>
 *   or, step by step: user ? <VerifyEmailGate user={user}>...</VerifyEmailGate> : <AccessRequired />
 */

/** MSG.accessRequired with a button that opens the login modal (a link to /login without JavaScript). */
export function AccessRequired({ title = MSG.accessRequired, message = MSG.accessRequiredHint }: { title?: string; message?: string }) {
  const { open } = useAuthModal();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <div className="page flex justify-center py-16" data-testid="access-required">
      <div className="card w-full max-w-md text-center">
        <div aria-hidden className="mx-auto grid h-12 w-12 place-items-center rounded-full bg-brand-50 text-2xl">
          🔒
        </div>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <a
          href={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="btn-primary mt-6"
          data-testid="access-required-login"
          onClick={(e) => {
            e.preventDefault();
            open("login");
          }}
        >
          Accedi
        </a>
      </div>
    </div>
  );
}

/** For a signed-in user whose e-mail is not verified: the verification form; the page reloads on success. */
export function VerifyEmailGate({ user, children }: { user: SessionUser; children: ReactNode }) {
  if (user.isEmailVerified) return <>{children}</>;
  return (
    <div className="page flex justify-center py-12" data-testid="verify-email-gate">
      <div className="card w-full max-w-md">
        <h1 className="text-center text-2xl font-bold">Verifica la tua email</h1>
        <p className="mt-2 text-center text-slate-600">{MSG.verifyEmailRequiredHint}</p>
        <div className="mt-6">
          <VerifyEmailForm email={user.email} autoFocus={false} onVerified={() => window.location.reload()} />
        </div>
      </div>
    </div>
  );
}

/** A link-styled button that opens the auth modal (falls back to /login without JavaScript). */
export function LoginLink({
  children,
  mode = "login",
  className = "btn-primary",
}: {
  children: ReactNode;
  mode?: "login" | "register";
  className?: string;
}) {
  const { open } = useAuthModal();
  return (
    <Link
      to={mode === "register" ? "/login?mode=register" : "/login"}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        open(mode);
      }}
    >
      {children}
    </Link>
  );
}
