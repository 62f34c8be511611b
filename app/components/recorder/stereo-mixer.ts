/**
 * The one stream the MediaRecorder records when the call is taken too (issue 30, decision 031):
 * a ChannelMergerNode puts the microphone on the left channel (0) and the call on the right (1),
 * each downmixed to mono by the merger's inputs, into a MediaStreamAudioDestinationNode. The call
 * can go (sharing ended) and come back (shared again) without touching the recorder: its input
 * of the merger is silent meanwhile. «Solo audio della chiamata» records the call alone in mono
 * (one side, nothing to tell apart: the worker needs no channels for it).
 */

export type Levels = { mic: number; call: number };

export type StereoMixer = {
  /** What the MediaRecorder records. */
  stream: MediaStream;
  /** Connects a (new) shared stream as the call, or none. */
  setCall(call: MediaStream | undefined): void;
  /** RMS 0..1 of each side right now (0 for a side that is absent). */
  levels(): Levels;
  close(): void;
};

/** What the mixer needs from an AudioContext (a fake one in unit tests). */
export type MixerContext = Pick<
  AudioContext,
  "createChannelMerger" | "createMediaStreamSource" | "createMediaStreamDestination" | "createAnalyser" | "close"
>;

function rms(analyser: AnalyserNode | undefined, samples: Float32Array<ArrayBuffer>): number {
  if (!analyser) return 0;
  analyser.getFloatTimeDomainData(samples);
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

export function createStereoMixer(context: MixerContext, mic: MediaStream | undefined, call: MediaStream | undefined): StereoMixer {
  const destination = context.createMediaStreamDestination();
  const stereo = mic !== undefined;
  destination.channelCount = stereo ? 2 : 1;
  destination.channelCountMode = "explicit";
  const fftSize = 2048;
  const samples = new Float32Array(fftSize);
  const analyser = () => {
    const node = context.createAnalyser();
    node.fftSize = fftSize;
    return node;
  };

  let target: AudioNode = destination;
  let micAnalyser: AnalyserNode | undefined;
  if (stereo) {
    const merger = context.createChannelMerger(2);
    merger.connect(destination);
    target = merger;
    const micSource = context.createMediaStreamSource(mic);
    micSource.connect(merger, 0, 0);
    micAnalyser = analyser();
    micSource.connect(micAnalyser);
  }

  let callSource: MediaStreamAudioSourceNode | undefined;
  const callAnalyser = analyser();
  const setCall = (next: MediaStream | undefined) => {
    callSource?.disconnect();
    callSource = undefined;
    if (!next || next.getAudioTracks().length === 0) return;
    callSource = context.createMediaStreamSource(next);
    // Into the merger's right input (1); alone, straight into the mono destination.
    if (stereo) callSource.connect(target, 0, 1);
    else callSource.connect(target);
    callSource.connect(callAnalyser);
  };
  setCall(call);

  return {
    stream: destination.stream,
    setCall,
    levels: () => ({ mic: rms(micAnalyser, samples), call: callSource ? rms(callAnalyser, samples) : 0 }),
    close: () => {
      callSource?.disconnect();
      destination.stream.getTracks().forEach((t) => t.stop());
      void context.close().catch(() => {});
    },
  };
}
