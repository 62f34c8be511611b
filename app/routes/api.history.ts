import type { LoaderFunctionArgs } from "@remix-run/node";
import { MAX_PAGE, readInt } from "~/lib/pagination";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { HISTORY_LIMIT, listTranscriptionsPage } from "~/services/transcriptions/list.server";

/**
 * GET /api/history?search=&page=&limit=: the user's transcriptions, newest first (or best match
 * first), with pagination. Without page and limit: the first HISTORY_LIMIT (200), as before.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? params.get("q");
  const page = await listTranscriptionsPage(user.id, {
    search,
    page: readInt(params.get("page"), 1, 1, MAX_PAGE),
    limit: readInt(params.get("limit"), HISTORY_LIMIT, 1, HISTORY_LIMIT),
  });
  return json({ success: true, ...page });
});

export const action = methodNotAllowed;
