import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { finalizeRecording } from "~/services/recording-finalize.server";
import { requireApiVerifiedUser } from "~/services/session.server";

/** POST /api/recordings/:id/finalize: assembles the chunks and queues the transcription. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiVerifiedUser(request);
  return json({ success: true, ...(await finalizeRecording(params.id, { userId: user.id })) });
});

export const loader = () => methodNotAllowed();
