/** The 50-bar live waveform (spec 2.5); levels are 0..1, one per bar. */
export const WAVEFORM_BARS = 50;

/** With a call (issue 30) two are shown, each labelled: the microphone's and the call's. */
export function Waveform({ levels, active, label, testId = "waveform" }: { levels: number[]; active: boolean; label?: string; testId?: string }) {
  const bars = (
    <div className="flex h-20 w-full items-center justify-center gap-[2px] sm:gap-1" aria-hidden data-testid={testId} data-active={active}>
      {Array.from({ length: WAVEFORM_BARS }, (_, i) => {
        const level = levels[i] ?? 0;
        return (
          <span
            key={i}
            data-testid="waveform-bar"
            className={`w-1 rounded-full transition-[height] duration-75 ${active ? "bg-brand-500" : "bg-slate-300"}`}
            style={{ height: `${Math.max(4, Math.round(level * 100))}%` }}
          />
        );
      })}
    </div>
  );
  if (!label) return bars;
  return (
    <div className="w-full">
      <p className="text-center text-xs text-slate-500">{label}</p>
      {bars}
    </div>
  );
}

/** Splits an AnalyserNode's time-domain frame into 50 loudness levels (peak per bar, boosted for speech). */
export function levelsFromSamples(samples: Uint8Array): number[] {
  const size = Math.max(1, Math.floor(samples.length / WAVEFORM_BARS));
  const levels: number[] = [];
  for (let bar = 0; bar < WAVEFORM_BARS; bar++) {
    let peak = 0;
    for (let i = bar * size; i < (bar + 1) * size && i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i] - 128) / 128);
    levels.push(Math.min(1, peak * 2));
  }
  return levels;
}
