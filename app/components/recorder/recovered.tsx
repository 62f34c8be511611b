import { useEffect, useState } from "react";
import { ChunkUploader, deleteServerRecording, RecordingRefused } from "~/lib/chunk-uploader";
import { formatDateTime, formatDuration } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { deleteLocalRecording, listLocalRecordings, type LocalRecording } from "~/lib/recording-store";
import { useToast } from "../toast";
import { UploadProgress } from "./upload-progress";

/**
 * Recordings this browser still holds after a reload, a crash, a killed browser or a reboot
 * (issue 14): "Registrazione recuperata" with date and duration, "Invia la registrazione" (sends
 * what the server lacks, finalizes, then forgets the browser copy) and "Elimina".
 */
export function RecoveredRecordings({
  userId,
  activeLocalId,
  onSent,
}: {
  userId: string;
  activeLocalId?: string;
  onSent: (databaseId: string, bytes: number) => void;
}) {
  const [items, setItems] = useState<LocalRecording[]>([]);

  useEffect(() => {
    let cancelled = false;
    listLocalRecordings(userId)
      .then(async (all) => {
        // A recording that never got a chunk has nothing to recover.
        const empty = all.filter((r) => r.chunkCount === 0 && r.localId !== activeLocalId);
        await Promise.all(empty.map((r) => Promise.all([deleteServerRecording(r.serverId), deleteLocalRecording(r.localId)])));
        if (!cancelled) setItems(all.filter((r) => r.chunkCount > 0));
      })
      .catch((error: unknown) => console.warn("Archivio del browser non leggibile:", error));
    return () => {
      cancelled = true;
    };
    // Read once when the page opens: a recording started afterwards is the recorder's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const shown = items.filter((r) => r.localId !== activeLocalId);
  if (shown.length === 0) return null;
  return (
    <div className="space-y-4">
      {shown.map((r) => (
        <RecoveredCard key={r.localId} recording={r} onGone={() => setItems((list) => list.filter((x) => x.localId !== r.localId))} onSent={onSent} />
      ))}
    </div>
  );
}

function RecoveredCard({
  recording,
  onGone,
  onSent,
}: {
  recording: LocalRecording;
  onGone: () => void;
  onSent: (databaseId: string, bytes: number) => void;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<"send" | "delete">();
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string>();

  const send = async () => {
    setBusy("send");
    setError(undefined);
    const uploader = new ChunkUploader(recording);
    try {
      const databaseId = await uploader.finalize(setPercent);
      await deleteLocalRecording(recording.localId).catch(() => {});
      onGone();
      onSent(databaseId, recording.bytes);
    } catch (e) {
      const message = e instanceof RecordingRefused ? e.message : MSG.uploadError;
      setError(message);
      toast.show({ type: "error", title: MSG.uploadErrorTitle, message });
    } finally {
      uploader.close();
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setBusy("delete");
    if (!(await deleteServerRecording(recording.serverId))) {
      setBusy(undefined);
      toast.show({ type: "error", message: MSG.deleteTranscriptionError });
      return;
    }
    await deleteLocalRecording(recording.localId).catch(() => {});
    toast.show({ type: "success", message: MSG.recordingRecoveredDeleted });
    onGone();
  };

  return (
    <section className="card border-amber-300 bg-amber-50" data-testid="recovered-recording" aria-labelledby={`recovered-${recording.localId}`}>
      <h2 id={`recovered-${recording.localId}`} className="text-lg font-semibold text-slate-900">
        {MSG.recordingRecovered}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{MSG.recordingRecoveredText}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Data</dt>
          <dd data-testid="recovered-date">{formatDateTime(new Date(recording.startedAt))}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Durata</dt>
          <dd className="tabular-nums" data-testid="recovered-duration">
            {formatDuration(recording.seconds)}
          </dd>
        </div>
      </dl>
      {busy === "send" ? <UploadProgress percent={percent} /> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy !== undefined} onClick={() => void send()}>
          {busy === "send" ? MSG.recordingRecoveredSending : MSG.recordingRecoveredSend}
        </button>
        <button type="button" className="btn-ghost text-red-700 hover:bg-red-50" disabled={busy !== undefined} onClick={() => void remove()}>
          {MSG.recordingRecoveredDelete}
        </button>
      </div>
    </section>
  );
}
