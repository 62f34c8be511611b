import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportAccount } from "~/services/account/export.server";
import type { PacingWritable } from "~/services/zip-stream.server";
import { apiHandler, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/account/export: verbale-dati-AAAA-MM-GG.zip with everything of the signed-in user (issue 32). */
export const loader = apiHandler(async ({ request, context }: LoaderFunctionArgs) =>
  exportAccount((await requireApiUser(request)).id, (context as { response?: PacingWritable }).response),
);

export const action = () => methodNotAllowed();
