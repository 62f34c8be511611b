import { describe, expect, it } from "vitest";
import { REMOTE_PARTICIPANTS } from "./audio-source";
import { attributeSpeakers, type ChannelLevels } from "./channel-speakers";

const OWNER = "Sara Fontana";
const NOISE = -70;
const SPEECH = -20;

/** Levels from a list of [seconds, left dBFS, right dBFS] spans, 100 ms frames. */
function levels(spans: [number, number, number][]): ChannelLevels {
  const left: number[] = [];
  const right: number[] = [];
  for (const [seconds, l, r] of spans)
    for (let i = 0; i < Math.round(seconds * 10); i++) {
      // A little movement, as real speech has.
      left.push(l + (i % 3));
      right.push(r - (i % 2));
    }
  return { frameSec: 0.1, left, right };
}

const segs = (...spans: [number, number][]) => spans.map(([start, end], i) => ({ start, end, text: `frase ${i}`, speaker: "SPEAKER_00" }));
const speakers = (s: { speaker?: string | null }[]) => s.map((x) => x.speaker);

describe("attributeSpeakers", () => {
  it("gives the microphone side the account's name and the call side «Partecipanti remoti»", () => {
    const l = levels([
      [5, SPEECH, NOISE],
      [5, NOISE, SPEECH],
    ]);
    expect(speakers(attributeSpeakers(segs([0, 4.9], [5, 9.9]), "microphone-and-call", OWNER, l))).toEqual([OWNER, REMOTE_PARTICIPANTS]);
  });

  it("handles the call's echo in the microphone (20 dB down) as the call", () => {
    const l = levels([
      [4, SPEECH, NOISE],
      [4, SPEECH - 20, SPEECH],
      [4, SPEECH, SPEECH - 25],
    ]);
    expect(speakers(attributeSpeakers(segs([0, 4], [4, 8], [8, 12]), "microphone-and-call", OWNER, l))).toEqual([OWNER, REMOTE_PARTICIPANTS, OWNER]);
  });

  it("leaves the speaker empty on overlap: both sides at once, or a segment spanning both turns", () => {
    const l = levels([
      [4, SPEECH, SPEECH - 3],
      [3, SPEECH, NOISE],
      [3, NOISE, SPEECH],
    ]);
    expect(speakers(attributeSpeakers(segs([0, 4], [4, 10]), "microphone-and-call", OWNER, l))).toEqual([null, null]);
  });

  it("leaves the speaker empty in silence and past the end of the audio", () => {
    const l = levels([
      [3, NOISE, NOISE],
      [3, SPEECH, NOISE],
    ]);
    expect(speakers(attributeSpeakers(segs([0, 3], [3, 6], [6, 9]), "microphone-and-call", OWNER, l))).toEqual([null, OWNER, null]);
  });

  it("with one channel missing (digital silence, or ended early) the other side still speaks", () => {
    const silentCall: ChannelLevels = { frameSec: 0.1, left: levels([[6, SPEECH, NOISE]]).left, right: new Array(60).fill(-Infinity) };
    expect(speakers(attributeSpeakers(segs([0, 3], [3, 6]), "microphone-and-call", OWNER, silentCall))).toEqual([OWNER, OWNER]);
    const shortMic: ChannelLevels = { frameSec: 0.1, left: levels([[2, NOISE, NOISE]]).left, right: levels([[6, NOISE, SPEECH]]).right };
    expect(speakers(attributeSpeakers(segs([0, 2], [3, 6]), "microphone-and-call", OWNER, shortMic))).toEqual([
      REMOTE_PARTICIPANTS,
      REMOTE_PARTICIPANTS,
    ]);
  });

  it("a call-only recording is all «Partecipanti remoti»; microphone recordings and uploads keep the engine's speakers", () => {
    expect(speakers(attributeSpeakers(segs([0, 2]), "call", OWNER, null))).toEqual([REMOTE_PARTICIPANTS]);
    const l = levels([[2, SPEECH, NOISE]]);
    expect(speakers(attributeSpeakers(segs([0, 2]), "microphone", OWNER, l))).toEqual(["SPEAKER_00"]);
    expect(speakers(attributeSpeakers(segs([0, 2]), null, OWNER, l))).toEqual(["SPEAKER_00"]);
    // A stereo call recording whose file turned out mono: no sides to tell, nothing changed.
    expect(speakers(attributeSpeakers(segs([0, 2]), "microphone-and-call", OWNER, null))).toEqual(["SPEAKER_00"]);
  });

  it("keeps the segments' other fields", () => {
    const [s] = attributeSpeakers([{ start: 0, end: 2, text: "ciao", speaker: null, extra: 1 }], "call", OWNER, null);
    expect(s).toEqual({ start: 0, end: 2, text: "ciao", speaker: REMOTE_PARTICIPANTS, extra: 1 });
  });
});
