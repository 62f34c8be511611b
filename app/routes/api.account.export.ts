import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAccount } from "~/services/account/export.server";
import { apiHandler, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/account/export: verbale-dati-AAAA-MM-GG.zip with everything of the signed-in user (issue 32). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => exportAccount((await requireApiUser(request)).id));

export const action = () => methodNotAllowed();
