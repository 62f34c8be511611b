import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, json, methodNotAllowed } from "~/services/api.server";
import { documentResponse, generateDocument, getDocumentFile } from "~/services/document.server";
import { requireApiUser } from "~/services/session.server";

/** GET /api/document/:id: downloads the Word document (file name in Content-Disposition). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return documentResponse(await getDocumentFile(params.id, { userId: user.id }));
});

/** POST /api/document/:id: generates (or refreshes) the document; returns documentPath. */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireApiUser(request);
  const file = await generateDocument(params.id, { userId: user.id });
  return json({ success: true, documentPath: file.documentPath, fileName: file.name, size: file.size });
});
