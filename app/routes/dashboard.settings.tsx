import type { LoaderFunctionArgs } from "@remix-run/node";
import { PageHeader } from "~/components/admin/ui";
import { MSG } from "~/lib/messages";
import { requireAdminPage } from "~/services/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export default function DashboardSettings() {
  return (
    <div>
      <PageHeader title="Impostazioni" />
      <div className="card text-center text-slate-600">{MSG.toImplement}</div>
    </div>
  );
}
