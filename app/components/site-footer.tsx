import { Link } from "@remix-run/react";

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <nav aria-label="Link legali" className="flex flex-wrap gap-4">
          <Link to="/privacy-policy" className="hover:text-brand-700">
            Privacy
          </Link>
          <Link to="/terms-of-service" className="hover:text-brand-700">
            Termini di servizio
          </Link>
          <Link to="/support" className="hover:text-brand-700">
            Supporto
          </Link>
        </nav>
        <p>© {new Date().getFullYear()} Verbale. Tutti i diritti riservati.</p>
      </div>
    </footer>
  );
}
