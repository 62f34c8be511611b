import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { downloadFile } from "~/lib/download";
import { formatBytes, formatDate, formatDateTime, formatDuration } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import type { TranscriptionListItem } from "~/services/transcriptions/list.server";
import type { HighlightPart } from "~/services/transcriptions/search.server";
import { StatusBadge } from "./status-badge";
import { useToast } from "./toast";

export function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="rounded bg-yellow-200 px-0.5 text-inherit" data-testid="search-match">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** One recording in the /recordings grid: title, date, duration, size, status; View, Download audio, Delete. */
export function RecordingCard({ item, deleteHref }: { item: TranscriptionListItem; deleteHref: string }) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const title = item.title || item.originalName;
  const titleParts = item.highlight?.title.some((p) => p.match) ? item.highlight.title : null;
  const snippet = item.highlight?.text.some((p) => p.match) ? item.highlight.text : null;
  const audioUrl = `/api/audio/${item.id}`;
  return (
    <article className="card flex flex-col gap-3 p-5" data-testid="recording-card" data-id={item.id}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="line-clamp-2 min-w-0 break-words font-semibold text-slate-900">{titleParts ? <Highlighted parts={titleParts} /> : title}</h2>
        <StatusBadge status={item.status} />
      </div>
      {snippet ? (
        <p className="line-clamp-3 text-sm text-slate-600" data-testid="search-snippet">
          <Highlighted parts={snippet} />
        </p>
      ) : item.excerpt ? (
        <p className="line-clamp-2 text-sm text-slate-600">{item.excerpt}</p>
      ) : null}
      <dl className="grid grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] gap-3 text-xs text-slate-600">
        <div>
          <dt className="font-medium text-slate-500">Data</dt>
          <dd>{formatDateTime(item.createdAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Durata</dt>
          <dd className="tabular-nums">{formatDuration(item.duration)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Dimensione</dt>
          <dd className="tabular-nums">{formatBytes(item.fileSize)}</dd>
        </div>
      </dl>
      {item.status === "RECORDING" ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="recording-interrupted">
          {MSG.recordingInterrupted}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {item.status === "RECORDING" ? (
          <Form method="post" action="/recordings" className="flex-1">
            <input type="hidden" name="intent" value="finalize" />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className="btn-primary w-full" data-testid="recording-finalize">
              {MSG.recordingFinalize}
            </button>
          </Form>
        ) : (
          <Link to={`/transcription/${item.id}`} className="btn-primary flex-1" prefetch="intent">
            Visualizza
          </Link>
        )}
        {item.status === "RECORDING" ? null : item.audioDeletedAt ? (
          <span className="self-center text-xs text-slate-500" data-testid="audio-deleted">
            {PRIVACY_TEXT.audioDeletedOn(formatDate(item.audioDeletedAt))}
          </span>
        ) : (
          <a
            href={audioUrl}
            className="btn-secondary"
            aria-busy={downloading || undefined}
            aria-label={`Scarica audio di ${title}`}
            onClick={async (event) => {
              event.preventDefault();
              setDownloading(true);
              const ok = await downloadFile(audioUrl, item.originalName || "audio");
              setDownloading(false);
              toast.show(ok ? { type: "success", message: MSG.downloadStarted } : { type: "error", message: MSG.audioDownloadError });
            }}
          >
            Scarica audio
          </a>
        )}
        <Link to={deleteHref} className="btn-ghost text-red-700 hover:bg-red-50" preventScrollReset aria-label={`Elimina ${title}`}>
          Elimina
        </Link>
      </div>
    </article>
  );
}
