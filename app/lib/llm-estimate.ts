/**
 * How long the local LLM takes to write the minutes of a meeting, from its measured reading and
 * writing speeds (issue 35). The same model of the work as bench/llm.ts: the transcript is read
 * once in parts of about 1,500 tokens, each with the instructions (~250 tokens), each part's
 * answer is about 450 tokens, and the closing title-and-summary request reads ~600 and writes ~250.
 */

export type LlmSpeed = {
  /** Prompt tokens read per second. */
  readPerSecond: number;
  /** Tokens written per second. */
  writePerSecond: number;
  /** Characters of Italian text per token of this model's vocabulary. */
  charsPerToken: number;
};

const PART_TOKENS = 1500;
const INSTRUCTION_TOKENS = 250;
const PART_ANSWER_TOKENS = 450;
const CLOSING_READ = 600;
const CLOSING_WRITE = 250;
/** A 60-minute meeting: about 9,000 Italian words, 15,000 tokens of Qwen2.5 (bench/llm.ts). */
export const TOKENS_PER_MINUTE_OF_SPEECH = 250;
/** Over this, the extractive analyzer writes the minutes first and the LLM's version follows. */
export const SLOW_ANALYSIS_SECONDS = 5 * 60;

/** Seconds of analysis for a transcript of `tokens` tokens. */
export function estimateAnalysisSeconds(tokens: number, speed: LlmSpeed): number {
  const parts = Math.max(1, Math.ceil(tokens / PART_TOKENS));
  const closing = parts > 1 ? 1 : 0;
  const read = tokens + parts * INSTRUCTION_TOKENS + closing * CLOSING_READ;
  const write = parts * PART_ANSWER_TOKENS + closing * CLOSING_WRITE;
  return read / speed.readPerSecond + write / speed.writePerSecond;
}

/** Seconds of analysis for a transcript of `chars` characters. */
export function estimateSecondsForText(chars: number, speed: LlmSpeed): number {
  return estimateAnalysisSeconds(Math.ceil(chars / speed.charsPerToken), speed);
}

/** Seconds of analysis for a meeting of `minutes` minutes of speech. */
export function estimateSecondsForMeeting(minutes: number, speed: LlmSpeed): number {
  return estimateAnalysisSeconds(minutes * TOKENS_PER_MINUTE_OF_SPEECH, speed);
}
