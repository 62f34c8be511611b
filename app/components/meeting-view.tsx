import type { ActionItem, Decision, Topic } from "~/db/schema";
import { groupByAgenda, hasOtherBusiness } from "~/lib/agenda-items";
import { MEETING_TYPE_LABELS, type MeetingDetails, type Participant } from "~/lib/meeting";
import { totalShares } from "~/lib/meeting-form";
import { MEETING_MODE_LABELS, MEETING_TEXT } from "~/lib/meeting-text";
import { MINUTES_TEXT } from "~/lib/messages";
import { ActionItemList, DecisionList } from "./minutes-sections";
import { TopicList } from "./topic-list";

/** «12 marzo 2026» from 2026-03-12, whatever the server's or browser's time zone. */
function dateText(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

const sharesText = (shares: number) => `${String(shares).replace(".", ",")} millesimi`;

function People({ list }: { list: Participant[] }) {
  return (
    <ul className="space-y-0.5">
      {list.map((p, i) => (
        <li key={i}>
          {p.name}
          {p.role ? <span className="text-slate-600">, {p.role}</span> : null}
          {typeof p.shares === "number" ? <span className="text-slate-600"> — {sharesText(p.shares)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The meeting's details as given (issue 31): only what is known, nothing made up. */
export function MeetingSummary({ meeting }: { meeting: MeetingDetails | null }) {
  if (!meeting) return <p className="text-sm text-slate-600">{MEETING_TEXT.none}</p>;
  const time = [meeting.startTime, meeting.endTime].filter(Boolean).join("–");
  const rows: [string, React.ReactNode][] = [[MEETING_TEXT.type, MEETING_TYPE_LABELS[meeting.type]]];
  if (meeting.date) rows.push([MEETING_TEXT.date, dateText(meeting.date)]);
  if (time) rows.push(["Orario", time]);
  if (meeting.place) rows.push([MEETING_TEXT.place, meeting.place]);
  if (meeting.mode) rows.push([MEETING_TEXT.mode, MEETING_MODE_LABELS[meeting.mode]]);
  if (meeting.chair) rows.push([MEETING_TEXT.chair, meeting.chair]);
  if (meeting.secretary) rows.push([MEETING_TEXT.secretary, meeting.secretary]);
  for (const [label, list] of [
    [MEETING_TEXT.attendees, meeting.attendees ?? []],
    [MEETING_TEXT.absentees, meeting.absentees ?? []],
  ] as const) {
    if (list.length === 0) continue;
    const total = totalShares(list);
    rows.push([
      `${label} (${list.length})`,
      <>
        <People list={list} />
        {total !== null ? <p className="mt-1 font-medium">Totale: {sharesText(total)}</p> : null}
      </>,
    ]);
  }
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="meeting-details">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {meeting.agenda?.length ? (
        <div>
          <h3 className="text-sm font-medium text-slate-600">{MEETING_TEXT.agenda}</h3>
          <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm" data-testid="meeting-agenda">
            {meeting.agenda.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

type Minutes = { topics: Topic[]; decisions: Decision[]; actionItems: ActionItem[] };

/**
 * The minutes item by item of the agenda: each item's discussion (its topic's key points), its
 * «Deliberazione» with the votes, its actions; then «Varie ed eventuali». Grouped as the Word
 * document groups them (groupByAgenda), so page and document never disagree.
 */
export function AgendaMinutes({ agenda, minutes }: { agenda: string[]; minutes: Minutes }) {
  const grouped = groupByAgenda(minutes, agenda);
  const items = (hasOtherBusiness(grouped) ? [...grouped.items, grouped.other] : grouped.items).map((item) => ({
    heading: item.number === null ? item.title : `${item.number}. ${item.title}`,
    // An item never discussed keeps an empty topic in the minutes: nothing to show for it.
    topics: item.topics.filter((topic) => topic.keyPoints.length > 0),
    decisions: item.decisions,
    actionItems: item.actions,
  }));
  return (
    <ol className="space-y-4" data-testid="agenda-minutes">
      {items.map((item, i) => (
        <li key={i} className="rounded-xl border border-slate-200 p-4" data-testid="agenda-item">
          <h3 className="font-semibold text-slate-900">{item.heading}</h3>
          {item.topics.length + item.decisions.length + item.actionItems.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{MEETING_TEXT.noAgendaContent}</p>
          ) : null}
          {item.topics.length ? (
            <div className="mt-2">
              <TopicList topics={item.topics} />
            </div>
          ) : null}
          {item.decisions.length ? (
            <div className="mt-3">
              <h4 className="text-sm font-semibold text-slate-700">{MEETING_TEXT.deliberation}</h4>
              <div className="mt-1">
                <DecisionList decisions={item.decisions} />
              </div>
            </div>
          ) : null}
          {item.actionItems.length ? (
            <div className="mt-3">
              <h4 className="text-sm font-semibold text-slate-700">{MINUTES_TEXT.actionItems}</h4>
              <ActionItemList items={item.actionItems} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
