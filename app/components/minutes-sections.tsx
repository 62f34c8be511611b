import type { ActionItem, Decision } from "~/db/schema";
import { parseTimestamp } from "~/lib/analysis";
import { votesText } from "~/lib/meeting-form";
import { MINUTES_TEXT } from "~/lib/messages";
import { TimestampButton } from "./audio-player";

/** The minute of an item: a button that seeks the player, or a dot when the engine gave none. */
function Minute({ timestamp }: { timestamp: string | null }) {
  const seconds = parseTimestamp(timestamp);
  return seconds !== undefined ? <TimestampButton seconds={seconds} label={timestamp!.trim()} /> : <span aria-hidden>•</span>;
}

/** "Decisioni": what the meeting decided, each with where it was said. */
export function DecisionList({ decisions }: { decisions: Decision[] }) {
  if (decisions.length === 0) return <p className="text-slate-600">{MINUTES_TEXT.noDecisions}</p>;
  return (
    <ul className="space-y-2" data-testid="decisions">
      {decisions.map((d, i) => (
        <li key={i} className="flex gap-3" data-testid="decision">
          <span className="shrink-0 pt-0.5">
            <Minute timestamp={d.timestamp} />
          </span>
          <div>
            <p>{d.text}</p>
            {/* The vote that carried it (issue 31). */}
            {d.votes ? (
              <p className="text-sm text-slate-600" data-testid="decision-votes">
                {votesText(d.votes)}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "Azioni da fare": who must do what by when, as a table (stacked cards on a phone). */
export function ActionItemList({ items }: { items: ActionItem[] }) {
  if (items.length === 0) return <p className="text-slate-600">{MINUTES_TEXT.noActionItems}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="action-items">
      <thead className="hidden text-xs uppercase text-slate-500 sm:table-header-group">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            {MINUTES_TEXT.task}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {MINUTES_TEXT.owner}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {MINUTES_TEXT.due}
          </th>
          <th scope="col" className="py-2 font-medium">
            {MINUTES_TEXT.minute}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {items.map((a, i) => (
          <tr key={i} className="block py-2 sm:table-row sm:py-0" data-testid="action-item">
            <td className="block py-1 pr-3 text-base text-slate-900 sm:table-cell sm:py-2 sm:text-sm">{a.task}</td>
            <td className="block py-0.5 pr-3 sm:table-cell sm:py-2">
              <span className="text-slate-500 sm:hidden">{MINUTES_TEXT.owner}: </span>
              {a.owner ?? MINUTES_TEXT.notSaid}
            </td>
            <td className="block py-0.5 pr-3 sm:table-cell sm:py-2">
              <span className="text-slate-500 sm:hidden">{MINUTES_TEXT.due}: </span>
              {a.due ?? MINUTES_TEXT.notSaid}
            </td>
            <td className="block py-0.5 sm:table-cell sm:py-2">
              <Minute timestamp={a.timestamp} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
