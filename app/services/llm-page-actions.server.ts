import { data, redirect } from "@remix-run/node";
import { LLM_TEXT } from "~/lib/llm-messages";
import { ApiError } from "./api.server";
import { chooseLlmVersion } from "./llm-minutes.server";
import { reanalyzeTranscription } from "./pipeline.server";
import { flashToastHeader } from "./toast.server";

/** The result page's forms of issue 35 (components/llm-notice.tsx), kept out of the route. */
const LLM_INTENTS = ["llm-regenerate", "llm-version-use", "llm-version-keep"] as const;
type LlmIntent = (typeof LLM_INTENTS)[number];

export function isLlmIntent(value: unknown): value is LlmIntent {
  return typeof value === "string" && (LLM_INTENTS as readonly string[]).includes(value);
}

/** «Rigenera» queues the analysis again (as POST /api/analyze/:id); the choice is saved; back to the page. */
export async function llmAction(intent: LlmIntent, id: string | undefined, userId: string) {
  try {
    let message: string;
    if (intent === "llm-regenerate") {
      await reanalyzeTranscription(userId, id ?? "");
      message = LLM_TEXT.regenerating;
    } else {
      await chooseLlmVersion(userId, id, intent === "llm-version-use" ? "use" : "keep");
      message = intent === "llm-version-use" ? LLM_TEXT.versionUsed : LLM_TEXT.versionKept;
    }
    return redirect(`/transcription/${id}`, { headers: { "Set-Cookie": flashToastHeader({ type: "success", message }) } });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return data({ intent, ok: false, message: error.message || "Non trovato." }, { status: error.status });
    throw error;
  }
}
