import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { handleTranscriptionUpload } from "~/services/transcription-upload.server";

/** POST /api/transcription: multipart, field `audio`; answers { success, databaseId }. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { databaseId } = await handleTranscriptionUpload(request);
  return json({ success: true, databaseId });
});

export const loader = () => methodNotAllowed();
