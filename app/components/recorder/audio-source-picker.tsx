import { AUDIO_SOURCES } from "~/lib/audio-source";
import { CALL_AUDIO_TEXT, usesCall } from "~/lib/call-audio";
import type { useCallAudio } from "./use-call-audio";

type Call = ReturnType<typeof useCallAudio>;

/** «Sorgente audio» before recording (issue 30); the call's options off where the browser cannot. */
export function AudioSourcePicker({ call, disabled }: { call: Call; disabled: boolean }) {
  const { source, support } = call;
  return (
    <fieldset className="w-full max-w-md space-y-2 text-sm" data-testid="audio-source" disabled={disabled}>
      <legend className="mb-1 font-medium text-slate-800">{CALL_AUDIO_TEXT.pickerLabel}</legend>
      {AUDIO_SOURCES.map((value) => {
        const off = usesCall(value) && !support.supported;
        return (
          <label key={value} className={`flex items-center gap-2 ${off ? "text-slate-400" : "text-slate-700"}`}>
            <input
              type="radio"
              name="audio-source"
              value={value}
              checked={source === value}
              disabled={off}
              onChange={() => call.setSource(value)}
              data-testid={`audio-source-${value}`}
            />
            {call.labels[value]}
          </label>
        );
      })}
      {!support.supported ? (
        <p className="text-xs text-slate-600" data-testid="audio-source-unsupported">
          {support.reason}
        </p>
      ) : usesCall(source) ? (
        <p className="text-xs text-slate-600" data-testid="audio-source-hint">
          {CALL_AUDIO_TEXT.shareHint}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A failed share before recording (no audio, cancelled): nothing started, two ways on. */
export function ShareProblem({ call, onStart }: { call: Call; onStart: () => void }) {
  if (!call.problem) return null;
  return (
    <div role="alert" className="w-full max-w-md rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="share-problem">
      <p>{call.problem === "noAudio" ? CALL_AUDIO_TEXT.noAudio : CALL_AUDIO_TEXT.cancelled}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => call.prepare(onStart)} data-testid="share-again">
          {CALL_AUDIO_TEXT.shareAgain}
        </button>
        <button type="button" className="btn-secondary" onClick={() => call.startMicOnly(onStart)} data-testid="record-mic-only">
          {CALL_AUDIO_TEXT.micOnly}
        </button>
      </div>
    </div>
  );
}

/** While recording: the share ended (with «Condividi di nuovo»), or the call's channel is silent. */
export function CallNotices({ call }: { call: Call }) {
  return (
    <>
      {call.ended ? (
        <div role="status" className="w-full max-w-md rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="share-ended">
          <p>{call.usesMicrophone() ? CALL_AUDIO_TEXT.sharingEnded : CALL_AUDIO_TEXT.sharingEndedCallOnly}</p>
          <button type="button" className="btn-secondary mt-2" onClick={call.shareAgain} data-testid="share-again">
            {CALL_AUDIO_TEXT.shareAgain}
          </button>
        </div>
      ) : null}
      {call.silent && !call.ended ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="call-silent">
          {CALL_AUDIO_TEXT.silentCall}
        </p>
      ) : null}
    </>
  );
}
