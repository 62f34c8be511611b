import type OpenAI from "openai";
import { analysisResultSchema, type AnalysisResult } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { agendaOf, agendaTopicNames, fitToAgenda } from "./agenda-fit";
import { AGENDA_INSTRUCTIONS, agendaLines, MINUTES_INSTRUCTIONS, transcriptLines } from "./minutes";
import { createOpenAIClient, mapOpenAIError, type OpenAIEngineOptions } from "./openai-speech";
import { UserFacingError, type AnalysisEngine, type AnalysisInput } from "./types";

/**
 * Analysis with an OpenAI-compatible chat model and a strict JSON schema response format.
 * A transcript longer than one request's budget is analysed in parts, and a last request
 * combines the partial analyses into one.
 */

/** Characters of transcript per request: about 6-7k tokens of Italian, well inside any context. */
export const DEFAULT_PART_CHARS = 24_000;

// Strict mode wants every property required; key points are always objects here.
const RESPONSE_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["title", "summary", "topics", "decisions", "actionItems"],
  properties: {
    title: { type: "string", description: "Titolo breve della riunione (massimo 60 caratteri)" },
    summary: { type: "string", description: "Riassunto della riunione in italiano" },
    topics: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["name", "keyPoints", "estimatedTimestamps"],
        properties: {
          name: { type: "string" },
          estimatedTimestamps: { type: "array", items: { type: "string", description: "mm:ss o h:mm:ss" } },
          keyPoints: {
            type: "array",
            items: {
              type: "object",
              additionalProperties: false,
              required: ["point", "excerpt", "segmentSummary", "estimatedTimestamp"],
              properties: {
                point: { type: "string" },
                excerpt: { type: "string", description: "Citazione breve e letterale dalla trascrizione" },
                segmentSummary: { type: "string" },
                estimatedTimestamp: { type: "string", description: "mm:ss o h:mm:ss" },
              },
            },
          },
        },
      },
    },
    decisions: {
      type: "array",
      description: "Decisioni prese, approvate o votate nella riunione",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["text", "timestamp"],
        properties: {
          text: { type: "string" },
          timestamp: { type: ["string", "null"], description: "mm:ss o h:mm:ss" },
        },
      },
    },
    actionItems: {
      type: "array",
      description: "Azioni da fare: attività, responsabile e scadenza come detti nella riunione",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["task", "owner", "due", "timestamp"],
        properties: {
          task: { type: "string" },
          owner: { type: ["string", "null"], description: "Chi la deve fare, null se non detto" },
          due: { type: ["string", "null"], description: "Entro quando, null se non detto" },
          timestamp: { type: ["string", "null"], description: "mm:ss o h:mm:ss" },
        },
      },
    },
  },
} as const;

const SYSTEM_PROMPT = [
  MINUTES_INSTRUCTIONS,
  "Produci: un titolo breve che nomini l'oggetto della riunione (al massimo 60 caratteri, mai un saluto o la formula di apertura);",
  "un riassunto fedele che tocchi ogni argomento; gli argomenti in ordine, ciascuno con i punti chiave;",
  "per ogni punto chiave una citazione breve e letterale (excerpt) solo se aggiunge qualcosa al punto, un riassunto del tratto (segmentSummary)",
  "e il momento (estimatedTimestamp); le decisioni (decisions) e le azioni da fare (actionItems) con responsabile (owner) e scadenza (due).",
].join(" ");

const COMBINE_PROMPT = [
  "Sei un segretario che redige il verbale di una riunione in italiano.",
  "Ricevi i verbali parziali di parti consecutive della stessa riunione, in ordine.",
  "Uniscili in un unico verbale: un titolo per l'intera riunione (al massimo 60 caratteri), un riassunto complessivo,",
  "gli argomenti uniti dove coincidono, tutte le decisioni e tutte le azioni da fare, conservando punti chiave, citazioni, responsabili, scadenze e tempi.",
  "Rispondi solo con il JSON richiesto, in italiano.",
].join(" ");

export { transcriptLines };

/** The response schema with the topic names held to the agenda's items (issue 31). */
export function responseSchemaFor(agenda: string[] | undefined): Record<string, unknown> {
  if (!agenda) return RESPONSE_SCHEMA as unknown as Record<string, unknown>;
  const schema = structuredClone(RESPONSE_SCHEMA) as unknown as { properties: { topics: { items: { properties: Record<string, unknown> } } } };
  schema.properties.topics.items.properties.name = { type: "string", enum: agendaTopicNames(agenda), description: "Il punto dell'ordine del giorno" };
  return schema as unknown as Record<string, unknown>;
}

/** Groups lines into parts of at most maxChars (a single longer line is its own part). */
export function splitIntoParts(lines: string[], maxChars: number): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (current.length > 0 && length + line.length + 1 > maxChars) {
      parts.push(current.join("\n"));
      current = [];
      length = 0;
    }
    current.push(line);
    length += line.length + 1;
  }
  if (current.length > 0) parts.push(current.join("\n"));
  return parts;
}

export class OpenAIAnalysisEngine implements AnalysisEngine {
  readonly name = "openai";
  readonly model: string;
  private readonly client: OpenAI;
  private readonly partChars: number;

  constructor(options: OpenAIEngineOptions & { partChars?: number }) {
    this.model = options.model;
    this.client = createOpenAIClient(options);
    this.partChars = options.partChars ?? DEFAULT_PART_CHARS;
  }

  async analyze(input: AnalysisInput): Promise<AnalysisResult> {
    const lines = transcriptLines(input.segments);
    if (lines.length === 0) return { title: "", summary: "", topics: [], decisions: [], actionItems: [] };
    const agenda = agendaOf(input);
    const schema = responseSchemaFor(agenda);
    const system = agenda ? `${SYSTEM_PROMPT} ${AGENDA_INSTRUCTIONS}` : SYSTEM_PROMPT;
    const heading = agenda ? `${agendaLines(agenda)}\n\n` : "";
    const parts = splitIntoParts(lines, this.partChars);
    let result: AnalysisResult;
    if (parts.length === 1) {
      result = await this.complete(system, `${heading}Trascrizione della riunione:\n\n${parts[0]}`, schema, input.signal);
    } else {
      const partials: AnalysisResult[] = [];
      for (const [index, part] of parts.entries()) {
        partials.push(
          await this.complete(
            system,
            `${heading}Parte ${index + 1} di ${parts.length} della trascrizione della riunione:\n\n${part}`,
            schema,
            input.signal,
          ),
        );
      }
      const combined = partials.map((p, i) => `Parte ${i + 1}:\n${JSON.stringify(p)}`).join("\n\n");
      result = await this.complete(
        agenda ? `${COMBINE_PROMPT} ${AGENDA_INSTRUCTIONS}` : COMBINE_PROMPT,
        `${heading}${combined}`,
        schema,
        input.signal,
      );
    }
    return agenda ? fitToAgenda(result, agenda) : result;
  }

  private async complete(system: string, user: string, schema: Record<string, unknown>, signal?: AbortSignal): Promise<AnalysisResult> {
    let content: string | null | undefined;
    try {
      const response = await this.client.chat.completions.create(
        {
          model: this.model,
          temperature: 0.2,
          messages: [
            { role: "system", content: system },
            { role: "user", content: user },
          ],
          response_format: {
            type: "json_schema",
            json_schema: { name: "analisi_riunione", strict: true, schema },
          },
        },
        { signal },
      );
      content = response.choices[0]?.message?.content;
    } catch (error) {
      throw mapOpenAIError(error, this.model);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(content ?? "");
    } catch {
      throw invalid(`risposta non JSON: ${String(content).slice(0, 200)}`);
    }
    const result = analysisResultSchema.safeParse(parsed);
    if (!result.success) throw invalid(result.error.issues[0]?.message ?? "schema");
    return result.data;
  }
}

function invalid(reason: string): UserFacingError {
  const error = new UserFacingError(PIPELINE_ERRORS.analysisInvalid);
  (error as Error & { cause?: unknown }).cause = new Error(`Analisi non valida: ${reason}`);
  return error;
}
