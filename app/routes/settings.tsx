import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccessRequired } from "~/components/guards";
import { EDIT_TEXT } from "~/lib/messages";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { deleteOwnAccount } from "~/services/account/delete.server";
import { getPrivacySettings, setDeleteAudioWhenReady } from "~/services/account/settings.server";
import { ApiError, readPageForm } from "~/services/api.server";
import { assertSameOriginForm, clearSessionCookieHeader, getSessionUser } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";
import { getVocabulary, saveVocabulary, VOCABULARY_MAX_ENTRIES } from "~/services/vocabulary.server";

export const meta: MetaFunction = () => [{ title: "Impostazioni — Verbale" }];

/** /settings: the user's own settings: the vocabulary (issue 16), the audio retention and the data rights (issue 32). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user)
    return {
      signedIn: false as const,
      vocabulary: [] as string[],
      maxEntries: VOCABULARY_MAX_ENTRIES,
      hasPassword: true,
      deleteAudioWhenReady: false,
    };
  const privacy = await getPrivacySettings(user.id);
  return { signedIn: true as const, vocabulary: await getVocabulary(user.id), maxEntries: VOCABULARY_MAX_ENTRIES, ...privacy };
}

type Intent = "vocabulary" | "delete-audio" | "delete-account";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?redirectTo=%2Fsettings");
  const form = await readPageForm(request);
  const intent = (String(form.get("intent") ?? "vocabulary") as Intent) || "vocabulary";
  try {
    if (intent === "delete-audio") {
      await setDeleteAudioWhenReady(user.id, form.get("deleteAudioWhenReady") === "on");
      return { intent, ok: true, message: PRIVACY_TEXT.settingSaved };
    }
    if (intent === "delete-account") {
      await deleteOwnAccount(user.id, { password: String(form.get("password") ?? ""), email: String(form.get("email") ?? "") });
      const headers = new Headers({ Location: "/" });
      headers.append("Set-Cookie", clearSessionCookieHeader());
      headers.append("Set-Cookie", flashToastHeader({ type: "success", message: PRIVACY_TEXT.accountDeleted }));
      return new Response(null, { status: 302, headers });
    }
    const entries = await saveVocabulary(user.id, String(form.get("vocabulary") ?? ""));
    return { intent: "vocabulary" as Intent, ok: true, message: EDIT_TEXT.vocabularySaved, count: entries.length };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 403))
      return data({ intent, ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

function Result({ result, testId }: { result: { ok: boolean; message: string } | undefined; testId: string }) {
  if (!result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-sm text-green-700" : "text-sm text-red-700"} data-testid={testId}>
      {result.message}
    </p>
  );
}

export default function SettingsPage() {
  const { signedIn, vocabulary, maxEntries, hasPassword, deleteAudioWhenReady } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!signedIn) return <AccessRequired />;
  const resultFor = (intent: Intent) => (result && result.intent === intent ? result : undefined);
  const busy = navigation.state !== "idle";
  return (
    <div className="page max-w-3xl space-y-6">
      <h1 className="page-title">Impostazioni</h1>
      <section className="card space-y-3" aria-labelledby="vocabulary-heading">
        <h2 id="vocabulary-heading" className="text-lg font-semibold">
          {EDIT_TEXT.vocabularyTitle}
        </h2>
        <p className="text-sm text-slate-600" id="vocabulary-help">
          {EDIT_TEXT.vocabularyHelp}
        </p>
        <Form method="post" className="space-y-3" data-testid="vocabulary-form">
          <input type="hidden" name="intent" value="vocabulary" />
          <label className="label" htmlFor="vocabulary">
            Termini (al massimo {maxEntries})
          </label>
          <textarea
            id="vocabulary"
            name="vocabulary"
            rows={10}
            defaultValue={vocabulary.join("\n")}
            aria-describedby="vocabulary-help"
            aria-invalid={resultFor("vocabulary") && !resultFor("vocabulary")?.ok ? true : undefined}
            className="input"
          />
          <Result result={resultFor("vocabulary")} testId="vocabulary-result" />
          <button type="submit" className="btn-primary" disabled={busy}>
            {EDIT_TEXT.save}
          </button>
        </Form>
      </section>

      <section className="card space-y-3" aria-labelledby="retention-heading">
        <h2 id="retention-heading" className="text-lg font-semibold">
          {PRIVACY_TEXT.retentionTitle}
        </h2>
        <Form method="post" className="space-y-3" data-testid="retention-form">
          <input type="hidden" name="intent" value="delete-audio" />
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="deleteAudioWhenReady"
              defaultChecked={deleteAudioWhenReady}
              aria-describedby="retention-help"
              className="mt-1"
            />
            <span>{PRIVACY_TEXT.deleteAudioWhenReady}</span>
          </label>
          <p id="retention-help" className="text-sm text-slate-600">
            {PRIVACY_TEXT.deleteAudioHelp}
          </p>
          <Result result={resultFor("delete-audio")} testId="retention-result" />
          <button type="submit" className="btn-secondary" disabled={busy}>
            {EDIT_TEXT.save}
          </button>
        </Form>
      </section>

      <section className="card space-y-3" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-lg font-semibold">
          {PRIVACY_TEXT.exportTitle}
        </h2>
        <p className="text-sm text-slate-600">{PRIVACY_TEXT.exportExplain}</p>
        <a href="/api/account/export" className="btn-secondary inline-block" data-testid="export-data" download>
          {PRIVACY_TEXT.exportTitle}
        </a>
      </section>

      <section className="card space-y-3 border-red-200" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-lg font-semibold text-red-800">
          {PRIVACY_TEXT.deleteTitle}
        </h2>
        <p className="text-sm text-slate-700" id="delete-help">
          {PRIVACY_TEXT.deleteExplain}
        </p>
        <Form method="post" className="space-y-3" data-testid="delete-account-form">
          <input type="hidden" name="intent" value="delete-account" />
          {hasPassword ? (
            <>
              <label className="label" htmlFor="delete-password">
                {PRIVACY_TEXT.deletePasswordLabel}
              </label>
              <input
                id="delete-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className="input"
                aria-describedby="delete-help"
              />
            </>
          ) : (
            <>
              <label className="label" htmlFor="delete-email">
                {PRIVACY_TEXT.deleteEmailLabel}
              </label>
              <input id="delete-email" name="email" type="email" autoComplete="email" required className="input" aria-describedby="delete-help" />
            </>
          )}
          <Result result={resultFor("delete-account")} testId="delete-account-result" />
          <button type="submit" className="btn-danger" disabled={busy}>
            {PRIVACY_TEXT.deleteConfirm}
          </button>
        </Form>
      </section>
    </div>
  );
}
