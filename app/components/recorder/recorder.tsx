import { Link } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState, type DragEvent } from "react";
import { createKeepAwake, keepAwakeSupport, type KeepAwake } from "~/lib/desktop-bridge";
import { MSG } from "~/lib/messages";
import { controls, formatTimer, initialRecorderState, recorderReducer, statusText } from "~/lib/recorder-machine";
import type { UsageLimits } from "~/lib/usage";
import { useToast } from "../toast";
import { Dialog } from "./dialog";
import { saveBlob } from "~/lib/download";
import { ChunkUploader, deleteServerRecording, openServerRecording, RecordingRefused, type UploaderStatus } from "~/lib/chunk-uploader";
import { appendChunk, createLocalRecording, deleteLocalRecording, lowStorageMinutes, readWholeRecording } from "~/lib/recording-store";
import { isMobileOrTablet, recordingFileName, uploadAudio, UploadError } from "./upload";
import { UploadProgress } from "./upload-progress";
import { levelsFromSamples, Waveform, WAVEFORM_BARS } from "./waveform";

export type RecorderProps = {
  /** The signed-in user: the browser copy of a recording belongs to them only. */
  userId: string;
  limits: UsageLimits | null;
  requiresSubscription: boolean;
  /** Called after a successful upload with the new id and the uploaded size in bytes. */
  onUploaded: (databaseId: string, bytes: number) => void;
  /** The browser id of the recording in progress (so the recovery list leaves it out). */
  onActiveRecording?: (localId: string | undefined) => void;
};

/** MediaRecorder chunks of 1 s: a reload or crash loses at most the second being recorded. */
const CHUNK_MS = 1000;
/** Speech needs no more; 3 hours take about 86 MB in the browser and on the server. */
const AUDIO_BITS_PER_SECOND = 64_000;

const ACCEPT = "audio/*,video/mp4,video/quicktime,.webm,.ogg,.opus,.mp3,.m4a,.aac,.wav,.flac,.mp4,.mov";

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined") return undefined;
  return ["audio/webm;codecs=opus", "audio/webm"].find((t) => MediaRecorder.isTypeSupported(t));
}

/**
 * The recorder (spec 2.5 and 4) plus the upload of an existing file. The state lives in the pure
 * recorderReducer; this component owns the side effects: microphone, MediaRecorder (webm),
 * AnalyserNode waveform, wake lock, XHR upload.
 */
export function Recorder({ userId, limits, requiresSubscription, onUploaded, onActiveRecording }: RecorderProps) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const [levels, setLevels] = useState<number[]>(() => Array(WAVEFORM_BARS).fill(0));
  const [dragging, setDragging] = useState(false);
  const toast = useToast();

  const stream = useRef<MediaStream>();
  const recorder = useRef<MediaRecorder>();
  /** The recording in progress: its browser copy, the upload of its chunks, the order of the writes. */
  const active = useRef<{
    localId: string;
    uploader: ChunkUploader;
    nextIndex: number;
    writes: Promise<unknown>;
    bytes: number;
  }>();
  const elapsedRef = useRef(0);
  const [upload, setUpload] = useState<UploaderStatus>({
    pending: 0,
    online: true,
  });
  const [stopReason, setStopReason] = useState<string>();
  const [lowQuota, setLowQuota] = useState<number>();
  const audioContext = useRef<AudioContext>();
  const frame = useRef<number>();
  const keepAwake = useRef<KeepAwake>();
  /** What the next upload sends: the recording, or the picked file. */
  const pending = useRef<{ blob: Blob; name: string }>();
  const fileInput = useRef<HTMLInputElement>(null);

  const can = controls(state);
  const status = statusText(state);
  const controlsRef = useRef<HTMLDivElement>(null);
  const failedRef = useRef<HTMLDivElement>(null);

  // Keyboard focus never falls back to the page top: a failed upload takes it to its "Riprova"
  // button; a closed pop-up whose opener is gone (e.g. a disabled "Termina") to the main control.
  const shown = useRef({ dialog: state.dialog, status: state.status });
  useEffect(() => {
    const before = shown.current;
    shown.current = { dialog: state.dialog, status: state.status };
    if (state.dialog !== null) return;
    if (state.status === "uploadFailed" && (before.status !== "uploadFailed" || before.dialog !== null)) {
      failedRef.current?.querySelector<HTMLElement>("button")?.focus();
      return;
    }
    const active = document.activeElement;
    if (before.dialog !== null && (!active || active === document.body)) controlsRef.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
  }, [state.dialog, state.status]);

  const releaseAwake = useCallback(() => {
    void keepAwake.current?.release();
  }, []);

  const stopInputs = useCallback(() => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = undefined;
    void audioContext.current?.close().catch(() => {});
    audioContext.current = undefined;
    setLevels(Array(WAVEFORM_BARS).fill(0));
  }, []);

  // Leaving the page mid-recording stops the microphone and the wake lock; the recording stays in
  // the browser (and what was sent on the server), recovered when /record opens again.
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
      const current = active.current;
      if (current) void current.writes.finally(() => current.uploader.close());
      stopInputs();
      releaseAwake();
    },
    [stopInputs, releaseAwake]
  );

  useEffect(() => {
    elapsedRef.current = state.elapsed;
  }, [state.elapsed]);

  // Before recording starts: is there room in the browser for 3 hours?
  useEffect(() => {
    void lowStorageMinutes().then(setLowQuota);
  }, []);

  // The plan's storage ran out while recording: stop, keep what arrived, say why.
  useEffect(() => {
    const refused = upload.stopped;
    if (!refused || refused.status !== 403) return;
    setStopReason(refused.message);
    if (recorder.current && recorder.current.state !== "inactive") {
      releaseAwake();
      recorder.current.stop();
    }
  }, [upload.stopped, releaseAwake]);

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

  // The timer ticks every second while recording.
  useEffect(() => {
    if (state.status !== "recording") return;
    const timer = setInterval(() => dispatch({ type: "TICK" }), 1000);
    return () => clearInterval(timer);
  }, [state.status]);

  // Microphone and MediaRecorder once the start sequence says go.
  useEffect(() => {
    if (state.status !== "starting") return;
    let cancelled = false;
    (async () => {
      const mimeType = pickMimeType();
      // The monthly limits are checked by the server before the microphone opens. Offline, the
      // recording starts anyway: the uploader opens it on the server when the network is back.
      let serverId: string | undefined;
      try {
        serverId = await openServerRecording(mimeType ?? "audio/webm");
      } catch (error) {
        if (error instanceof RecordingRefused && error.status !== 0 && error.status < 500) {
          releaseAwake();
          if (error.status === 401) window.location.reload();
          if (!cancelled)
            dispatch({
              type: "START_REFUSED",
              message: error.message,
              limitReached: error.limitReached,
              requiresSubscription: error.requiresSubscription,
            });
          return;
        }
      }
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
      } catch (error) {
        console.warn("Microfono non disponibile:", error);
        releaseAwake();
        if (!cancelled) dispatch({ type: "MIC_DENIED" });
        void deleteServerRecording(serverId);
        return;
      }
      if (cancelled) {
        media.getTracks().forEach((t) => t.stop());
        return;
      }
      stream.current = media;
      // Phones keep awake only if the user said yes; the desktop app always; others not at all.
      const support = keepAwakeSupport();
      if (support === "desktop" || (support === "wakelock" && state.keepAwake === true)) {
        keepAwake.current ??= createKeepAwake();
        void keepAwake.current.acquire("recording");
      }
      try {
        const context = new AudioContext();
        audioContext.current = context;
        const analyser = context.createAnalyser();
        analyser.fftSize = 1024;
        context.createMediaStreamSource(media).connect(analyser);
        const samples = new Uint8Array(analyser.fftSize);
        const draw = () => {
          analyser.getByteTimeDomainData(samples);
          setLevels(levelsFromSamples(samples));
          frame.current = requestAnimationFrame(draw);
        };
        draw();
      } catch (error) {
        // The waveform is a nicety: recording goes on without it.
        console.warn("Forma d'onda non disponibile:", error);
      }
      const mediaRecorder = new MediaRecorder(media, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
      });
      const local = {
        localId: crypto.randomUUID(),
        userId,
        serverId,
        mimeType: mediaRecorder.mimeType || mimeType || "audio/webm",
        startedAt: Date.now(),
        seconds: 0,
        chunkCount: 0,
        uploaded: 0,
        bytes: 0,
      };
      await createLocalRecording(local).catch((error: unknown) => console.warn("Archivio del browser non disponibile:", error));
      const uploader = new ChunkUploader(local, setUpload);
      const current = {
        localId: local.localId,
        uploader,
        nextIndex: 0,
        writes: Promise.resolve() as Promise<unknown>,
        bytes: 0,
      };
      active.current = current;
      onActiveRecording?.(local.localId);
      setStopReason(undefined);
      // Each chunk goes to IndexedDB first (in order), then to the server.
      mediaRecorder.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        const index = current.nextIndex++;
        const seconds = elapsedRef.current;
        current.bytes += event.data.size;
        current.writes = current.writes
          .then(() => appendChunk(local.localId, index, event.data, seconds))
          .then(() => uploader.notify(index + 1, seconds))
          .catch((error: unknown) => console.error("Parte della registrazione non salvata:", error));
      };
      mediaRecorder.onstop = () => {
        stopInputs();
        // STOP once the last chunk is stored, so "Invia" finds it.
        void current.writes.then(() => dispatch({ type: "STOP" }));
      };
      recorder.current = mediaRecorder;
      mediaRecorder.start(CHUNK_MS);
      dispatch({ type: "MIC_GRANTED" });
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status, state.keepAwake, releaseAwake, stopInputs]);

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
        setUpload({ pending: 0, online: true });
        if (cancelled) return;
        dispatch({ type: "UPLOAD_DONE" });
        onUploaded(databaseId, current.bytes);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const e = error instanceof RecordingRefused ? error : new RecordingRefused(MSG.uploadError, 0);
        if (e.status === 401) window.location.reload();
        if (!e.limitReached && !e.requiresSubscription)
          toast.show({
            type: "error",
            title: MSG.uploadErrorTitle,
            message: e.message,
          });
        dispatch({
          type: "UPLOAD_FAILED",
          message: e.message,
          limitReached: e.limitReached,
          requiresSubscription: e.requiresSubscription,
        });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);

  // A picked file is uploaded whole whenever the machine enters "uploading".
  useEffect(() => {
    if (state.status !== "uploading" || state.source !== "file" || !pending.current) return;
    const { blob, name } = pending.current;
    const { promise, abort } = uploadAudio(blob, name, (percent) => dispatch({ type: "UPLOAD_PROGRESS", percent }));
    let cancelled = false;
    promise.then(
      (databaseId) => {
        if (cancelled) return;
        pending.current = undefined;
        dispatch({ type: "UPLOAD_DONE" });
        onUploaded(databaseId, blob.size);
      },
      (error: unknown) => {
        if (cancelled) return;
        const e = error instanceof UploadError ? error : new UploadError(MSG.uploadError, 0);
        if (!e.limitReached && !e.requiresSubscription)
          toast.show({
            type: "error",
            title: MSG.uploadErrorTitle,
            message: e.message,
          });
        dispatch({
          type: "UPLOAD_FAILED",
          message: e.message,
          limitReached: e.limitReached,
          requiresSubscription: e.requiresSubscription,
        });
      }
    );
    return () => {
      cancelled = true;
      abort();
    };
    // Only a new upload (status change) starts a request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.status]);

  const start = () => {
    dispatch({
      type: "START",
      requiresSubscription: requiresSubscription || !limits,
      canCreateRecording: limits?.canCreateRecording ?? false,
      askKeepAwake: keepAwakeSupport() === "wakelock" && isMobileOrTablet(),
    });
  };

  const pause = () => {
    recorder.current?.pause();
    dispatch({ type: "PAUSE" });
  };
  const resume = () => {
    recorder.current?.resume();
    dispatch({ type: "RESUME" });
  };
  const stop = () => {
    releaseAwake();
    // STOP is dispatched by onstop, once the last chunk is in the Blob.
    if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
  };
  /** The user discarded the recording: the server's copy and the browser's go. */
  const forgetRecording = () => {
    const current = active.current;
    active.current = undefined;
    onActiveRecording?.(undefined);
    setUpload({ pending: 0, online: true });
    if (!current) return;
    current.uploader.close();
    void current.writes.then(async () => {
      await deleteServerRecording(current.uploader.serverId);
      await deleteLocalRecording(current.localId).catch(() => {});
    });
  };
  const discard = () => {
    if (state.source === "recording") forgetRecording();
    pending.current = undefined;
    releaseAwake();
    dispatch({ type: "DISCARD" });
  };
  const closeDialog = () => {
    if (state.dialog === "confirmSend") {
      pending.current = undefined;
      forgetRecording();
    }
    releaseAwake();
    dispatch({ type: "CLOSE_DIALOG" });
  };
  const saveLocal = async () => {
    if (state.source === "file" && pending.current) return saveBlob(pending.current.blob, pending.current.name);
    const current = active.current;
    const blob = current ? await readWholeRecording(current.localId) : undefined;
    if (blob) saveBlob(blob, recordingFileName());
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    pending.current = { blob: file, name: file.name };
    dispatch({
      type: "UPLOAD_FILE",
      requiresSubscription: requiresSubscription || !limits,
      canCreateRecording: limits?.canCreateRecording ?? false,
    });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    pickFile(event.dataTransfer.files[0]);
  };

  const busy = state.status === "starting" || state.status === "recording" || state.status === "paused" || state.status === "stopped" || state.status === "uploading";
  const recordingKept = state.status === "uploadFailed" && state.source === "recording" && active.current;
  const recordingActive = state.status === "recording" || state.status === "paused";

  return (
    <section className="card space-y-6" data-testid="recorder" data-status={state.status}>
      <div className="flex flex-col items-center gap-4">
        <p className="font-mono text-4xl font-semibold tabular-nums" data-testid="recorder-timer" aria-live="off">
          {formatTimer(state.elapsed)}
        </p>
        <Waveform levels={levels} active={state.status === "recording"} />
        <p className="min-h-[1.5rem] text-sm font-medium text-slate-700" data-testid="recorder-status" aria-live="polite">
          {status ?? ""}
        </p>
        {recordingActive ? (
          <p className="text-xs text-slate-600" data-testid="upload-pending" data-pending={upload.pending} aria-live="polite">
            {!upload.online ? MSG.recordingOffline : upload.pending > 2 ? MSG.recordingPendingUpload(upload.pending * (CHUNK_MS / 1000)) : MSG.recordingAllUploaded}
          </p>
        ) : null}
        {stopReason ? (
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="recording-stopped-reason">
            {stopReason}
          </p>
        ) : null}
        {lowQuota !== undefined && state.status === "idle" ? (
          <p role="status" className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="low-storage-warning">
            {MSG.recordingLowQuota(lowQuota)}
          </p>
        ) : null}
        {state.micDenied ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="mic-denied">
            {MSG.micDenied}
          </p>
        ) : null}
        <div ref={controlsRef} className="flex flex-wrap justify-center gap-3">
          {state.status === "paused" ? (
            <button type="button" className="btn-primary" onClick={resume} disabled={!can.resume} data-testid="recorder-resume">
              {MSG.recordResume}
            </button>
          ) : state.status === "recording" ? (
            <button type="button" className="btn-secondary" onClick={pause} disabled={!can.pause} data-testid="recorder-pause">
              {MSG.recordPause}
            </button>
          ) : (
            <button type="button" className="btn-primary" onClick={start} disabled={!can.start} data-testid="recorder-start">
              {MSG.recordStart}
            </button>
          )}
          <button type="button" className="btn-danger" onClick={stop} disabled={!can.stop} data-testid="recorder-stop">
            {MSG.recordStop}
          </button>
        </div>
      </div>

      {state.status === "uploading" ? <UploadProgress percent={state.uploadPercent} /> : null}

      {state.status === "uploadFailed" && state.dialog === null ? (
        <div ref={failedRef} className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" role="alert" data-testid="upload-failed">
          <p className="font-semibold">{MSG.uploadErrorTitle}</p>
          <p className="mt-1">{state.uploadError}</p>
          {recordingKept ? <p className="mt-1">{MSG.uploadKeptNotice}</p> : null}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <button type="button" className="btn-primary" onClick={() => dispatch({ type: "RETRY_UPLOAD" })} data-testid="upload-retry">
              {MSG.uploadRetry}
            </button>
            {recordingKept ? (
              <button type="button" className="btn-secondary" onClick={() => void saveLocal()} data-testid="upload-save-local">
                {MSG.uploadSaveLocal}
              </button>
            ) : null}
            <button type="button" className="btn-ghost" onClick={discard} data-testid="upload-discard">
              {MSG.recordDiscard}
            </button>
          </div>
        </div>
      ) : null}

      <div
        className={`rounded-xl border-2 border-dashed p-6 text-center transition ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p className="text-sm text-slate-600">{MSG.uploadDropHint}</p>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          // Reached through the "Carica file" button below; labelled for assistive technology all the same.
          aria-label={MSG.uploadFile}
          tabIndex={-1}
          className="sr-only"
          data-testid="file-input"
          onChange={(e) => {
            pickFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <button type="button" className="btn-secondary mt-3" disabled={busy} onClick={() => fileInput.current?.click()} data-testid="upload-file">
          {MSG.uploadFile}
        </button>
      </div>

      {state.dialog === "subscription" ? (
        <Dialog title={MSG.subscriptionRequiredTitle} onClose={closeDialog} testId="dialog-subscription">
          <p className="text-slate-700">{MSG.noActiveSubscription}</p>
          <div className="mt-4 flex justify-end">
            <Link to="/subscriptions" className="btn-primary">
              {MSG.seePlans}
            </Link>
          </div>
        </Dialog>
      ) : null}
      {state.dialog === "limit" ? (
        <Dialog title={MSG.limitTitle} onClose={closeDialog} testId="dialog-limit">
          <p className="text-slate-700">{state.limitMessage}</p>
          <div className="mt-4 flex justify-end gap-2">
            <Link to="/subscriptions" className="btn-secondary">
              {MSG.seePlans}
            </Link>
            <button type="button" className="btn-primary" onClick={closeDialog}>
              {MSG.close}
            </button>
          </div>
        </Dialog>
      ) : null}
      {state.dialog === "keepAwake" ? (
        <Dialog title={MSG.keepAwakeTitle} onClose={closeDialog} testId="dialog-keep-awake">
          <p className="text-slate-700">{MSG.keepAwakeText}</p>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dispatch({ type: "KEEP_AWAKE_ANSWER", keep: false })}>
              {MSG.keepAwakeNo}
            </button>
            <button type="button" className="btn-primary" onClick={() => dispatch({ type: "KEEP_AWAKE_ANSWER", keep: true })}>
              {MSG.keepAwakeYes}
            </button>
          </div>
        </Dialog>
      ) : null}
      {state.dialog === "confirmSend" ? (
        <Dialog title={MSG.confirmSendTitle} onClose={closeDialog} testId="dialog-confirm-send">
          <p className="text-slate-700">{MSG.confirmSendText}</p>
          <p className="mt-1 text-sm text-slate-500">{formatTimer(state.elapsed)}</p>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={discard} data-testid="confirm-cancel">
              {MSG.cancel}
            </button>
            <button type="button" className="btn-primary" onClick={() => dispatch({ type: "CONFIRM_SEND" })} data-testid="confirm-send">
              {MSG.confirmSend}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
