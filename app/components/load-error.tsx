import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * A page's error boundary when its data could not load: the spec's text for that page and a
 * 'Riprova' that reloads it.
 */
export function LoadErrorBoundary({ message, retryTo }: { message: string; retryTo: string }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="page flex justify-center py-16">
      <div className="card w-full max-w-md text-center" role="alert">
        <p className="font-medium text-red-800">{message}</p>
        <Link to={retryTo} reloadDocument className="btn-primary mt-4">
          Riprova
        </Link>
      </div>
    </div>
  );
}
