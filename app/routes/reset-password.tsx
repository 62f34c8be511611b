import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** Without a token in the query the page redirects home (spec 2.1). The form comes with the accounts issue. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) throw redirect("/");
  return { token };
}

export default function ResetPassword() {
  return (
    <div className="page max-w-md">
      <h1 className="page-title">Reimposta la password</h1>
    </div>
  );
}
