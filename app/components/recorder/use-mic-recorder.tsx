import { useCallback, useEffect, useRef, useState, type Dispatch } from "react";
import { deleteServerRecording, openServerRecording, RecordingRefused } from "~/lib/chunk-uploader";
import type { MeetingDetails } from "~/lib/meeting";
import type { RecorderEvent, RecorderState } from "~/lib/recorder-machine";
import type { useCallAudio } from "./use-call-audio";
import type { useChunkUpload } from "./use-chunk-upload";
import type { useKeepAwake } from "./use-keep-awake";
import type { useWaveform } from "./use-waveform";

/** MediaRecorder chunks of 1 s: a reload or crash loses at most the second being recorded. */
export const CHUNK_MS = 1000;
/** Speech needs no more; 3 hours take about 86 MB in the browser and on the server. */
const AUDIO_BITS_PER_SECOND = 64_000;

function pickMimeType(): string | undefined {
  if (typeof MediaRecorder === "undefined") return undefined;
  return ["audio/webm;codecs=opus", "audio/webm"].find((t) => MediaRecorder.isTypeSupported(t));
}

type Options = {
  userId: string;
  state: RecorderState;
  dispatch: Dispatch<RecorderEvent>;
  chunks: ReturnType<typeof useChunkUpload>;
  waveform: ReturnType<typeof useWaveform>;
  awake: ReturnType<typeof useKeepAwake>;
  /** Issue 30: the call's audio, mixed in when chosen. */
  call: ReturnType<typeof useCallAudio>;
  /** The meeting details checked when «Avvia registrazione» was pressed (issue 31). */
  meeting?: { current: MeetingDetails | undefined };
};

/**
 * Microphone and MediaRecorder (webm/opus, 1 s chunks) once the start sequence says go: the
 * server recording is opened first (monthly limits), then the microphone, the waveform, the wake
 * lock, and each chunk is handed to the chunk upload. Pause, resume and stop.
 */
export function useMicRecorder({ userId, state, dispatch, chunks, waveform, awake, call, meeting }: Options) {
  const stream = useRef<MediaStream>();
  const recorder = useRef<MediaRecorder>();
  const elapsedRef = useRef(0);
  const [stopReason, setStopReason] = useState<string>();

  useEffect(() => {
    elapsedRef.current = state.elapsed;
  }, [state.elapsed]);

  const stopWaveform = waveform.stop;
  const stopCall = call.stop;
  const stopInputs = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = undefined;
    stopWaveform();
    stopCall();
  }, [stopWaveform, stopCall]);

  // Leaving the page mid-recording stops the microphone (the recording is recovered later).
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
      stream.current?.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  // The plan's storage ran out while recording: stop, keep what arrived, say why.
  const refused = chunks.upload.stopped;
  const releaseAwake = awake.release;
  useEffect(() => {
    if (!refused || refused.status !== 403) return;
    setStopReason(refused.message);
    if (recorder.current && recorder.current.state !== "inactive") {
      releaseAwake();
      recorder.current.stop();
    }
  }, [refused, releaseAwake]);

  // The timer ticks every second while recording.
  useEffect(() => {
    if (state.status !== "recording") return;
    const timer = setInterval(() => dispatch({ type: "TICK" }), 1000);
    return () => clearInterval(timer);
  }, [state.status, dispatch]);

  useEffect(() => {
    if (state.status !== "starting") return;
    let cancelled = false;
    (async () => {
      const mimeType = pickMimeType();
      // The monthly limits are checked by the server before the microphone opens. Offline, the
      // recording starts anyway: the uploader opens it on the server when the network is back.
      let serverId: string | undefined;
      try {
        serverId = await openServerRecording(mimeType ?? "audio/webm", { source: call.recordingSource(), meeting: meeting?.current });
      } catch (error) {
        if (error instanceof RecordingRefused && error.status !== 0 && error.status < 500) {
          awake.release();
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
      let media: MediaStream | undefined;
      try {
        // «Solo audio della chiamata» opens no microphone.
        if (call.usesMicrophone()) media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
      } catch (error) {
        console.warn("Microfono non disponibile:", error);
        awake.release();
        if (!cancelled) dispatch({ type: "MIC_DENIED" });
        void deleteServerRecording(serverId);
        return;
      }
      if (cancelled) {
        media?.getTracks().forEach((t) => t.stop());
        return;
      }
      stream.current = media;
      awake.acquire(state.keepAwake);
      const recorded = call.mix(media);
      waveform.start(media ?? recorded);
      const mediaRecorder = new MediaRecorder(recorded, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
      const current = await chunks.begin(
        userId,
        serverId,
        mediaRecorder.mimeType || mimeType || "audio/webm",
        call.recordingSource(),
        meeting?.current,
      );
      setStopReason(undefined);
      mediaRecorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.addChunk(current, event.data, elapsedRef.current);
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
  }, [state.status, state.keepAwake]);

  const pause = () => {
    recorder.current?.pause();
    dispatch({ type: "PAUSE" });
  };
  const resume = () => {
    recorder.current?.resume();
    dispatch({ type: "RESUME" });
  };
  const stop = () => {
    awake.release();
    // STOP is dispatched by onstop, once the last chunk is in the browser store.
    if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
  };

  return { pause, resume, stop, stopReason };
}
