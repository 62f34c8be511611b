/**
 * The local analysis engine: an extractive Italian analyzer that needs no network, no account and
 * no model file. See analyze.ts for how the pieces fit together.
 */
import type { AnalysisResult } from "~/lib/analysis";
import { agendaOf } from "../agenda-fit";
import type { AnalysisEngine, AnalysisInput } from "../types";
import { analyzeLocally } from "./analyze";

export { analyzeLocally } from "./analyze";

export class LocalAnalysisEngine implements AnalysisEngine {
  readonly name = "local";
  readonly model = "textrank-it-1";

  async analyze(input: AnalysisInput): Promise<AnalysisResult> {
    input.signal?.throwIfAborted();
    // Synchronous and fast (a three-hour meeting well under two seconds), so it runs inline.
    return analyzeLocally(input.segments, agendaOf(input));
  }
}
