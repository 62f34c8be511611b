import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { getTranscriptionProgress, progressEventStream } from "~/services/pipeline.server";
import { requireApiUser } from "~/services/session.server";

/**
 * GET /api/transcription/:id/progress: { status, stage, progress, errorMessage } for the owner
 * (404 for anyone else); with "Accept: text/event-stream", the same as server-sent events.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const id = params.id ?? "";
  const progress = await getTranscriptionProgress(user.id, id);
  if (request.headers.get("Accept")?.includes("text/event-stream")) {
    return progressEventStream(user.id, id, progress, request.signal);
  }
  return json({ success: true, ...progress });
});

export const action = methodNotAllowed;
