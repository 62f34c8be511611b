import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { audioResponse } from "~/services/transcriptions/audio.server";

/** GET /api/audio/:id: the recording, with Range support for seeking. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return audioResponse(params.id, { userId: user.id }, request);
});

export const action = methodNotAllowed;
