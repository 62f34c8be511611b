import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { analysisResultSchema } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { decodeToWav } from "~/services/ffmpeg.server";
import { startOpenAIDouble, type OpenAIDouble } from "../../tests/support/openai-double";
import { toneFile } from "../../tests/support/audio";
import { parseConfig } from "~/services/config.server";
import { getAnalysisEngine, getSpeechEngine } from "./index";
import { OpenAIAnalysisEngine, splitIntoParts, transcriptLines } from "./openai-analysis";
import { OpenAISpeechEngine } from "./openai-speech";
import { UserFacingError } from "./types";

let double: OpenAIDouble;
let dir: string;
let wav20: string;

beforeAll(async () => {
  double = await startOpenAIDouble();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "openai-engines-"));
  wav20 = path.join(dir, "tone20.wav");
  await decodeToWav(toneFile(path.join(dir, "tone20.mp3"), 20), wav20);
});

afterAll(async () => {
  await double.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  double.requests.length = 0;
  double.failAlways("transcriptions", undefined);
  double.failAlways("chat", undefined);
});

const speech = (extra: Partial<ConstructorParameters<typeof OpenAISpeechEngine>[0]> = {}) =>
  new OpenAISpeechEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "whisper-1", maxRetries: 3, ...extra });

describe("OpenAISpeechEngine", () => {
  it("sends a multipart verbose_json request and returns timed segments in ISO language", async () => {
    const result = await speech().transcribe({ wavPath: wav20, durationSec: 20, language: "it" });
    expect(result.language).toBe("it");
    expect(result.segments).toHaveLength(5);
    expect(result.segments[0]).toEqual({ start: 0, end: 4, text: "Buongiorno a tutti e grazie per essere qui." });
    expect(result.segments.at(-1)!.end).toBeCloseTo(20, 1);
    const [request] = double.requests;
    expect(request.path).toBe("/v1/audio/transcriptions");
    expect(request.authorization).toBe(`Bearer ${double.apiKey}`);
    expect(request.fields).toMatchObject({ model: "whisper-1", response_format: "verbose_json", language: "it" });
    expect(request.fields["timestamp_granularities[]"]).toBe("segment");
    expect(request.fileBytes).toBe(fs.statSync(wav20).size);
  });

  it("splits a file above the upload limit into overlapping parts and stitches them in order", async () => {
    // 200 kB ≈ 6.2 s of 16 kHz mono: the 20 s file needs 4 parts.
    const fractions: number[] = [];
    const result = await speech({ maxUploadBytes: 200_000 }).transcribe({
      wavPath: wav20,
      durationSec: 20,
      language: "it",
      onProgress: (f) => fractions.push(f),
    });
    const uploads = double.requests.filter((r) => r.path === "/v1/audio/transcriptions");
    expect(uploads.length).toBe(4);
    for (const upload of uploads) expect(upload.fileBytes).toBeLessThanOrEqual(200_000);
    expect(fractions.at(-1)).toBe(1);
    for (let i = 1; i < result.segments.length; i++) expect(result.segments[i].start).toBeGreaterThanOrEqual(result.segments[i - 1].start);
    expect(result.segments[0].start).toBe(0);
    expect(result.segments.at(-1)!.end).toBeGreaterThan(19);
    // No temporary part files are left beside the input.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("openai-part-"))).toEqual([]);
  });

  it("retries 5xx and 429 with backoff, then succeeds", async () => {
    double.failNext("transcriptions", { status: 503 }, { status: 429, headers: { "retry-after-ms": "10" } });
    const result = await speech().transcribe({ wavPath: wav20, durationSec: 20, language: "it" });
    expect(result.segments.length).toBeGreaterThan(0);
    expect(double.requests).toHaveLength(3);
  });

  it("maps a persistent 5xx, a timeout and a bad key to clear Italian errors", async () => {
    double.failAlways("transcriptions", { status: 500 });
    await expect(speech({ maxRetries: 1 }).transcribe({ wavPath: wav20, durationSec: 20, language: "it" })).rejects.toMatchObject({
      message: PIPELINE_ERRORS.serviceDown,
      retryable: true,
    });
    double.failAlways("transcriptions", { hangMs: 2000 });
    await expect(speech({ maxRetries: 0, timeoutMs: 200 }).transcribe({ wavPath: wav20, durationSec: 20, language: "it" })).rejects.toMatchObject({
      message: PIPELINE_ERRORS.serviceTimeout,
    });
    double.failAlways("transcriptions", undefined);
    const error = await speech({ apiKey: "sk-sbagliata" })
      .transcribe({ wavPath: wav20, durationSec: 20, language: "it" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ message: PIPELINE_ERRORS.serviceAuth, retryable: false });
  });
});

const segments = [
  { start: 0, end: 4, text: "Buongiorno a tutti." },
  { start: 4, end: 9, text: "Oggi parliamo del bilancio del trimestre." },
  { start: 65, end: 70, text: "Il fatturato è cresciuto." },
  { start: 3700, end: 3705, text: "Passiamo alle ferie." },
];

describe("OpenAIAnalysisEngine", () => {
  const analysis = (partChars?: number) =>
    new OpenAIAnalysisEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "gpt-4o-mini", maxRetries: 2, partChars });

  it("asks in Italian with a strict JSON schema and returns a result valid against the shared schema", async () => {
    const result = await analysis().analyze({ segments, language: "it" });
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.title).toContain("Buongiorno");
    expect(result.topics[0].keyPoints[0]).toMatchObject({ point: "Buongiorno a tutti.", estimatedTimestamp: "00:00" });
    const body = double.requests[0].json as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { strict: boolean } };
    };
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.messages[0].content).toMatch(/in italiano/);
    // Timestamps reach the model in the transcript lines, h:mm:ss past the hour.
    expect(body.messages[1].content).toContain("[01:05] Il fatturato è cresciuto.");
    expect(body.messages[1].content).toContain("[1:01:40] Passiamo alle ferie.");
  });

  it("asks for decisions and action items (owner and deadline, null when not said) and returns them", async () => {
    const meeting = [
      { start: 0, end: 5, text: "Primo punto: il bilancio consuntivo." },
      { start: 62, end: 70, text: "Si approva il bilancio all'unanimità." },
      { start: 130, end: 140, text: "L'amministratore invierà il verbale entro il trenta maggio." },
    ];
    const result = await analysis().analyze({ segments: meeting, language: "it" });
    expect(result.decisions).toEqual([{ text: "Si approva il bilancio all'unanimità.", timestamp: "01:02" }]);
    expect(result.actionItems).toEqual([
      {
        task: "L'amministratore invierà il verbale entro il trenta maggio.",
        owner: "L'amministratore",
        due: "entro il trenta maggio",
        timestamp: "02:10",
      },
    ]);
    const body = double.requests[0].json as {
      messages: { content: string }[];
      response_format: {
        json_schema: {
          schema: {
            required: string[];
            properties: Record<string, { items: { required: string[]; properties: Record<string, { type: unknown }> } }>;
          };
        };
      };
    };
    const schema = body.response_format.json_schema.schema;
    expect(schema.required).toEqual(expect.arrayContaining(["decisions", "actionItems"]));
    expect(schema.properties.actionItems.items.required).toEqual(["task", "owner", "due", "timestamp"]);
    expect(schema.properties.actionItems.items.properties.owner.type).toEqual(["string", "null"]);
    expect(body.messages[0].content).toMatch(/verbale/);
    expect(body.messages[0].content).toMatch(/decisioni/i);
    expect(body.messages[0].content).toMatch(/responsabile/);
  });

  it("analyses a long transcript in parts and then combines them", async () => {
    const result = await analysis(60).analyze({ segments, language: "it" });
    const chats = double.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(splitIntoParts(transcriptLines(segments), 60).length).toBeGreaterThan(1);
    expect(chats.length).toBe(splitIntoParts(transcriptLines(segments), 60).length + 1);
    expect((chats.at(-1)!.json as { messages: { content: string }[] }).messages[1].content).toMatch(/^Parte 1:/);
    expect(result.topics.length).toBeGreaterThanOrEqual(2);
    // The combine request carries the partial decisions and actions, so none are lost.
    expect((chats.at(-1)!.json as { messages: { content: string }[] }).messages[0].content).toMatch(/tutte le decisioni e tutte le azioni/);
  });

  it("does not call the service for an empty transcript", async () => {
    expect(await analysis().analyze({ segments: [], language: "it" })).toEqual({
      title: "",
      summary: "",
      topics: [],
      decisions: [],
      actionItems: [],
    });
    expect(double.requests).toHaveLength(0);
  });

  it("refuses content that is not JSON of the schema, and retries 429", async () => {
    const completion = (content: string) => ({
      status: 200,
      body: {
        id: "x",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      },
    });
    double.failNext("chat", completion("non è JSON"));
    await expect(analysis().analyze({ segments, language: "it" })).rejects.toMatchObject({ message: PIPELINE_ERRORS.analysisInvalid });
    double.failNext("chat", completion(JSON.stringify({ title: "x", topics: [] })));
    await expect(analysis().analyze({ segments, language: "it" })).rejects.toMatchObject({ message: PIPELINE_ERRORS.analysisInvalid });
    double.requests.length = 0;
    double.failNext("chat", { status: 429, headers: { "retry-after-ms": "10" } });
    await expect(analysis().analyze({ segments, language: "it" })).resolves.toMatchObject({ title: expect.any(String) });
    expect(double.requests).toHaveLength(2);
  });
});

describe("analysis on any OpenAI-compatible server (ANALYSIS_BASE_URL, ANALYSIS_API_KEY, ANALYSIS_MODEL)", () => {
  it("sends the analysis there with its own key and model, while speech stays on whisper.cpp", async () => {
    const config = parseConfig({
      DATA_DIR: dir,
      ANALYSIS_BASE_URL: double.baseURL,
      ANALYSIS_API_KEY: double.apiKey,
      ANALYSIS_MODEL: "qwen2.5:7b-instruct",
    });
    const engine = await getAnalysisEngine(config);
    expect(engine.name).toBe("openai");
    expect((await getSpeechEngine(config)).name).toBe("whisper");
    const result = await engine.analyze({ segments, language: "it" });
    expect(result.topics.length).toBeGreaterThan(0);
    expect(double.requests.map((r) => [r.path, (r.json as { model: string }).model, r.authorization])).toEqual([
      ["/v1/chat/completions", "qwen2.5:7b-instruct", `Bearer ${double.apiKey}`],
    ]);
  });
});

describe("splitIntoParts", () => {
  it("keeps lines whole and parts under the budget", () => {
    expect(splitIntoParts(["aaaa", "bbbb", "cccc"], 10)).toEqual(["aaaa\nbbbb", "cccc"]);
    expect(splitIntoParts(["una riga molto lunga"], 5)).toEqual(["una riga molto lunga"]);
    expect(splitIntoParts([], 5)).toEqual([]);
  });
});
