import { MSG } from "./messages";

/**
 * The recorder of spec section 4 as a pure reducer: idle → recording ⇄ paused → stopped
 * (confirm-send dialog) → uploading → done, with the start sequence pop-ups in front
 * (subscription required, limit reached, keep-screen-awake question) and a failed upload that
 * keeps the recording. The component performs the side effects (microphone, MediaRecorder,
 * wake lock, XHR) and reports them as events.
 */

export type RecorderStatus = "idle" | "starting" | "recording" | "paused" | "stopped" | "uploading" | "uploadFailed" | "done";
export type RecorderDialog = null | "subscription" | "limit" | "keepAwake" | "confirmSend";
/** What is being uploaded: the recording just made, or a file the user picked. */
export type UploadSource = "recording" | "file";

export type RecorderState = {
  status: RecorderStatus;
  dialog: RecorderDialog;
  /** Whole seconds recorded (pauses excluded). */
  elapsed: number;
  micDenied: boolean;
  /** The user's answer to the keep-awake question for this recording (undefined: not asked). */
  keepAwake: boolean | undefined;
  source: UploadSource | undefined;
  uploadPercent: number;
  uploadError: string | undefined;
  /** Whether sending again can help (a lost connection, a server error), not a refusal of the file. */
  uploadRetryable: boolean;
  /** Text of the limit pop-up (the server's message when the upload was refused for the limit). */
  limitMessage: string;
};

export type StartContext = {
  /** No active subscription: the subscription-required pop-up. */
  requiresSubscription: boolean;
  /** From the usage limits; false shows the limit pop-up. */
  canCreateRecording: boolean;
  /** Phone or tablet with Wake Lock support: ask whether to keep the screen awake. */
  askKeepAwake: boolean;
};

export type RecorderEvent =
  | ({ type: "START" } & StartContext)
  | { type: "KEEP_AWAKE_ANSWER"; keep: boolean }
  | { type: "CLOSE_DIALOG" }
  | { type: "MIC_GRANTED" }
  /** The server refused to open the recording (plan ended, month's limit reached). */
  | { type: "START_REFUSED"; message: string; limitReached?: boolean; requiresSubscription?: boolean }
  | { type: "MIC_DENIED" }
  | { type: "TICK" }
  | { type: "PAUSE" }
  | { type: "RESUME" }
  | { type: "STOP" }
  | { type: "CONFIRM_SEND" }
  | { type: "DISCARD" }
  | ({ type: "UPLOAD_FILE" } & Omit<StartContext, "askKeepAwake">)
  | { type: "UPLOAD_PROGRESS"; percent: number }
  | { type: "UPLOAD_FAILED"; message: string; limitReached?: boolean; requiresSubscription?: boolean; retryable?: boolean }
  | { type: "RETRY_UPLOAD" }
  | { type: "UPLOAD_DONE" };

export const initialRecorderState: RecorderState = {
  status: "idle",
  dialog: null,
  elapsed: 0,
  micDenied: false,
  keepAwake: undefined,
  source: undefined,
  uploadPercent: 0,
  uploadError: undefined,
  uploadRetryable: true,
  limitMessage: MSG.limitReached,
};

/** The start sequence: which pop-up (if any) comes before the microphone. */
export function startDialog(context: StartContext): RecorderDialog {
  if (context.requiresSubscription) return "subscription";
  if (!context.canCreateRecording) return "limit";
  if (context.askKeepAwake) return "keepAwake";
  return null;
}

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case "START": {
      if (state.status !== "idle" && state.status !== "done") return state;
      if (state.micDenied) return state;
      const dialog = startDialog(event);
      const base = { ...initialRecorderState, micDenied: state.micDenied };
      if (dialog === "subscription" || dialog === "limit") return { ...base, dialog };
      if (dialog === "keepAwake") return { ...base, dialog };
      return { ...base, status: "starting" };
    }
    case "KEEP_AWAKE_ANSWER":
      if (state.dialog !== "keepAwake") return state;
      return { ...state, dialog: null, keepAwake: event.keep, status: "starting" };
    case "CLOSE_DIALOG":
      // Closing the confirm dialog is the same as cancelling it: the recording is discarded.
      if (state.dialog === "confirmSend") return { ...initialRecorderState, micDenied: state.micDenied };
      // Closing the keep-awake question cancels the start.
      return { ...state, dialog: null };
    case "MIC_GRANTED":
      if (state.status !== "starting") return state;
      return { ...state, status: "recording", elapsed: 0, micDenied: false };
    case "START_REFUSED":
      if (state.status !== "starting") return state;
      return {
        ...initialRecorderState,
        micDenied: state.micDenied,
        dialog: event.requiresSubscription ? "subscription" : "limit",
        limitMessage: event.limitReached ? event.message : state.limitMessage,
      };
    case "MIC_DENIED":
      return { ...initialRecorderState, micDenied: true };
    case "TICK":
      return state.status === "recording" ? { ...state, elapsed: state.elapsed + 1 } : state;
    case "PAUSE":
      return state.status === "recording" ? { ...state, status: "paused" } : state;
    case "RESUME":
      return state.status === "paused" ? { ...state, status: "recording" } : state;
    case "STOP":
      if (state.status !== "recording" && state.status !== "paused") return state;
      return { ...state, status: "stopped", dialog: "confirmSend", source: "recording" };
    case "CONFIRM_SEND":
      if (state.status !== "stopped") return state;
      return { ...state, status: "uploading", dialog: null, uploadPercent: 0, uploadError: undefined };
    case "DISCARD":
      if (state.status === "stopped" || state.status === "uploadFailed") return { ...initialRecorderState, micDenied: state.micDenied };
      return state;
    case "UPLOAD_FILE": {
      if (state.status !== "idle" && state.status !== "done" && state.status !== "uploadFailed") return state;
      const dialog = startDialog({ ...event, askKeepAwake: false });
      if (dialog) return { ...initialRecorderState, micDenied: state.micDenied, dialog };
      return { ...initialRecorderState, micDenied: state.micDenied, status: "uploading", source: "file" };
    }
    case "UPLOAD_PROGRESS":
      if (state.status !== "uploading") return state;
      return { ...state, uploadPercent: Math.max(state.uploadPercent, Math.min(100, Math.max(0, Math.round(event.percent)))) };
    case "UPLOAD_FAILED":
      if (state.status !== "uploading") return state;
      return {
        ...state,
        status: "uploadFailed",
        uploadError: event.message,
        uploadRetryable: event.retryable ?? true,
        // The server's refusals open the pop-ups of the start sequence (spec 4): a plan that ended
        // meanwhile shows the subscription one, a full month the limit one.
        dialog: event.requiresSubscription ? "subscription" : event.limitReached ? "limit" : null,
        limitMessage: event.limitReached ? event.message : state.limitMessage,
      };
    case "RETRY_UPLOAD":
      if (state.status !== "uploadFailed" || !state.uploadRetryable) return state;
      return { ...state, status: "uploading", dialog: null, uploadPercent: 0, uploadError: undefined };
    case "UPLOAD_DONE":
      return state.status === "uploading" ? { ...state, status: "done", uploadPercent: 100 } : state;
  }
}

/** The three status texts of spec 2.5, or nothing. */
export function statusText(state: RecorderState): string | undefined {
  if (state.status === "recording") return MSG.recording;
  if (state.status === "paused") return MSG.recordingPaused;
  if (
    state.source === "recording" &&
    (state.status === "stopped" || state.status === "uploading" || state.status === "uploadFailed" || state.status === "done")
  ) {
    return MSG.recordingDone;
  }
  return undefined;
}

/** Which controls are usable; all disabled after a microphone denial. */
export function controls(state: RecorderState): { start: boolean; pause: boolean; resume: boolean; stop: boolean } {
  if (state.micDenied) return { start: false, pause: false, resume: false, stop: false };
  return {
    start: (state.status === "idle" || state.status === "done") && state.dialog === null,
    pause: state.status === "recording",
    resume: state.status === "paused",
    stop: state.status === "recording" || state.status === "paused",
  };
}

/** True while the device should be kept awake (recording or paused). */
export function wantsKeepAwake(state: RecorderState): boolean {
  return state.status === "starting" || state.status === "recording" || state.status === "paused";
}

/** Timer text: mm:ss (minutes keep counting past 59, as recordings rarely pass hours). */
export function formatTimer(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
