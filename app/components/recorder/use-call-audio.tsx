import { useCallback, useEffect, useRef, useState } from "react";
import { AUDIO_SOURCE_LABELS, type AudioSource } from "~/lib/audio-source";
import {
  AUDIO_SOURCE_STORAGE_KEY,
  callAudioSupport,
  desktopCallAudio,
  rememberedSource,
  SilenceWatch,
  usesCall,
  usesMicrophone,
  type CallAudioSupport,
} from "~/lib/call-audio";
import { getDesktopBridge, type DesktopSystemAudio } from "~/lib/desktop-bridge";
import type { RecorderStatus } from "~/lib/recorder-machine";
import { createStereoMixer, type StereoMixer } from "./stereo-mixer";
import { useWaveform } from "./use-waveform";

const CALL_AUDIO_UNAVAILABLE = "L'audio del computer non è disponibile su questo sistema.";

/**
 * Linux desktop: the computer's output is the PulseAudio/PipeWire monitor input the shell named,
 * opened like a microphone without any processing.
 */
async function openMonitor(deviceLabel: string, setProblem: (problem: ShareProblem | undefined) => void): Promise<MediaStream | undefined> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const monitor = devices.find((d) => d.kind === "audioinput" && d.label === deviceLabel);
  if (!monitor) {
    setProblem("noAudio");
    return undefined;
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { deviceId: { exact: monitor.deviceId }, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    console.warn("Audio del computer non disponibile:", error);
    setProblem("cancelled");
    return undefined;
  }
}

/** What went wrong with the share before recording started. */
export type ShareProblem = "noAudio" | "cancelled";

/** How often the silence watch and the share's end are checked (timers still run in a background tab). */
const WATCH_MS = 500;

/**
 * The call's side of the recorder (issue 30): the source chosen (remembered in localStorage),
 * the tab shared through getDisplayMedia (asked from the click itself, which the browser
 * requires; its video track stopped at once), the stereo mix handed to the one MediaRecorder,
 * the share ending and starting again, and the silence watch.
 */
export function useCallAudio(status: RecorderStatus, dialogOpen: boolean) {
  const [source, setSourceState] = useState<AudioSource>("microphone");
  const [support, setSupport] = useState<CallAudioSupport>({ supported: true });
  const [problem, setProblem] = useState<ShareProblem>();
  const [ended, setEnded] = useState(false);
  const [silent, setSilent] = useState(false);
  const shared = useRef<MediaStream>();
  const mixer = useRef<StereoMixer>();
  const waveform = useWaveform();
  const recordingSource = useRef<AudioSource>("microphone");
  const [labels, setLabels] = useState(AUDIO_SOURCE_LABELS);
  const desktop = useRef<DesktopSystemAudio>();

  // Read on the client only (the server renders «Solo microfono»).
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(AUDIO_SOURCE_STORAGE_KEY);
    } catch {
      // Storage blocked: the default it is.
    }
    const systemAudio = getDesktopBridge()?.systemAudio;
    if (systemAudio) {
      // The desktop app: the computer's output, as its shell found it on this system.
      void systemAudio()
        .then((system) => {
          desktop.current = system;
          const found = desktopCallAudio(system);
          setSupport(found.support);
          setLabels(found.labels);
          setSourceState(rememberedSource(stored, found.support));
        })
        .catch(() => setSupport({ supported: false, reason: CALL_AUDIO_UNAVAILABLE }));
      return;
    }
    const found = callAudioSupport(navigator.userAgent, typeof navigator.mediaDevices?.getDisplayMedia === "function");
    setSupport(found);
    setSourceState(rememberedSource(stored, found));
  }, []);

  const setSource = useCallback((next: AudioSource) => {
    setSourceState(next);
    setProblem(undefined);
    try {
      localStorage.setItem(AUDIO_SOURCE_STORAGE_KEY, next);
    } catch {
      // Not remembered: still used for this recording.
    }
  }, []);

  const releaseShared = useCallback(() => {
    shared.current?.getTracks().forEach((t) => t.stop());
    shared.current = undefined;
  }, []);

  /**
   * Asks for the tab to share. Must be called straight from a click: getDisplayMedia needs the
   * user's activation, which an await before it would lose.
   */
  const share = useCallback(async (): Promise<MediaStream | undefined> => {
    let stream: MediaStream;
    const system = desktop.current;
    if (system?.supported && system.method === "monitor") return openMonitor(system.deviceLabel, setProblem);
    try {
      // In the desktop app on Windows and macOS the shell answers with the system's loopback, no picker.
      stream = await navigator.mediaDevices.getDisplayMedia({
        video: true,
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
        // Chrome's hints: offer tabs with their audio, not this tab.
        ...({ systemAudio: "include", selfBrowserSurface: "exclude", preferCurrentTab: false } as object),
      });
    } catch (error) {
      console.warn("Condivisione annullata:", error);
      setProblem("cancelled");
      return undefined;
    }
    // The picture is never wanted: stopped and dropped before anything records.
    for (const track of stream.getVideoTracks()) {
      track.stop();
      stream.removeTrack(track);
    }
    if (stream.getAudioTracks().length === 0) {
      setProblem("noAudio");
      return undefined;
    }
    setProblem(undefined);
    return stream;
  }, []);

  /** The record button: shares first when the call is wanted, then starts. */
  const prepare = (start: () => void) => {
    recordingSource.current = source;
    if (!usesCall(source)) {
      setProblem(undefined);
      start();
      return;
    }
    releaseShared();
    void share().then((stream) => {
      if (!stream) return;
      shared.current = stream;
      start();
    });
  };

  /** «Registra solo il microfono» after a failed share. */
  const startMicOnly = (start: () => void) => {
    setSource("microphone");
    recordingSource.current = "microphone";
    start();
  };

  const { start: startWaveform, stop: stopWaveform } = waveform;
  const attach = useCallback(
    (stream: MediaStream) => {
      shared.current = stream;
      mixer.current?.setCall(stream);
      stopWaveform();
      startWaveform(stream);
      setEnded(false);
    },
    [startWaveform, stopWaveform],
  );

  /** «Condividi di nuovo» while recording: the call's channel resumes in the same mix. */
  const shareAgain = () => {
    void share().then((stream) => {
      if (!stream) return;
      releaseShared();
      attach(stream);
    });
  };

  /** The stream the MediaRecorder records: the microphone as before, or the mix with the call. */
  const mix = (mic: MediaStream | undefined): MediaStream => {
    const wanted = recordingSource.current;
    if (!usesCall(wanted) || !shared.current) return mic!;
    const context = new AudioContext();
    void context.resume().catch(() => {});
    mixer.current = createStereoMixer(context, usesMicrophone(wanted) ? mic : undefined, undefined);
    attach(shared.current);
    return mixer.current.stream;
  };

  const stop = useCallback(() => {
    releaseShared();
    mixer.current?.close();
    mixer.current = undefined;
    stopWaveform();
    setEnded(false);
    setSilent(false);
    setProblem(undefined);
  }, [releaseShared, stopWaveform]);

  // A share that did not lead to a recording (a pop-up came first, the microphone was refused).
  useEffect(() => {
    if (status === "idle" && !dialogOpen && !mixer.current) releaseShared();
  }, [status, dialogOpen, releaseShared]);

  useEffect(() => stop, [stop]);

  // While recording: the end of the share (the browser's own bar) and the silence watch.
  useEffect(() => {
    if (status !== "recording" || !mixer.current) return;
    const watch = new SilenceWatch();
    const timer = setInterval(() => {
      const current = mixer.current;
      if (!current) return;
      const track = shared.current?.getAudioTracks()[0];
      if (shared.current && (!track || track.readyState === "ended")) {
        current.setCall(undefined);
        releaseShared();
        stopWaveform();
        setEnded(true);
      }
      if (recordingSource.current !== "microphone-and-call" || !shared.current) {
        watch.reset();
        setSilent(false);
        return;
      }
      const levels = current.levels();
      setSilent(watch.update(levels.mic, levels.call, Date.now()));
    }, WATCH_MS);
    return () => clearInterval(timer);
  }, [status, releaseShared, stopWaveform]);

  return {
    source,
    setSource,
    support,
    labels,
    problem,
    ended,
    silent,
    /** The source of the recording in progress (what the server is told). */
    recordingSource: () => recordingSource.current,
    usesMicrophone: () => usesMicrophone(recordingSource.current),
    /** Whether the recording in progress has the call's level to show. */
    stereo: () => recordingSource.current === "microphone-and-call",
    callLevels: waveform.levels,
    prepare,
    startMicOnly,
    shareAgain,
    mix,
    stop,
  };
}
