import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/services/session.server";

/** Unknown /dashboard/... paths go back to the overview (non-admins to "/"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  throw redirect("/dashboard");
}

export default function DashboardFallback() {
  return null;
}
