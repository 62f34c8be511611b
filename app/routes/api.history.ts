import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { HISTORY_LIMIT, listTranscriptionsPage } from "~/services/transcriptions.server";

/** A positive integer query parameter, else undefined (a bad value falls back to the default). */
function positive(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/**
 * GET /api/history?search=&page=&limit=: the user's transcriptions, newest first (or best match
 * first), with pagination. Without page and limit: the first HISTORY_LIMIT (200), as before.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? params.get("q");
  const page = await listTranscriptionsPage(user.id, { search, page: positive(params.get("page")), limit: positive(params.get("limit")) ?? HISTORY_LIMIT });
  return json({ success: true, ...page });
});

export const action = methodNotAllowed;
