import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthModalProvider } from "~/components/auth-modal";
import { SiteFooter } from "~/components/site-footer";
import { RecoveryBanner } from "~/components/recovery-banner";
import { SiteHeader } from "~/components/site-header";
import { ToastProvider } from "~/components/toast";
import { useNonce } from "~/lib/nonce";
import { getSessionUser } from "~/services/session.server";
import { getCurrentPlanName } from "~/services/subscriptions.server";
import { readFlashToast } from "~/services/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Verbale — Trascrizione e analisi delle riunioni" },
  { name: "description", content: "Registra le tue riunioni, ottieni trascrizione, riassunto e documento Word in italiano." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const { toast, clearHeader } = readFlashToast(request);
  // The user menu's plan entry: current plan name, or null ("Sottoscrivi un piano").
  const planName = user ? await getCurrentPlanName(user.id) : null;
  return Response.json({ user: user ?? null, toast, planName }, clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined);
}

export type RootData = {
  user: Awaited<ReturnType<typeof getSessionUser>> | null;
  toast: ReturnType<typeof readFlashToast>["toast"];
  planName: string | null;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  return (
    <ToastProvider initial={data?.toast ?? null}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Vai al contenuto
      </a>
      <AuthModalProvider user={data?.user ?? null}>
        <SiteHeader user={data?.user ?? null} planName={data?.planName ?? null} />
        <RecoveryBanner userId={data?.user?.id} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </AuthModalProvider>
    </ToastProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Shell>
      <div className="page flex flex-col items-center py-24 text-center">
        <p className="text-6xl font-bold text-brand-600">{notFound ? "404" : "Errore"}</p>
        <h1 className="mt-4 text-2xl font-semibold">{notFound ? "Pagina non trovata" : "Si è verificato un errore"}</h1>
        <p className="mt-2 text-slate-600">
          {notFound ? "La pagina che cerchi non esiste o è stata spostata." : "Errore interno del server. Riprova più tardi."}
        </p>
        <Link to="/" className="btn-primary mt-8">
          Torna alla home
        </Link>
      </div>
    </Shell>
  );
}
