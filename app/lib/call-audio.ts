import { AUDIO_SOURCE_LABELS, AUDIO_SOURCES, isAudioSource, type AudioSource } from "./audio-source";
import type { DesktopSystemAudio } from "./desktop-bridge";

/**
 * Recording the call in the browser (issue 30): the texts, which browsers can, the remembered
 * choice and the silence watch. Pure: the recorder's hooks do the Web Audio side.
 */

export const CALL_AUDIO_TEXT = {
  pickerLabel: "Sorgente audio",
  badSource: `Il campo «source» deve essere uno tra ${AUDIO_SOURCES.map((s) => `«${s}»`).join(", ")}.`,
  unsupported: "L'audio della chiamata si registra solo da Chrome o Edge su computer.",
  shareHint: "Alla partenza scegli la scheda della riunione e attiva «Condividi audio».",
  noAudio: "Hai condiviso senza audio: scegli la scheda della riunione e attiva «Condividi audio». La registrazione non è partita.",
  cancelled: "Condivisione annullata: la registrazione non è partita.",
  shareAgain: "Condividi di nuovo",
  micOnly: "Registra solo il microfono",
  sharingEnded: "La condivisione è terminata: la registrazione continua con il solo microfono.",
  sharingEndedCallOnly: "La condivisione è terminata: la registrazione continua ma non riceve audio.",
  silentCall: "Non sento l'audio della chiamata: hai scelto «Condividi audio»?",
  micLevel: "Microfono",
  callLevel: "Chiamata",
} as const;

export type CallAudioSupport = { supported: true } | { supported: false; reason: string };

/**
 * Only desktop Chromium (Chrome, Edge, Opera…) gives a shared tab's audio to getDisplayMedia:
 * Firefox and Safari share video only, and phones have no getDisplayMedia at all.
 */
export function callAudioSupport(userAgent: string, hasGetDisplayMedia: boolean): CallAudioSupport {
  const no = { supported: false, reason: CALL_AUDIO_TEXT.unsupported } as const;
  if (!hasGetDisplayMedia) return no;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return no;
  if (/Firefox\/|FxiOS/i.test(userAgent)) return no;
  if (!/Chrome\/|Chromium\/|Edg\//.test(userAgent)) return no; // Safari and the rest
  return { supported: true };
}

/**
 * In the desktop app the call is the computer's own output, captured without a picker (issue 30):
 * the options say so, and the support is what the desktop shell found on this system.
 */
export function desktopCallAudio(system: DesktopSystemAudio): { support: CallAudioSupport; labels: Record<AudioSource, string> } {
  return {
    support: system.supported ? { supported: true } : { supported: false, reason: system.reason },
    labels: { ...AUDIO_SOURCE_LABELS, "microphone-and-call": "Microfono e audio del computer", call: "Solo audio del computer" },
  };
}

export const AUDIO_SOURCE_STORAGE_KEY = "verbale.audioSource";

/** The remembered choice, if still valid and possible here; else «Solo microfono». */
export function rememberedSource(stored: string | null | undefined, support: CallAudioSupport): AudioSource {
  if (!isAudioSource(stored)) return "microphone";
  return stored !== "microphone" && !support.supported ? "microphone" : stored;
}

export function usesMicrophone(source: AudioSource): boolean {
  return source !== "call";
}

export function usesCall(source: AudioSource): boolean {
  return source !== "microphone";
}

/** RMS (0..1) under which a channel counts as silent: below a quiet voice, above a muted tab's dither. */
export const SILENCE_RMS = 0.01;
export const SILENT_CALL_MS = 30_000;

/**
 * Warns when the call's channel stayed silent for 30 s of the microphone hearing something: the
 * usual cause is a share without «Condividi audio» or a muted tab. Time only counts while the
 * microphone is not silent (a pause of the whole meeting is no reason to warn); any sound from
 * the call clears it.
 */
export class SilenceWatch {
  private silentMs = 0;
  private last: number | undefined;

  constructor(private limitMs = SILENT_CALL_MS) {}

  /** Levels as RMS 0..1 at time now (ms); answers whether to show the warning. */
  update(mic: number, call: number, now: number): boolean {
    const step = this.last === undefined ? 0 : Math.max(0, now - this.last);
    this.last = now;
    if (call >= SILENCE_RMS) this.silentMs = 0;
    else if (mic >= SILENCE_RMS) this.silentMs += step;
    return this.silentMs >= this.limitMs;
  }

  /** After a pause or a new share: count from zero, from the next reading. */
  reset() {
    this.silentMs = 0;
    this.last = undefined;
  }
}
