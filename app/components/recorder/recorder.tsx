import { Link } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type DragEvent } from "react";
import { keepAwakeSupport } from "~/lib/desktop-bridge";
import { saveBlob } from "~/lib/download";
import { CALL_AUDIO_TEXT } from "~/lib/call-audio";
import type { MeetingDetails } from "~/lib/meeting";
import { MSG } from "~/lib/messages";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { lowStorageMinutes } from "~/lib/recording-store";
import { controls, formatTimer, initialRecorderState, recorderReducer, statusText } from "~/lib/recorder-machine";
import type { UsageLimits } from "~/lib/usage";
import { AudioSourcePicker, CallNotices, ShareProblem } from "./audio-source-picker";
import { Dialog } from "./dialog";
import { LiveTranscript, useLiveTranscript } from "./live-transcript";
import { isMobileOrTablet, recordingFileName } from "./upload";
import { UploadProgress } from "./upload-progress";
import { useCallAudio } from "./use-call-audio";
import { useChunkUpload } from "./use-chunk-upload";
import { useFileUpload } from "./use-file-upload";
import { useKeepAwake } from "./use-keep-awake";
import { CHUNK_MS, useMicRecorder } from "./use-mic-recorder";
import { useWaveform } from "./use-waveform";
import { Waveform } from "./waveform";

export type RecorderProps = {
  /** The signed-in user: the browser copy of a recording belongs to them only. */
  userId: string;
  limits: UsageLimits | null;
  requiresSubscription: boolean;
  /** Called after a successful upload with the new id and the uploaded size in bytes. */
  onUploaded: (databaseId: string, bytes: number) => void;
  /** The browser id of the recording in progress (so the recovery list leaves it out). */
  onActiveRecording?: (localId: string | undefined) => void;
  /** «Dati della riunione» (issue 31): the details to send, null for none, false when refused (the form shows why). */
  checkMeeting?: () => MeetingDetails | null | false;
};

const ACCEPT = "audio/*,video/mp4,video/quicktime,.webm,.ogg,.opus,.mp3,.m4a,.aac,.wav,.flac,.mp4,.mov";

/**
 * The recorder (spec 2.5 and 4) plus the upload of an existing file. The state lives in the pure
 * recorderReducer; the side effects live in hooks: microphone and MediaRecorder
 * (useMicRecorder), waveform (useWaveform), wake lock (useKeepAwake), the recording's browser
 * copy and chunk upload (useChunkUpload), a picked file's upload (useFileUpload), and the live
 * transcript (useLiveTranscript, issue 17).
 */
export function Recorder({ userId, limits, requiresSubscription, onUploaded, onActiveRecording, checkMeeting }: RecorderProps) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const [dragging, setDragging] = useState(false);
  const [lowQuota, setLowQuota] = useState<number>();
  const waveform = useWaveform();
  const awake = useKeepAwake();
  const chunks = useChunkUpload({ state, dispatch, onUploaded, onActiveRecording });
  const call = useCallAudio(state.status, state.dialog !== null);
  const meeting = useRef<MeetingDetails>();
  const mic = useMicRecorder({ userId, state, dispatch, chunks, waveform, awake, call, meeting });
  const pending = useFileUpload(state, dispatch, onUploaded);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = chunks.upload;

  const can = controls(state);
  const status = statusText(state);
  const controlsRef = useRef<HTMLDivElement>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  const liveShown = state.status === "recording" || state.status === "paused" || (state.status === "stopped" && state.source === "recording");
  const live = useLiveTranscript(() => chunks.active.current?.uploader.serverId, liveShown);

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
    if (before.dialog !== null && (!active || active === document.body))
      controlsRef.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
  }, [state.dialog, state.status]);

  // Before recording starts: is there room in the browser for 3 hours?
  useEffect(() => {
    void lowStorageMinutes().then(setLowQuota);
  }, []);

  const start = () => {
    const details = checkMeeting?.();
    if (details === false) return;
    meeting.current = details ?? undefined;
    dispatch({
      type: "START",
      requiresSubscription: requiresSubscription || !limits,
      canCreateRecording: limits?.canCreateRecording ?? false,
      askKeepAwake: keepAwakeSupport() === "wakelock" && isMobileOrTablet(),
    });
  };
  const { pause, resume, stop, stopReason } = mic;
  const discard = () => {
    if (state.source === "recording") chunks.forget();
    pending.current = undefined;
    awake.release();
    dispatch({ type: "DISCARD" });
  };
  const closeDialog = () => {
    if (state.dialog === "confirmSend") {
      pending.current = undefined;
      chunks.forget();
    }
    awake.release();
    dispatch({ type: "CLOSE_DIALOG" });
  };
  const saveLocal = async () => {
    if (state.source === "file" && pending.current) return saveBlob(pending.current.blob, pending.current.name);
    const blob = await chunks.readWhole();
    if (blob) saveBlob(blob, recordingFileName());
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const details = checkMeeting?.();
    if (details === false) return;
    pending.current = { blob: file, name: file.name, meeting: details ?? undefined };
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

  const busy =
    state.status === "starting" ||
    state.status === "recording" ||
    state.status === "paused" ||
    state.status === "stopped" ||
    state.status === "uploading";
  const recordingKept = state.status === "uploadFailed" && state.source === "recording" && chunks.active.current;
  const recordingActive = state.status === "recording" || state.status === "paused";

  return (
    <section className="card space-y-6" data-testid="recorder" data-status={state.status}>
      <div className="flex flex-col items-center gap-4">
        <p className="font-mono text-4xl font-semibold tabular-nums" data-testid="recorder-timer" aria-live="off">
          {formatTimer(state.elapsed)}
        </p>
        {recordingActive && call.stereo() ? (
          <>
            <Waveform levels={waveform.levels} active={state.status === "recording"} label={CALL_AUDIO_TEXT.micLevel} />
            <Waveform levels={call.callLevels} active={state.status === "recording"} label={CALL_AUDIO_TEXT.callLevel} testId="waveform-call" />
          </>
        ) : (
          <Waveform levels={waveform.levels} active={state.status === "recording"} />
        )}
        <p className="min-h-[1.5rem] text-sm font-medium text-slate-700" data-testid="recorder-status" aria-live="polite">
          {status ?? ""}
        </p>
        {recordingActive ? (
          <p className="text-xs text-slate-600" data-testid="upload-pending" data-pending={upload.pending} aria-live="polite">
            {!upload.online
              ? MSG.recordingOffline
              : upload.pending > 2
                ? MSG.recordingPendingUpload(upload.pending * (CHUNK_MS / 1000))
                : MSG.recordingAllUploaded}
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
        {recordingActive ? <CallNotices call={call} /> : null}
        {state.status === "idle" || state.status === "done" ? (
          <>
            <AudioSourcePicker call={call} disabled={busy} />
            <ShareProblem call={call} onStart={start} />
          </>
        ) : null}
        {state.status === "recording" || state.status === "paused" ? null : (
          <p className="text-center text-sm text-slate-600" data-testid="recording-reminder">
            {PRIVACY_TEXT.recordingReminder}
          </p>
        )}
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
            <button type="button" className="btn-primary" onClick={() => call.prepare(start)} disabled={!can.start} data-testid="recorder-start">
              {MSG.recordStart}
            </button>
          )}
          <button type="button" className="btn-danger" onClick={stop} disabled={!can.stop} data-testid="recorder-stop">
            {MSG.recordStop}
          </button>
        </div>
      </div>

      {liveShown ? <LiveTranscript view={live} paused={state.status === "paused"} /> : null}

      {state.status === "uploading" ? <UploadProgress percent={state.uploadPercent} /> : null}

      {state.status === "uploadFailed" && state.dialog === null ? (
        <div ref={failedRef} className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" role="alert" data-testid="upload-failed">
          <p className="font-semibold">{MSG.uploadErrorTitle}</p>
          <p className="mt-1">{state.uploadError}</p>
          {recordingKept ? <p className="mt-1">{MSG.uploadKeptNotice}</p> : null}
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {state.uploadRetryable ? (
              <button type="button" className="btn-primary" onClick={() => dispatch({ type: "RETRY_UPLOAD" })} data-testid="upload-retry">
                {MSG.uploadRetry}
              </button>
            ) : null}
            {recordingKept ? (
              <button type="button" className="btn-secondary" onClick={() => void saveLocal()} data-testid="upload-save-local">
                {MSG.uploadSaveLocal}
              </button>
            ) : null}
            <button type="button" className="btn-ghost" onClick={discard} data-testid="upload-discard">
              {state.source === "file" ? MSG.close : MSG.recordDiscard}
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
