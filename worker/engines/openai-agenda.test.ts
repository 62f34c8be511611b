/**
 * The OpenAI-compatible engine with an agenda given up front (issue 31), against the local double:
 * the items are in the prompt and are the only topic names the strict schema allows, and the
 * answer is held to them whatever the model named its topics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisResultSchema } from "~/lib/analysis";
import { OTHER_BUSINESS } from "~/lib/meeting";
import { startOpenAIDouble, type OpenAIDouble } from "../../tests/support/openai-double";
import { OpenAIAnalysisEngine } from "./openai-analysis";

let double: OpenAIDouble;
beforeAll(async () => {
  double = await startOpenAIDouble();
});
afterAll(async () => {
  await double.close();
});

const meeting = [
  { start: 0, end: 5, text: "Buonasera, iniziamo." },
  { start: 10, end: 15, text: "Primo punto: il bilancio consuntivo." },
  { start: 62, end: 70, text: "Si approva il bilancio con dodici favorevoli e due contrari." },
  { start: 130, end: 140, text: "Secondo punto: la nuova sede." },
];
const agenda = ["Bilancio consuntivo", "Nuova sede", "Quote associative"];

type Body = {
  messages: { role: string; content: string }[];
  response_format: { json_schema: { strict: boolean; schema: { properties: { topics: { items: { properties: { name: { enum?: string[] } } } } } } } };
};

describe("OpenAI-compatible analysis with an agenda", () => {
  const engine = (partChars?: number) =>
    new OpenAIAnalysisEngine({ apiKey: double.apiKey, baseURL: double.baseURL, model: "gpt-4o-mini", maxRetries: 0, partChars });

  it("sends the items in the prompt and as the enum of topic names, and returns one topic per item", async () => {
    double.requests.length = 0;
    const result = await engine().analyze({ segments: meeting, language: "it", agenda });
    const body = double.requests.find((r) => r.path === "/v1/chat/completions")!.json as Body;
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.properties.topics.items.properties.name.enum).toEqual([...agenda, OTHER_BUSINESS]);
    expect(body.messages[1].content).toContain("Ordine del giorno:\n1. Bilancio consuntivo\n2. Nuova sede\n3. Quote associative");
    expect(body.messages[0].content).toMatch(/Varie ed eventuali/);
    // The double names its topics «Argomento 1: …», outside the enum: they go under «Varie ed eventuali».
    expect(result.topics.slice(0, 3).map((t) => [t.name, t.agendaItem])).toEqual([
      ["Bilancio consuntivo", 1],
      ["Nuova sede", 2],
      ["Quote associative", 3],
    ]);
    expect(result.topics[3]).toMatchObject({ name: OTHER_BUSINESS, agendaItem: null });
    expect(result.decisions[0].votes).toEqual({ favorevoli: 12, contrari: 2, astenuti: null, unanimous: false });
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
  });

  it("holds every part and the combining request to the items", async () => {
    double.requests.length = 0;
    await engine(60).analyze({ segments: meeting, language: "it", agenda });
    const chats = double.requests.filter((r) => r.path === "/v1/chat/completions").map((r) => r.json as Body);
    expect(chats.length).toBeGreaterThan(2);
    for (const body of chats) expect(body.response_format.json_schema.schema.properties.topics.items.properties.name.enum).toContain("Nuova sede");
  });

  it("without an agenda sends the schema as before: free topic names", async () => {
    double.requests.length = 0;
    await engine().analyze({ segments: meeting, language: "it" });
    const body = double.requests.find((r) => r.path === "/v1/chat/completions")!.json as Body;
    expect(body.response_format.json_schema.schema.properties.topics.items.properties.name).toEqual({ type: "string" });
    expect(body.messages[1].content).not.toMatch(/Ordine del giorno/);
  });
});
