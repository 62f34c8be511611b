import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { ChunkUploader, deleteServerRecording, RecordingRefused, type UploaderStatus } from "~/lib/chunk-uploader";
import type { AudioSource } from "~/lib/audio-source";
import { isRetryableStatus } from "~/lib/errors";
import type { MeetingDetails } from "~/lib/meeting";
import { MSG } from "~/lib/messages";
import type { RecorderEvent, RecorderState } from "~/lib/recorder-machine";
import { appendChunk, createLocalRecording, deleteLocalRecording, readWholeRecording } from "~/lib/recording-store";
import { useToast } from "../toast";

/** The recording in progress: its browser copy, the upload of its chunks, the order of the writes. */
export type ActiveRecording = {
  localId: string;
  uploader: ChunkUploader;
  nextIndex: number;
  writes: Promise<unknown>;
  bytes: number;
};

type Options = {
  state: RecorderState;
  dispatch: Dispatch<RecorderEvent>;
  onUploaded: (databaseId: string, bytes: number) => void;
  onActiveRecording?: (localId: string | undefined) => void;
};

const IDLE: UploaderStatus = { pending: 0, online: true };

/**
 * Every chunk goes to IndexedDB first (in order), then to the server (decision 009); "Invia"
 * sends the rest and finalizes; the browser copy is deleted only once the server confirmed.
 */
export function useChunkUpload({ state, dispatch, onUploaded, onActiveRecording }: Options) {
  const active = useRef<ActiveRecording>();
  const [upload, setUpload] = useState<UploaderStatus>(IDLE);
  const toast = useToast();

  const begin = useCallback(
    async (
      userId: string,
      serverId: string | undefined,
      mimeType: string,
      source?: AudioSource,
      meeting?: MeetingDetails,
    ): Promise<ActiveRecording> => {
      const local = {
        localId: crypto.randomUUID(),
        userId,
        serverId,
        mimeType,
        source,
        startedAt: Date.now(),
        seconds: 0,
        chunkCount: 0,
        uploaded: 0,
        bytes: 0,
        ...(meeting ? { meeting } : {}),
      };
      await createLocalRecording(local).catch((error: unknown) => console.warn("Archivio del browser non disponibile:", error));
      const current: ActiveRecording = {
        localId: local.localId,
        uploader: new ChunkUploader(local, setUpload),
        nextIndex: 0,
        writes: Promise.resolve(),
        bytes: 0,
      };
      active.current = current;
      onActiveRecording?.(local.localId);
      return current;
    },
    [onActiveRecording],
  );

  const addChunk = useCallback((current: ActiveRecording, data: Blob, seconds: number) => {
    const index = current.nextIndex++;
    current.bytes += data.size;
    current.writes = current.writes
      .then(() => appendChunk(current.localId, index, data, seconds))
      .then(() => current.uploader.notify(index + 1, seconds))
      .catch((error: unknown) => console.error("Parte della registrazione non salvata:", error));
  }, []);

  /** The user discarded the recording: the server's copy and the browser's go. */
  const forget = useCallback(() => {
    const current = active.current;
    active.current = undefined;
    onActiveRecording?.(undefined);
    setUpload(IDLE);
    if (!current) return;
    current.uploader.close();
    void current.writes.then(async () => {
      await deleteServerRecording(current.uploader.serverId);
      await deleteLocalRecording(current.localId).catch(() => {});
    });
  }, [onActiveRecording]);

  const readWhole = useCallback(async () => (active.current ? readWholeRecording(active.current.localId) : undefined), []);

  // Leaving the page: the uploads stop once the pending writes are done; the recording stays in
  // the browser (and what was sent on the server), recovered when /record opens again.
  useEffect(
    () => () => {
      const current = active.current;
      if (current) void current.writes.finally(() => current.uploader.close());
    },
    [],
  );

  // Warn before leaving while recording or while chunks still wait to be uploaded.
  const unsent =
    state.status === "starting" ||
    state.status === "recording" ||
    state.status === "paused" ||
    state.status === "stopped" ||
    (state.source === "recording" && (state.status === "uploading" || state.status === "uploadFailed")) ||
    upload.pending > 0;
  useEffect(() => {
    if (!unsent) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MSG.recordingLeaveWarning;
      return MSG.recordingLeaveWarning;
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsent]);

  // "Invia" on a recording: the server already has (nearly) all of it; send the rest, finalize,
  // and forget the browser copy only once the server confirmed.
  useEffect(() => {
    if (state.status !== "uploading" || state.source !== "recording" || !active.current) return;
    const current = active.current;
    let cancelled = false;
    current.uploader
      .finalize((percent) => !cancelled && dispatch({ type: "UPLOAD_PROGRESS", percent }))
      .then(async (databaseId) => {
        current.uploader.close();
        await deleteLocalRecording(current.localId).catch(() => {});
        if (active.current === current) active.current = undefined;
        onActiveRecording?.(undefined);
        setUpload(IDLE);
        if (cancelled) return;
        dispatch({ type: "UPLOAD_DONE" });
        onUploaded(databaseId, current.bytes);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const e = error instanceof RecordingRefused ? error : new RecordingRefused(MSG.uploadError, 0);
        if (e.status === 401) window.location.reload();
        if (!e.limitReached && !e.requiresSubscription) toast.show({ type: "error", title: MSG.uploadErrorTitle, message: e.message });
        dispatch({
          type: "UPLOAD_FAILED",
          message: e.message,
          limitReached: e.limitReached,
          requiresSubscription: e.requiresSubscription,
          retryable: isRetryableStatus(e.status),
        });
      });
    return () => {
      cancelled = true;
    };
    // Only a new "uploading" (status change) finalizes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);

  return { active, upload, begin, addChunk, forget, readWhole };
}
