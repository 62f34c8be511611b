import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { receiveChunk } from "~/services/chunked-recording.server";

/** PUT /api/recordings/:id/chunks/:index, raw bytes: { received, duplicate }; 409 with `expected` when out of order. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  return json({ success: true, ...(await receiveChunk(request, params.id, params.index)) });
});

export const loader = () => methodNotAllowed();
