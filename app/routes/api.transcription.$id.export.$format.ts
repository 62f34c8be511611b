import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_FORMATS, isExportFormat, renderExport } from "~/lib/exports";
import { apiHandler, methodNotAllowed, notFound } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";
import { contentDisposition, downloadNames } from "~/services/http-download.server";
import { getTranscriptionDetail } from "~/services/transcriptions/detail.server";

/** GET /api/transcription/:id/export/(txt|srt|vtt): the transcript as text or subtitles. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const detail = await getTranscriptionDetail(params.id, { userId: user.id });
  if (!isExportFormat(params.format)) throw notFound();
  const format = EXPORT_FORMATS[params.format];
  const t = detail.transcription;
  const title = detail.analysis?.title || t.title;
  const body = renderExport(params.format, {
    title,
    text: t.text,
    segments: t.segments,
    decisions: detail.analysis?.decisions,
    actionItems: detail.analysis?.actionItems,
  });
  const { name, ascii } = downloadNames(title, format.extension, `trascrizione.${format.extension}`);
  return new Response(body, {
    headers: {
      "Content-Type": format.contentType,
      "Content-Disposition": contentDisposition(name, ascii),
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
