import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { reanalyzeTranscription } from "~/services/pipeline.server";
import { requireApiVerifiedUser } from "~/services/session.server";

/** POST /api/analyze/:id: queues a new analysis of the owner's completed transcription. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiVerifiedUser(request);
  const { status } = await reanalyzeTranscription(user.id, params.id ?? "");
  return json({ success: true, databaseId: params.id, status }, 202);
});

export const loader = () => methodNotAllowed();
