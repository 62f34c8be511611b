import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { getRecordingState } from "~/services/chunked-recording.server";

/** GET /api/recordings/:id: { status, chunksReceived } — where a resumed upload starts again. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  return json({ success: true, ...(await getRecordingState(request, params.id)) });
});

export const action = () => methodNotAllowed();
