import type { AudioSource } from "./audio-source";

/**
 * Durable browser storage of a recording while it is made (issue 14): every MediaRecorder chunk
 * is written to IndexedDB as it arrives, with the recording's metadata, so a reload, a crash or a
 * killed browser loses at most the chunk being recorded. Writes ask for "strict" durability
 * (flushed to disk before the transaction completes). The same code runs in the desktop app,
 * whose web view keeps IndexedDB in the user's profile.
 */

import type { MeetingDetails } from "./meeting";

export type LocalRecording = {
  localId: string;
  /** The signed-in user who made it: another account on the same browser never sees it. */
  userId: string;
  /** The server's recording (transcription) id, once POST /api/recordings answered. */
  serverId?: string;
  mimeType: string;
  /** Issue 30: what the server is told when it opens the recording later (offline start). */
  source?: AudioSource;
  /** Epoch ms. */
  startedAt: number;
  /** Seconds recorded, pauses excluded. */
  seconds: number;
  /** Chunks kept here (indexes 0..chunkCount-1). */
  chunkCount: number;
  /** Chunks the server has confirmed (0..uploaded-1). */
  uploaded: number;
  bytes: number;
  /** «Dati della riunione» (issue 31), for a server recording opened only later (started offline). */
  meeting?: MeetingDetails;
};

type StoredChunk = { localId: string; index: number; blob: Blob };

const DB_NAME = "verbale-recordings";
const DB_VERSION = 1;
const RECORDINGS = "recordings";
const CHUNKS = "chunks";

let opening: Promise<IDBDatabase> | undefined;

export function recordingStoreAvailable(): boolean {
  return typeof indexedDB !== "undefined";
}

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(RECORDINGS)) db.createObjectStore(RECORDINGS, { keyPath: "localId" });
      if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS, { keyPath: ["localId", "index"] });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema: let it, and reopen next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error);
    };
  });
  return opening;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function write(stores: string[], body: (tx: IDBTransaction) => void): Promise<void> {
  const db = await open();
  // "strict": the chunk is on disk before we count it (survives a killed browser, not only a closed tab).
  const tx = db.transaction(stores, "readwrite", { durability: "strict" } as IDBTransactionOptions);
  body(tx);
  await done(tx);
}

export async function createLocalRecording(recording: LocalRecording): Promise<void> {
  await write([RECORDINGS], (tx) => tx.objectStore(RECORDINGS).put(recording));
}

/** Stores chunk `index` and the recording's new totals in one transaction. */
export async function appendChunk(localId: string, index: number, blob: Blob, seconds: number): Promise<LocalRecording | undefined> {
  let updated: LocalRecording | undefined;
  await write([RECORDINGS, CHUNKS], (tx) => {
    const recordings = tx.objectStore(RECORDINGS);
    tx.objectStore(CHUNKS).put({ localId, index, blob } satisfies StoredChunk);
    const get = recordings.get(localId);
    get.onsuccess = () => {
      const current = get.result as LocalRecording | undefined;
      if (!current) return;
      updated = {
        ...current,
        chunkCount: Math.max(current.chunkCount, index + 1),
        seconds: Math.max(current.seconds, seconds),
        bytes: current.bytes + blob.size,
      };
      recordings.put(updated);
    };
  });
  return updated;
}

export async function updateLocalRecording(localId: string, patch: Partial<Omit<LocalRecording, "localId">>): Promise<void> {
  await write([RECORDINGS], (tx) => {
    const recordings = tx.objectStore(RECORDINGS);
    const get = recordings.get(localId);
    get.onsuccess = () => {
      const current = get.result as LocalRecording | undefined;
      if (current) recordings.put({ ...current, ...patch });
    };
  });
}

export async function getLocalRecording(localId: string): Promise<LocalRecording | undefined> {
  const db = await open();
  return (await result(db.transaction(RECORDINGS).objectStore(RECORDINGS).get(localId))) as LocalRecording | undefined;
}

/** The user's recordings still in this browser (not yet confirmed by the server), oldest first. */
export async function listLocalRecordings(userId: string): Promise<LocalRecording[]> {
  if (!recordingStoreAvailable()) return [];
  const db = await open();
  const all = (await result(db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll())) as LocalRecording[];
  return all.filter((r) => r.userId === userId).sort((a, b) => a.startedAt - b.startedAt);
}

export async function readChunk(localId: string, index: number): Promise<Blob | undefined> {
  const db = await open();
  const chunk = (await result(db.transaction(CHUNKS).objectStore(CHUNKS).get([localId, index]))) as StoredChunk | undefined;
  return chunk?.blob;
}

/** The whole recording as one file (chunks in order), to save it on the device. */
export async function readWholeRecording(localId: string): Promise<Blob | undefined> {
  const recording = await getLocalRecording(localId);
  if (!recording) return undefined;
  const db = await open();
  const range = IDBKeyRange.bound([localId, 0], [localId, Number.MAX_SAFE_INTEGER]);
  const chunks = (await result(db.transaction(CHUNKS).objectStore(CHUNKS).getAll(range))) as StoredChunk[];
  return new Blob(
    chunks.sort((a, b) => a.index - b.index).map((c) => c.blob),
    { type: recording.mimeType },
  );
}

/** Forgets a recording and its chunks: only after the server confirmed it, or the user deleted it. */
export async function deleteLocalRecording(localId: string): Promise<void> {
  await write([RECORDINGS, CHUNKS], (tx) => {
    tx.objectStore(RECORDINGS).delete(localId);
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([localId, 0], [localId, Number.MAX_SAFE_INTEGER]));
  });
}

/** What 3 hours of recording need (64 kbit/s Opus plus IndexedDB overhead). */
export const THREE_HOURS_BYTES = 3 * 3600 * (64_000 / 8) * 1.1;

/**
 * Free browser storage in minutes of recording, when the browser says and it is under 3 hours;
 * undefined when there is enough (or nothing is known). Also asks for persistent storage, so the
 * browser does not evict the recordings under pressure.
 */
export async function lowStorageMinutes(): Promise<number | undefined> {
  if (typeof navigator === "undefined" || !navigator.storage?.estimate) return undefined;
  try {
    void navigator.storage.persist?.().catch(() => false);
    const { quota, usage } = await navigator.storage.estimate();
    if (quota === undefined) return undefined;
    const free = quota - (usage ?? 0);
    if (free >= THREE_HOURS_BYTES) return undefined;
    return Math.max(0, Math.floor(free / (THREE_HOURS_BYTES / 180)));
  } catch {
    return undefined;
  }
}
