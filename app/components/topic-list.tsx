import type { Topic } from "~/db/schema";
import { keyPointView } from "~/lib/topics";
import { TimestampButton } from "./audio-player";

/** Topics with their key points; a timestamp seeks the player. */
export function TopicList({ topics }: { topics: Topic[] }) {
  if (topics.length === 0) return <p className="text-slate-600">Nessun argomento individuato.</p>;
  return (
    <ol className="space-y-4" data-testid="topics">
      {topics.map((topic, t) => (
        <li key={`${topic.name}-${t}`} className="rounded-xl border border-slate-200 p-4" data-testid="topic">
          <h3 className="font-semibold text-slate-900">{topic.name}</h3>
          <ul className="mt-2 space-y-2">
            {topic.keyPoints.map((point, i) => {
              const view = keyPointView(topic, point, i);
              return (
                <li key={i} className="flex gap-3" data-testid="key-point">
                  <span className="shrink-0 pt-0.5">
                    {view.seconds !== undefined ? <TimestampButton seconds={view.seconds} label={view.timestamp} /> : <span aria-hidden>•</span>}
                  </span>
                  <div>
                    <p>{view.text}</p>
                    {view.excerpt ? <p className="mt-1 text-sm italic text-slate-500">«{view.excerpt}»</p> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
