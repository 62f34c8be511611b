import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkKey } from "./chunked-recording.server";
import { setConfigForTests } from "./config.server";
import { removeRecordingChunks, withAssembledRecording } from "./recording-assembly.server";
import * as storage from "./storage.server";

/** The process's local copy of a recording in progress (decision 027), on the local storage folder. */

const scratch = path.resolve(import.meta.dirname, "../../tests/.data", `assembly-${process.pid}`);
const chunk = (index: number) => Buffer.from(`<chunk ${index}>`);
const sendChunks = async (id: string, from: number, to: number) => {
  for (let i = from; i < to; i++) await storage.putBuffer(chunkKey(id, i), chunk(i));
};
const expected = (count: number) => Buffer.concat(Array.from({ length: count }, (_, i) => chunk(i)));
const copyOf = (id: string, count: number) =>
  withAssembledRecording(id, count, async (file, chunks) => ({ bytes: fs.readFileSync(file), chunks, file }));

beforeAll(() => {
  setConfigForTests({ DATA_DIR: scratch, STORAGE: { kind: "local", root: undefined } });
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("a recording's local copy", () => {
  it("holds the chunks in order and reads from storage only the ones new since the last use", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    await sendChunks(id, 0, 3);
    expect(await copyOf(id, 3)).toMatchObject({ bytes: expected(3), chunks: 3 });
    // Chunks already copied are not read again: gone from storage, the copy still grows.
    await storage.remove(chunkKey(id, 0));
    await sendChunks(id, 3, 5);
    expect(await copyOf(id, 5)).toMatchObject({ bytes: expected(5), chunks: 5 });
    // A caller that read an older count gets the file as it is, and is told it holds more.
    expect(await copyOf(id, 4)).toMatchObject({ bytes: expected(5), chunks: 5 });
  });

  it("uses of one recording never overlap: an append waits for the reader before it", async () => {
    const id = "00000000-0000-4000-8000-000000000002";
    await sendChunks(id, 0, 4);
    const seen: string[] = [];
    const first = withAssembledRecording(id, 2, async (file) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen.push(fs.readFileSync(file, "latin1"));
    });
    const second = copyOf(id, 4);
    await Promise.all([first, second]);
    expect(seen).toEqual([expected(2).toString("latin1")]);
    expect((await second).bytes).toEqual(expected(4));
  });

  it("after a failed append starts again from the first chunk, never with a hole", async () => {
    const id = "00000000-0000-4000-8000-000000000003";
    await sendChunks(id, 0, 2);
    await copyOf(id, 2);
    // Chunk 3 is missing: the append of 2..3 fails half way.
    await sendChunks(id, 2, 3);
    await expect(copyOf(id, 4)).rejects.toThrow();
    await sendChunks(id, 3, 4);
    expect(await copyOf(id, 4)).toMatchObject({ bytes: expected(4), chunks: 4 });
  });

  it("removing a recording's chunks removes the stored ones and the local copy", async () => {
    const id = "00000000-0000-4000-8000-000000000004";
    await sendChunks(id, 0, 2);
    const { file } = await copyOf(id, 2);
    await removeRecordingChunks(id);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(storage.storagePath(`recordings/${id}`))).toBe(false);
    // A later use starts a new copy from storage (nothing there now: it fails, it does not reuse the old one).
    await expect(copyOf(id, 2)).rejects.toThrow();
  });
});
