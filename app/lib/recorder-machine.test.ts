import { describe, expect, it } from "vitest";
import { MSG } from "./messages";
import { applyUpload, computeLimits } from "./usage";
import {
  controls,
  formatTimer,
  initialRecorderState,
  recorderReducer,
  startDialog,
  statusText,
  wantsKeepAwake,
  type RecorderEvent,
  type RecorderState,
} from "./recorder-machine";

const ok = { requiresSubscription: false, canCreateRecording: true, askKeepAwake: false };
const run = (events: RecorderEvent[], from: RecorderState = initialRecorderState) => events.reduce(recorderReducer, from);

describe("start sequence", () => {
  it("shows the subscription pop-up first, then the limit pop-up, then the keep-awake question", () => {
    expect(startDialog({ requiresSubscription: true, canCreateRecording: false, askKeepAwake: true })).toBe("subscription");
    expect(startDialog({ requiresSubscription: false, canCreateRecording: false, askKeepAwake: true })).toBe("limit");
    expect(startDialog({ requiresSubscription: false, canCreateRecording: true, askKeepAwake: true })).toBe("keepAwake");
    expect(startDialog(ok)).toBeNull();
  });

  it("does not reach the microphone without a subscription or over the limit", () => {
    const noPlan = run([{ type: "START", ...ok, requiresSubscription: true }]);
    expect(noPlan).toMatchObject({ status: "idle", dialog: "subscription" });
    expect(run([{ type: "MIC_GRANTED" }], noPlan).status).toBe("idle");
    const limit = run([{ type: "START", ...ok, canCreateRecording: false }]);
    expect(limit).toMatchObject({ status: "idle", dialog: "limit", limitMessage: MSG.limitReached });
    expect(run([{ type: "CLOSE_DIALOG" }], limit)).toMatchObject({ status: "idle", dialog: null });
  });

  it("asks about the screen on phones, remembers the answer, and starts either way", () => {
    const asked = run([{ type: "START", ...ok, askKeepAwake: true }]);
    expect(asked).toMatchObject({ status: "idle", dialog: "keepAwake" });
    expect(run([{ type: "KEEP_AWAKE_ANSWER", keep: true }], asked)).toMatchObject({ status: "starting", keepAwake: true, dialog: null });
    expect(run([{ type: "KEEP_AWAKE_ANSWER", keep: false }], asked)).toMatchObject({ status: "starting", keepAwake: false });
    // Closing the question cancels the start.
    expect(run([{ type: "CLOSE_DIALOG" }], asked)).toMatchObject({ status: "idle", dialog: null });
  });
});

describe("recording", () => {
  it("records, pauses, resumes and stops with the timer counting only while recording", () => {
    let s = run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }]);
    expect(s.status).toBe("recording");
    expect(statusText(s)).toBe("Registrazione in corso...");
    expect(controls(s)).toEqual({ start: false, pause: true, resume: false, stop: true });
    s = run([{ type: "TICK" }, { type: "TICK" }, { type: "PAUSE" }, { type: "TICK" }, { type: "TICK" }], s);
    expect(s).toMatchObject({ status: "paused", elapsed: 2 });
    expect(statusText(s)).toBe("Registrazione in pausa...");
    expect(controls(s)).toEqual({ start: false, pause: false, resume: true, stop: true });
    s = run([{ type: "RESUME" }, { type: "TICK" }, { type: "STOP" }, { type: "TICK" }], s);
    expect(s).toMatchObject({ status: "stopped", elapsed: 3, dialog: "confirmSend", source: "recording" });
    expect(statusText(s)).toBe("Registrazione completata!");
    expect(controls(s)).toEqual({ start: false, pause: false, resume: false, stop: false });
  });

  it("keeps the device awake only from start to stop", () => {
    const states = [
      run([{ type: "START", ...ok }]),
      run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }]),
      run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }, { type: "PAUSE" }]),
      run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }, { type: "STOP" }]),
      run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }, { type: "STOP" }, { type: "DISCARD" }]),
    ];
    expect(states.map(wantsKeepAwake)).toEqual([true, true, true, false, false]);
  });

  it("disables every button with the denial text after the microphone is refused", () => {
    const s = run([{ type: "START", ...ok }, { type: "MIC_DENIED" }]);
    expect(s).toMatchObject({ status: "idle", micDenied: true });
    expect(controls(s)).toEqual({ start: false, pause: false, resume: false, stop: false });
    expect(run([{ type: "START", ...ok }], s).status).toBe("idle");
  });

  it("discards the recording when the confirm dialog is cancelled or closed", () => {
    const stopped = run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }, { type: "TICK" }, { type: "STOP" }]);
    expect(run([{ type: "DISCARD" }], stopped)).toEqual(initialRecorderState);
    expect(run([{ type: "CLOSE_DIALOG" }], stopped)).toEqual(initialRecorderState);
  });

  it("ignores events that do not apply to the current state", () => {
    expect(run([{ type: "PAUSE" }, { type: "RESUME" }, { type: "STOP" }, { type: "TICK" }, { type: "CONFIRM_SEND" }])).toEqual(initialRecorderState);
    const recording = run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }]);
    expect(run([{ type: "START", ...ok }], recording)).toBe(recording);
  });
});

describe("upload", () => {
  const stopped = run([{ type: "START", ...ok }, { type: "MIC_GRANTED" }, { type: "TICK" }, { type: "STOP" }]);

  it("uploads on confirm with a monotonic percentage", () => {
    const s = run([{ type: "CONFIRM_SEND" }, { type: "UPLOAD_PROGRESS", percent: 40.4 }, { type: "UPLOAD_PROGRESS", percent: 20 }], stopped);
    expect(s).toMatchObject({ status: "uploading", uploadPercent: 40, dialog: null });
    expect(run([{ type: "UPLOAD_DONE" }], s)).toMatchObject({ status: "done", uploadPercent: 100 });
  });

  it("keeps the recording after a failed upload and allows a retry or a discard", () => {
    const failed = run([{ type: "CONFIRM_SEND" }, { type: "UPLOAD_FAILED", message: MSG.uploadError }], stopped);
    expect(failed).toMatchObject({ status: "uploadFailed", uploadError: MSG.uploadError, source: "recording", elapsed: 1, dialog: null });
    expect(statusText(failed)).toBe("Registrazione completata!");
    expect(run([{ type: "RETRY_UPLOAD" }], failed)).toMatchObject({ status: "uploading", uploadError: undefined, uploadPercent: 0 });
    expect(run([{ type: "DISCARD" }], failed)).toEqual(initialRecorderState);
  });

  it("offers no retry when the server refused the file itself (not audio): sending it again cannot help", () => {
    const refused = run([{ type: "CONFIRM_SEND" }, { type: "UPLOAD_FAILED", message: MSG.uploadError, retryable: false }], stopped);
    expect(refused).toMatchObject({ status: "uploadFailed", uploadRetryable: false });
    expect(run([{ type: "RETRY_UPLOAD" }], refused)).toBe(refused);
    expect(run([{ type: "DISCARD" }], refused)).toEqual(initialRecorderState);
  });

  it("shows the limit pop-up with the server's text when the upload is refused for the limit", () => {
    const s = run([{ type: "CONFIRM_SEND" }, { type: "UPLOAD_FAILED", message: MSG.limitReached, limitReached: true }], stopped);
    expect(s).toMatchObject({ status: "uploadFailed", dialog: "limit", limitMessage: MSG.limitReached });
  });

  it("shows the subscription pop-up when the plan ended before the upload arrived, keeping the recording", () => {
    const s = run([{ type: "CONFIRM_SEND" }, { type: "UPLOAD_FAILED", message: "Piano scaduto", requiresSubscription: true }], stopped);
    expect(s).toMatchObject({ status: "uploadFailed", dialog: "subscription" });
  });

  it("runs the same checks before uploading a picked file", () => {
    expect(run([{ type: "UPLOAD_FILE", requiresSubscription: true, canCreateRecording: true }])).toMatchObject({
      dialog: "subscription",
      status: "idle",
    });
    expect(run([{ type: "UPLOAD_FILE", requiresSubscription: false, canCreateRecording: false }])).toMatchObject({ dialog: "limit", status: "idle" });
    const s = run([{ type: "UPLOAD_FILE", requiresSubscription: false, canCreateRecording: true }]);
    expect(s).toMatchObject({ status: "uploading", source: "file" });
    expect(statusText(s)).toBeUndefined();
  });

  it("updates the local usage after an upload: +1 recording and ceil(MB), remaining floored at 0", () => {
    const plan = {
      name: "Gratuito",
      type: "FREE" as const,
      price: 0,
      currency: "EUR",
      maxRecordingsPerMonth: 5,
      maxMBStorage: 10,
      maxFileSizeMB: 50,
    };
    const after = applyUpload(computeLimits(plan, { recordingsUsed: 4, megabytesUsed: 8 }), 2.5 * 1024 * 1024);
    expect(after).toMatchObject({
      currentRecordingsUsed: 5,
      currentMegabytesUsed: 11,
      remainingRecordings: 0,
      remainingMegabytes: 0,
      canCreateRecording: false,
    });
  });
});

describe("formatTimer", () => {
  it("shows mm:ss", () => {
    expect(formatTimer(0)).toBe("00:00");
    expect(formatTimer(65)).toBe("01:05");
    expect(formatTimer(3600 + 61)).toBe("61:01");
  });
});

describe("start refused by the server", () => {
  it("goes back to idle with the limit pop-up and the server's text, or the subscription pop-up", () => {
    const starting = recorderReducer(initialRecorderState, {
      type: "START",
      requiresSubscription: false,
      canCreateRecording: true,
      askKeepAwake: false,
    });
    expect(starting.status).toBe("starting");
    const limited = recorderReducer(starting, { type: "START_REFUSED", message: "Limite!", limitReached: true });
    expect(limited).toMatchObject({ status: "idle", dialog: "limit", limitMessage: "Limite!" });
    expect(recorderReducer(starting, { type: "START_REFUSED", message: "x", requiresSubscription: true })).toMatchObject({
      status: "idle",
      dialog: "subscription",
    });
    // Only a start in progress can be refused.
    expect(recorderReducer(initialRecorderState, { type: "START_REFUSED", message: "x" })).toBe(initialRecorderState);
  });
});
