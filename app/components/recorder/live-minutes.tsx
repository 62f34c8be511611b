import { LLM_TEXT } from "~/lib/llm-messages";

/** «Verbale in corso» under the live transcript (issue 35): the topics the local LLM has written so far. */
export function LiveMinutes({ topics }: { topics: string[] }) {
  if (topics.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3" data-testid="live-minutes">
      <h3 className="text-sm font-semibold text-slate-800">{LLM_TEXT.liveMinutes}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {topics.map((topic, i) => (
          <li key={i}>{topic}</li>
        ))}
      </ul>
    </div>
  );
}
