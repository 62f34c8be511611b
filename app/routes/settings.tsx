import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccessRequired } from "~/components/guards";
import { EDIT_TEXT } from "~/lib/messages";
import { ApiError, readPageForm } from "~/services/api.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { getVocabulary, saveVocabulary, VOCABULARY_MAX_ENTRIES } from "~/services/vocabulary.server";

export const meta: MetaFunction = () => [{ title: "Impostazioni — Verbale" }];

/** /settings: the user's own settings; today the vocabulary the speech engines receive (issue 16). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { signedIn: false as const, vocabulary: [] as string[], maxEntries: VOCABULARY_MAX_ENTRIES };
  return { signedIn: true as const, vocabulary: await getVocabulary(user.id), maxEntries: VOCABULARY_MAX_ENTRIES };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?redirectTo=%2Fsettings");
  const form = await readPageForm(request);
  try {
    const entries = await saveVocabulary(user.id, String(form.get("vocabulary") ?? ""));
    return { ok: true, message: EDIT_TEXT.vocabularySaved, count: entries.length };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return data({ ok: false, message: error.message }, { status: 400 });
    throw error;
  }
}

export default function SettingsPage() {
  const { signedIn, vocabulary, maxEntries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!signedIn) return <AccessRequired />;
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
          <label className="label" htmlFor="vocabulary">
            Termini (al massimo {maxEntries})
          </label>
          <textarea
            id="vocabulary"
            name="vocabulary"
            rows={10}
            defaultValue={vocabulary.join("\n")}
            aria-describedby="vocabulary-help"
            aria-invalid={result && !result.ok ? true : undefined}
            className="input"
          />
          {result ? (
            <p
              role={result.ok ? "status" : "alert"}
              className={result.ok ? "text-sm text-green-700" : "text-sm text-red-700"}
              data-testid="vocabulary-result"
            >
              {result.message}
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
            {EDIT_TEXT.save}
          </button>
        </Form>
      </section>
    </div>
  );
}
