import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { AccessRequired, VerifyEmailGate } from "~/components/guards";
import { RecordMeetingDetails } from "~/components/meeting-fields";
import { Recorder } from "~/components/recorder/recorder";
import { RecoveredRecordings } from "~/components/recorder/recovered";
import { UsageWidget } from "~/components/usage-widget";
import type { MeetingDetails } from "~/lib/meeting";
import { EDIT_TEXT, MSG } from "~/lib/messages";
import { applyUpload, type UsageLimits } from "~/lib/usage";
import { getSessionUser } from "~/services/session.server";
import { getUsageLimits } from "~/services/usage.server";
import { getVocabulary } from "~/services/vocabulary.server";

export const meta: MetaFunction = () => [{ title: `${MSG.recordPageTitle} — Verbale` }];

/** /record (spec 2.2): signed in, verified, active subscription; then usage, instructions, recorder. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { user: null, limits: null, requiresSubscription: true, vocabularyCount: 0 };
  if (!user.isEmailVerified) return { user, limits: null, requiresSubscription: true, vocabularyCount: 0 };
  const [{ requiresSubscription, limits }, vocabulary] = await Promise.all([getUsageLimits(user.id), getVocabulary(user.id)]);
  return { user, limits, requiresSubscription, vocabularyCount: vocabulary.length };
}

const STEPS = [
  "Premi «Avvia registrazione» e consenti l'accesso al microfono.",
  "Metti in pausa e riprendi quando serve: il tempo in pausa non viene registrato.",
  "L'audio viene salvato nel browser e caricato sul server mentre registri: se la pagina si chiude, la ritrovi qui come «Registrazione recuperata».",
  "Premi «Termina» e conferma l'invio: la trascrizione parte subito.",
  "Oppure carica un file audio o video già registrato, anche trascinandolo nel riquadro.",
];

export default function RecordPage() {
  const { user, limits: initialLimits, requiresSubscription, vocabularyCount } = useLoaderData<typeof loader>();
  const [limits, setLimits] = useState<UsageLimits | null>(initialLimits);
  const navigate = useNavigate();
  const [activeLocalId, setActiveLocalId] = useState<string>();
  const meetingCheck = useRef<() => MeetingDetails | null | false>();

  const onUploaded = useCallback(
    (databaseId: string, bytes: number) => {
      // Spec 4 "After upload": +1 recording and ceil(MB) locally, then the result page.
      setLimits((current) => (current ? applyUpload(current, bytes) : current));
      navigate(`/transcription/${databaseId}`);
    },
    [navigate],
  );

  if (!user) return <AccessRequired title={MSG.accessRequiredTitle} />;
  return (
    <VerifyEmailGate user={user}>
      {requiresSubscription || !limits ? (
        <div className="page flex justify-center py-16" data-testid="subscription-required">
          <div className="card w-full max-w-md text-center">
            <h1 className="text-2xl font-bold">{MSG.subscriptionRequiredTitle}</h1>
            <p className="mt-2 text-slate-600">{MSG.noActiveSubscription}</p>
            <Link to="/subscriptions" className="btn-primary mt-6">
              {MSG.seePlans}
            </Link>
          </div>
        </div>
      ) : (
        <div className="page space-y-6">
          <h1 className="page-title">{MSG.recordPageTitle}</h1>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <RecoveredRecordings userId={user.id} activeLocalId={activeLocalId} onSent={onUploaded} />
              <RecordMeetingDetails checker={meetingCheck} />
              <Recorder
                userId={user.id}
                limits={limits}
                requiresSubscription={requiresSubscription}
                onUploaded={onUploaded}
                onActiveRecording={setActiveLocalId}
                checkMeeting={() => meetingCheck.current?.() ?? null}
              />
            </div>
            <aside className="space-y-6">
              <UsageWidget limits={limits} requiresSubscription={requiresSubscription} />
              <section className="card" data-testid="record-instructions">
                <h2 className="text-sm font-semibold text-slate-900">{MSG.recordInstructionsTitle}</h2>
                <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
                  {STEPS.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </section>
              <section className="card" data-testid="record-vocabulary">
                <h2 className="text-sm font-semibold text-slate-900">{EDIT_TEXT.vocabularyTitle}</h2>
                <p className="mt-2 text-sm text-slate-700">
                  {EDIT_TEXT.vocabularyOnRecord(vocabularyCount)} Nomi e termini da scrivere correttamente si impostano in{" "}
                  <Link to="/settings" className="font-medium text-brand-700 underline">
                    Impostazioni
                  </Link>
                  .
                </p>
              </section>
            </aside>
          </div>
        </div>
      )}
    </VerifyEmailGate>
  );
}
