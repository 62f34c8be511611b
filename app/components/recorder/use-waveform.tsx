import { useCallback, useEffect, useRef, useState } from "react";
import { levelsFromSamples, WAVEFORM_BARS } from "./waveform";

const silence = () => Array<number>(WAVEFORM_BARS).fill(0);

/** The 50 bars of the waveform, drawn from the microphone with an AnalyserNode. */
export function useWaveform() {
  const [levels, setLevels] = useState<number[]>(silence);
  const audioContext = useRef<AudioContext>();
  const frame = useRef<number>();

  const start = useCallback((media: MediaStream) => {
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
  }, []);

  const stop = useCallback(() => {
    if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    frame.current = undefined;
    void audioContext.current?.close().catch(() => {});
    audioContext.current = undefined;
    setLevels(silence());
  }, []);

  useEffect(() => stop, [stop]);
  return { levels, start, stop };
}
