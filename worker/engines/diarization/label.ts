import type { TimedSegment } from "~/lib/analysis";
import type { MeetingDetails } from "~/lib/meeting";
import { getConfig } from "~/services/config.server";
import { log } from "~/services/logger.server";
import { assignSpeakers } from "./assign";
import { diarize } from "./index";

/** Under auto, models that could not be had are not asked for again (nor logged) for an hour. */
const AUTO_RETRY_MS = 60 * 60 * 1000;
let autoOffUntil = 0;

/**
 * The transcribe task's one call: the segments with «Relatore N» labels when diarization is on
 * and works, else the segments unchanged and one log line saying why. Segments that already have
 * a speaker (an engine that diarizes itself, call-channel labels) are left alone, and when every
 * segment has one the audio is not even read.
 */
export async function labelSpeakers<S extends TimedSegment>(o: {
  segments: S[];
  /** 16 kHz mono WAV of the audio from offsetSec on. */
  wavPath: string;
  offsetSec: number;
  meeting: MeetingDetails | null;
  transcriptionId: string;
  signal?: AbortSignal;
}): Promise<S[]> {
  const config = getConfig();
  if (config.DIARIZATION === "off" || o.segments.every((s) => s.speaker) || o.segments.length === 0) return o.segments;
  if (config.DIARIZATION === "auto" && Date.now() < autoOffUntil) return o.segments;
  const speakers = o.meeting?.speakerCount ?? config.DIARIZATION_SPEAKERS;
  const started = Date.now();
  const result = await diarize({
    wavPath: o.wavPath,
    dataDir: config.DATA_DIR,
    paths: { segmentation: config.DIARIZATION_SEGMENTATION_MODEL, embedding: config.DIARIZATION_EMBEDDING_MODEL },
    baseUrl: config.DIARIZATION_MODEL_URL,
    speakers: speakers && speakers > 0 ? speakers : undefined,
    threshold: config.DIARIZATION_THRESHOLD,
    signal: o.signal,
    log: (line) => log.warn({ transcriptionId: o.transcriptionId }, line),
  });
  if (!result.turns) {
    // auto: diarization is simply off on this machine; on: the operator asked for it.
    if (config.DIARIZATION === "auto" && result.modelsMissing) autoOffUntil = Date.now() + AUTO_RETRY_MS;
    const line = `Riconoscimento dei relatori non eseguito: ${result.reason}. La trascrizione resta senza relatori.`;
    if (config.DIARIZATION === "on") log.warn({ transcriptionId: o.transcriptionId }, line);
    else log.info({ transcriptionId: o.transcriptionId }, line);
    return o.segments;
  }
  const turns = result.turns.map((t) => ({ ...t, start: t.start + o.offsetSec, end: t.end + o.offsetSec }));
  const count = new Set(turns.map((t) => t.speaker)).size;
  log.info(
    { transcriptionId: o.transcriptionId },
    `Riconoscimento dei relatori: ${count} ${count === 1 ? "relatore" : "relatori"} in ${((Date.now() - started) / 1000).toFixed(1)} s (CPU ${result.cpuSeconds.toFixed(1)} s, RSS ${result.maxRssMb} MB)`,
  );
  return assignSpeakers(o.segments, turns);
}
