import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { startRecording } from "~/services/chunked-recording.server";

/** POST /api/recordings { mimeType? }: opens a recording that arrives in chunks (decision 009). */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  return json({ success: true, ...(await startRecording(request)) });
});

export const loader = () => methodNotAllowed();
