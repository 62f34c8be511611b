/**
 * The LLM engines on transcripts as speech recognition writes them (issue 36): the instructions
 * say the text is raw, the variant reaches the model as it is, and the answer keeps the shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisResultSchema } from "~/lib/analysis";
import { startOpenAIDouble, type OpenAIDouble } from "../../tests/support/openai-double";
import { asrVariant, TRAITS } from "../../tests/support/asr-variants";
import { loadTranscripts } from "./local-analysis/test-transcripts";
import { MINUTES_INSTRUCTIONS, transcriptLines } from "./minutes";
import { OpenAIAnalysisEngine } from "./openai-analysis";

let double: OpenAIDouble;
beforeAll(async () => {
  double = await startOpenAIDouble();
});
afterAll(async () => {
  await double.close();
});

const meeting = loadTranscripts().find((f) => f.meeting)!;

describe("LLM engines on raw transcripts", () => {
  it("tell the model the transcript is raw speech recognition", () => {
    expect(MINUTES_INSTRUCTIONS).toMatch(/testo grezzo del riconoscimento vocale/);
    expect(MINUTES_INSTRUCTIONS).toMatch(/punteggiatura inaffidabile/);
    expect(MINUTES_INSTRUCTIONS).toMatch(/nomi scritti male/);
  });

  it.each([...TRAITS.map((t) => [t, [t]] as const), ["all traits", TRAITS] as const])(
    "send the %s variant as it is and return a result of the shared shape",
    async (_, traits) => {
      const variant = asrVariant(meeting, traits, 36);
      expect(variant.segments).not.toEqual(meeting.segments);
      double.requests.length = 0;
      const engine = new OpenAIAnalysisEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "gpt-4o-mini", maxRetries: 1 });
      const result = await engine.analyze({ segments: variant.segments, language: "it" });
      expect(analysisResultSchema.safeParse(result).success).toBe(true);
      const body = double.requests.find((r) => r.path === "/v1/chat/completions")!.json as { messages: { content: string }[] };
      expect(body.messages[0].content).toContain(MINUTES_INSTRUCTIONS);
      for (const line of transcriptLines(variant.segments).slice(0, 5)) expect(body.messages[1].content).toContain(line);
    },
  );
});
