import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { downloadFile } from "~/lib/download";
import { EDIT_TEXT, MSG } from "~/lib/messages";
import { EmailForm, type EmailActionResult } from "./email-form";
import { useToast } from "./toast";

/** What the result page's action answers to "generate" (the e-mail form has its own). */
export type GenerateResult = { intent: "generate"; ok: boolean; message?: string; documentPath?: string };

/**
 * The result page's "Documento" card: generate the Word document, then download it or send it
 * by e-mail; and the transcript exports. On a phone they come right after the player, before the
 * long transcript.
 */
export function DocumentActions({
  transcriptionId,
  documentPath,
  documentStale,
  generateResult,
  emailResult,
}: {
  transcriptionId: string;
  documentPath: string | null;
  documentStale: boolean;
  generateResult?: GenerateResult;
  emailResult?: EmailActionResult;
}) {
  const navigation = useNavigation();
  const toast = useToast();
  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const [downloading, setDownloading] = useState(false);
  return (
    <>
      <section className="card space-y-3" aria-labelledby="actions-heading" data-testid="document-actions">
        <h2 id="actions-heading" className="text-lg font-semibold">
          Documento
        </h2>
        {documentPath ? (
          <>
            <a
              href={documentPath}
              className="btn-primary w-full"
              data-testid="download-document"
              aria-busy={downloading || undefined}
              onClick={async (event) => {
                event.preventDefault();
                setDownloading(true);
                const ok = await downloadFile(documentPath, "document.docx");
                setDownloading(false);
                if (!ok) toast.show({ type: "error", message: MSG.documentDownloadError });
              }}
            >
              {MSG.downloadDocument}
            </a>
            <details className="group rounded-xl border border-slate-200" data-testid="email-section">
              <summary className="btn-secondary w-full cursor-pointer list-none">{MSG.sendByEmail}</summary>
              <div className="p-4">
                <EmailForm transcriptionId={transcriptionId} hasDocument serverResult={emailResult} />
              </div>
            </details>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="generate" />
            <button type="submit" className="btn-primary w-full" disabled={generating} data-testid="generate-document">
              {generating ? "Generazione in corso..." : MSG.generateDocument}
            </button>
          </Form>
        )}
        {documentStale ? (
          <p className="text-sm text-amber-800" data-testid="document-stale">
            {EDIT_TEXT.staleDocument}
          </p>
        ) : null}
        {generateResult && !generateResult.ok ? (
          <p role="alert" className="text-sm text-red-700">
            {generateResult.message}
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="exports-heading">
        <h2 id="exports-heading" className="text-lg font-semibold">
          Esporta la trascrizione
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          {(["txt", "srt", "vtt"] as const).map((format) => (
            <a key={format} href={`/api/transcription/${transcriptionId}/export/${format}`} className="btn-secondary" download>
              {format.toUpperCase()}
            </a>
          ))}
        </div>
      </section>
    </>
  );
}
