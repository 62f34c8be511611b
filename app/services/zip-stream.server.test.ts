import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { zipStream, type ZipEntry } from "./zip-stream.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function writeZip(name: string, entries: ZipEntry[] | AsyncIterable<ZipEntry>): Promise<string> {
  const file = path.join(dir, name);
  const source = Array.isArray(entries)
    ? (async function* () {
        yield* entries;
      })()
    : entries;
  const out = fs.createWriteStream(file);
  for await (const chunk of zipStream(source)) if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}

/** Python's zipfile: names, sizes and CRC check (testzip) of every entry. */
function pythonRead(file: string): { names: string[]; bad: string | null; texts: Record<string, string> } {
  const script = `import zipfile, json, sys
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
names = z.namelist()
texts = {n: z.read(n).decode("utf-8", "replace") for n in names[:5] if z.getinfo(n).file_size < 10000}
print(json.dumps({"names": names, "bad": bad, "texts": texts}))`;
  return JSON.parse(execFileSync("python3", ["-c", script, file], { maxBuffer: 64 * 1024 * 1024 }).toString()) as never;
}

describe("zipStream", () => {
  it("writes stored entries with descriptors that unzip -t and Python's zipfile accept", async () => {
    const big = Buffer.alloc(300_000, 7);
    const file = await writeZip("a.zip", [
      { name: "LEGGIMI.txt", data: Buffer.from("Ciao, è un archivio.\n") },
      { name: "vuoto.json", data: Buffer.alloc(0) },
      {
        name: "trascrizioni/riunione-città/audio.webm",
        data: async () => Readable.from([big.subarray(0, 100_000), big.subarray(100_000)]),
        size: big.length,
      },
    ]);
    expect(execFileSync("unzip", ["-t", file]).toString()).toContain("No errors detected");
    const read = pythonRead(file);
    expect(read.bad).toBeNull();
    expect(read.names).toEqual(["LEGGIMI.txt", "vuoto.json", "trascrizioni/riunione-città/audio.webm"]);
    expect(read.texts["LEGGIMI.txt"]).toBe("Ciao, è un archivio.\n");
  });

  it("switches to ZIP64 records for a declared 4 GiB entry and for 65,535 entries or more", async () => {
    const declared = await writeZip("b.zip", [{ name: "grande.bin", data: async () => Readable.from([Buffer.from("abc")]), size: 2 ** 32 }]);
    expect(pythonRead(declared)).toMatchObject({ bad: null, names: ["grande.bin"] });
    expect(execFileSync("unzip", ["-t", declared]).toString()).toContain("No errors detected");

    const many = await writeZip(
      "c.zip",
      (async function* () {
        for (let i = 0; i < 70_000; i += 1) yield { name: `f${i}.txt`, data: Buffer.from(String(i)) };
      })(),
    );
    const read = pythonRead(many);
    expect(read.bad).toBeNull();
    expect(read.names).toHaveLength(70_000);
    expect(fs.readFileSync(many).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
  }, 60_000);
});
