/**
 * Where a recording's sound comes from (issue 30). With both, the recording is stereo: left the
 * microphone, right the call. Uploads have no source (null): they are never split by channel.
 */
export const AUDIO_SOURCES = ["microphone", "microphone-and-call", "call"] as const;
export type AudioSource = (typeof AUDIO_SOURCES)[number];

export const AUDIO_SOURCE_LABELS: Record<AudioSource, string> = {
  microphone: "Solo microfono",
  "microphone-and-call": "Microfono e audio della chiamata",
  call: "Solo audio della chiamata",
};

export function isAudioSource(value: unknown): value is AudioSource {
  return typeof value === "string" && (AUDIO_SOURCES as readonly string[]).includes(value);
}

/** The speaker label of the call's side. */
export const REMOTE_PARTICIPANTS = "Partecipanti remoti";

/** A recording with the call in it: its channels, not the voices, say who spoke. */
export function isCallRecording(source: AudioSource | null | undefined): source is "microphone-and-call" | "call" {
  return source === "microphone-and-call" || source === "call";
}
