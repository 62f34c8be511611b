import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { listTranscriptions } from "~/services/transcriptions.server";

/** GET /api/history?search=: the user's transcriptions, newest first (or best match first). */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? url.searchParams.get("q");
  return json({ success: true, transcriptions: await listTranscriptions(user.id, { search }) });
});

export const action = methodNotAllowed;
