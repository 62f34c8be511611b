import type { PartialMinutes } from "../minutes";

/**
 * The JSON schemas the local LLM's answers are held to (engine.ts): the host turns each into a
 * grammar, so an answer always parses and says only what the schema allows — a part's "minuto"
 * is one of that part's [mm:ss] stamps, a topic with an agenda is one of its items. Pure, kept
 * apart from the engine so the schemas' limits and the token budgets they must fit read together.
 */

/** Tokens the answer of one part may take; the schema's limits keep a complete answer below it. */
export const PART_ANSWER_TOKENS = 1600;
export const OVERALL_ANSWER_TOKENS = 700;

/**
 * The context the parts are asked in: a part, its answer, and room for the instructions and the
 * agenda as this model counts them (a byte-level tokenizer needs far more than a real one), plus
 * the chat template's own tokens; never less than 1,024; at most what the model was trained on.
 */
export function partContextSize(trainContextSize: number, partTokens: number, instructionTokens: number[]): number {
  const room = instructionTokens.reduce((a, b) => a + b, 0) + 256;
  return Math.min(trainContextSize, partTokens + PART_ANSWER_TOKENS + Math.max(1024, room));
}

/** A part's answer (partSchema); the title only when the transcript is a single part. */
export type PartAnswer = PartialMinutes & { titolo?: string };
/** The closing request's answer (OVERALL_SCHEMA). */
export type OverallAnswer = { titolo: string; riassunto: string };

const text = (min: number, max: number) => ({ type: "string", minLength: min, maxLength: max }) as const;
const nullableText = (max: number) => ({ oneOf: [{ type: "string", maxLength: max }, { type: "null" }] }) as const;

export function partSchema(stamps: string[], withTitle: boolean, topicNames?: string[]) {
  const minuto = { enum: stamps };
  // With an agenda (issue 31) a topic is one of its items by name: the grammar allows no other.
  const nome = topicNames ? { enum: topicNames } : text(3, 60);
  return {
    type: "object",
    properties: {
      ...(withTitle ? { titolo: text(3, 60) } : {}),
      riassunto: text(1, withTitle ? 1200 : 500),
      argomenti: {
        type: "array",
        minItems: 1,
        maxItems: topicNames ? Math.min(topicNames.length, 6) : 3,
        items: {
          type: "object",
          properties: {
            nome,
            punti: { type: "array", minItems: 1, maxItems: 3, items: { type: "object", properties: { punto: text(3, 160), minuto } } },
          },
        },
      },
      decisioni: { type: "array", maxItems: 4, items: { type: "object", properties: { testo: text(3, 160), minuto } } },
      azioni: {
        type: "array",
        maxItems: 4,
        items: { type: "object", properties: { attivita: text(3, 160), responsabile: nullableText(40), scadenza: nullableText(40), minuto } },
      },
    },
  } as const;
}

export const OVERALL_SCHEMA = { type: "object", properties: { titolo: text(3, 60), riassunto: text(1, 1200) } } as const;
