import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { readLiveTranscript } from "~/services/live-transcript.server";

/** GET /api/recordings/:id/live: the words transcribed so far while recording (issue 17). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  return json({ success: true, ...(await readLiveTranscript(request, params.id)) });
});

export const action = () => methodNotAllowed();
