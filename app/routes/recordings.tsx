import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useFetcher,
  useFetchers,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import { Dialog } from "~/components/dialog";
import { AccessRequired } from "~/components/guards";
import { RecordingCard } from "~/components/recording-card";
import { useToast } from "~/components/toast";
import { UsageWidget } from "~/components/usage-widget";
import { MSG } from "~/lib/messages";
import { applyDelete, usageMonthOf, type UsageLimits } from "~/lib/usage";
import { ApiError, readPageForm } from "~/services/api.server";
import { finalizeRecording } from "~/services/recording-finalize.server";
import { assertSameOriginForm, getSessionUser } from "~/services/session.server";
import { flashToastHeader } from "~/services/toast.server";
import { deleteTranscription } from "~/services/transcriptions/delete.server";
import { listTranscriptionsPage, type TranscriptionListItem } from "~/services/transcriptions/list.server";
import { MAX_PAGE, readInt, type Pagination } from "~/lib/pagination";
import { getUsageLimits, type LimitsResponse } from "~/services/usage.server";
import { log } from "~/services/logger.server";

export const meta: MetaFunction = () => [{ title: "Le mie trascrizioni — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  if (!user) return { state: "signed-out" as const };
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const confirmDelete = url.searchParams.get("delete");
  const page = readInt(url.searchParams.get("page"), 1, 1, MAX_PAGE);
  const [list, usage] = await Promise.allSettled([listTranscriptionsPage(user.id, { search: q, page }), getUsageLimits(user.id)]);
  if (list.status === "rejected") {
    log.error({ err: list.reason }, "[recordings] elenco non caricato");
    return data({ state: "error" as const, q }, { status: 500 });
  }
  return {
    state: "ready" as const,
    q,
    transcriptions: list.value.transcriptions,
    pagination: list.value.pagination,
    usage: usage.status === "fulfilled" ? usage.value : null,
    confirmDelete: list.value.transcriptions.find((t) => t.id === confirmDelete) ?? null,
    currentMonth: usageMonthOf(),
  };
}

type DeleteResult = { ok: boolean; message: string; id: string };

export async function action({ request }: ActionFunctionArgs) {
  assertSameOriginForm(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login?redirectTo=%2Frecordings");
  const form = await readPageForm(request);
  const id = String(form.get("id") ?? "");
  const q = String(form.get("q") ?? "");
  const page = readInt(String(form.get("page") ?? ""), 1, 1, MAX_PAGE);
  const viaScript = form.get("js") === "1";
  const back = `/recordings${listSearch(q, page)}`;
  if (form.get("intent") === "finalize") {
    // An interrupted recording whose browser copy is gone: send what reached the server.
    try {
      await finalizeRecording(id, { userId: user.id });
      return redirect(`/transcription/${id}`, { headers: { "Set-Cookie": flashToastHeader({ type: "success", message: MSG.recordingFinalized }) } });
    } catch (error) {
      if (!(error instanceof ApiError)) log.error({ err: error }, "[recordings] invio della registrazione non riuscito");
      const message = error instanceof ApiError && error.status === 400 ? error.message : MSG.recordingFinalizeError;
      return redirect(back, { headers: { "Set-Cookie": flashToastHeader({ type: "error", message }) } });
    }
  }
  let result: DeleteResult;
  let status = 200;
  try {
    await deleteTranscription(id, { userId: user.id });
    result = { ok: true, message: MSG.transcriptionDeleted, id };
  } catch (error) {
    if (!(error instanceof ApiError)) log.error({ err: error }, "[recordings] eliminazione non riuscita");
    status = error instanceof ApiError ? error.status : 500;
    result = { ok: false, message: MSG.deleteTranscriptionError, id };
  }
  // Without JavaScript the form posts here: go back to the list with a toast.
  if (!viaScript)
    return redirect(back, { headers: { "Set-Cookie": flashToastHeader({ type: result.ok ? "success" : "error", message: result.message }) } });
  return data(result, { status });
}

const DELETE_FETCHER = "delete-recording";

/** The list's URL query (search and page), "" for the first page of everything. */
function listSearch(q: string, page: number, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}), ...extra });
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function RecordingsPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === "signed-out") return <AccessRequired />;
  return (
    <div className="page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="page-title">Le mie trascrizioni</h1>
        <Link to="/record" className="btn-primary">
          Nuova registrazione
        </Link>
      </div>
      <SearchBox q={loaded.q} />
      {loaded.state === "error" ? <LoadError /> : <Recordings {...loaded} />}
    </div>
  );
}

function SearchBox({ q }: { q: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  return (
    <Form method="get" role="search" className="mt-6 flex gap-2" data-testid="search-form">
      <label htmlFor="recordings-search" className="sr-only">
        Cerca nelle trascrizioni
      </label>
      <input
        id="recordings-search"
        name="q"
        type="search"
        defaultValue={q}
        placeholder="Cerca nei titoli e nei testi..."
        className="input flex-1"
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 350);
        }}
      />
      <button type="submit" className="btn-secondary">
        Cerca
      </button>
    </Form>
  );
}

function LoadError() {
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  return (
    <div className="card mt-8 border-red-200 bg-red-50 text-center" role="alert" data-testid="recordings-error">
      <p className="font-medium text-red-800">{MSG.recordingsLoadError}</p>
      <a
        href={`/recordings${params.toString() ? `?${params}` : ""}`}
        className="btn-secondary mt-4"
        onClick={(e) => {
          e.preventDefault();
          revalidator.revalidate();
        }}
      >
        Riprova
      </a>
    </div>
  );
}

type ReadyData = {
  q: string;
  transcriptions: TranscriptionListItem[];
  pagination: Pagination;
  usage: LimitsResponse | null;
  confirmDelete: TranscriptionListItem | null;
  currentMonth: string;
};

function Recordings({ q, transcriptions, pagination, usage, confirmDelete, currentMonth }: ReadyData) {
  const navigation = useNavigation();
  const toast = useToast();
  const fetcher = useFetcher<DeleteResult>({ key: DELETE_FETCHER });
  const fetchers = useFetchers();

  // Deletes in flight: their cards disappear and their usage is given back at once.
  const deleting = useMemo(
    () =>
      new Set(fetchers.filter((f) => f.key === DELETE_FETCHER && f.formData?.get("intent") === "delete").map((f) => String(f.formData?.get("id")))),
    [fetchers],
  );
  const visible = transcriptions.filter((t) => !deleting.has(t.id));
  const limits = useMemo<UsageLimits | null>(() => {
    const base = usage?.limits ?? null;
    if (!base) return null;
    const gone = transcriptions.filter((t) => deleting.has(t.id) && t.usageMonth === currentMonth);
    if (gone.length === 0) return base;
    const megabytes = gone.reduce((n, t) => n + t.usageMegabytes, 0);
    const minutes = gone.reduce((n, t) => n + (t.usageMinutes ?? 0), 0);
    return applyDelete(base, megabytes, minutes, gone.length);
  }, [usage, transcriptions, deleting, currentMonth]);

  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    toast.show({ type: fetcher.data.ok ? "success" : "error", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data, toast]);

  const page = pagination.currentPage;
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/recordings" && navigation.location.search !== listSearch(q, page);
  const back = listSearch(q, page) || "?";
  const deleteHref = (id: string) => listSearch(q, page, { delete: id });

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-4">
      <aside className="lg:order-2">
        <UsageWidget limits={limits} requiresSubscription={usage?.requiresSubscription} error={usage === null} />
      </aside>
      <section className="lg:col-span-3" aria-busy={searching || undefined} aria-live="polite">
        {searching ? (
          <div className="grid gap-4 sm:grid-cols-2" data-testid="recordings-loading">
            {[0, 1, 2].map((i) => (
              <div key={i} className="card h-48 animate-pulse bg-slate-100" />
            ))}
            <span className="sr-only">Caricamento...</span>
          </div>
        ) : visible.length === 0 ? (
          <div className="card text-center" data-testid="recordings-empty">
            {q ? (
              <p className="text-slate-600">Nessuna trascrizione corrisponde a «{q}».</p>
            ) : (
              <>
                <p className="text-slate-600">Non hai ancora nessuna registrazione.</p>
                <Link to="/record" className="btn-primary mt-4">
                  Registra la tua prima riunione
                </Link>
              </>
            )}
          </div>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2" data-testid="recordings-grid">
              {visible.map((item) => (
                <RecordingCard key={item.id} item={item} deleteHref={deleteHref(item.id)} />
              ))}
            </div>
            {pagination.totalPages > 1 ? <PageLinks q={q} pagination={pagination} /> : null}
          </>
        )}
      </section>
      {confirmDelete && !deleting.has(confirmDelete.id) ? <ConfirmDelete item={confirmDelete} q={q} page={page} back={back} /> : null}
    </div>
  );
}

/** 'Pagina X di Y' with 'Precedente' and 'Successiva' (links: they work without JavaScript). */
function PageLinks({ q, pagination }: { q: string; pagination: Pagination }) {
  const { currentPage, totalPages } = pagination;
  const link = (page: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={`/recordings${listSearch(q, page)}`} className="btn-secondary" rel={page < currentPage ? "prev" : "next"}>
        {label}
      </Link>
    ) : (
      <span className="btn-secondary cursor-not-allowed opacity-50" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav
      className="mt-6 flex flex-wrap items-center justify-between gap-3"
      aria-label="Pagine delle trascrizioni"
      data-testid="recordings-pagination"
    >
      <p className="text-sm text-slate-600">{MSG.pageOf(currentPage, totalPages)}</p>
      <div className="flex gap-2">
        {link(currentPage - 1, MSG.previous, currentPage > 1)}
        {link(currentPage + 1, MSG.next, currentPage < totalPages)}
      </div>
    </nav>
  );
}

function ConfirmDelete({ item, q, page, back }: { item: TranscriptionListItem; q: string; page: number; back: string }) {
  const fetcher = useFetcher<DeleteResult>({ key: DELETE_FETCHER });
  const navigate = useNavigate();
  const close = () => navigate(`/recordings${back === "?" ? "" : back}`, { replace: true, preventScrollReset: true });
  return (
    <Dialog
      title="Eliminare la trascrizione?"
      role="alertdialog"
      describedBy="delete-text"
      closeHref={back}
      onClose={close}
      initialFocus="first-action"
      testId="confirm-delete"
    >
      <p id="delete-text" className="text-slate-600">
        «{item.title || item.originalName}»: audio, trascrizione e documento verranno eliminati definitivamente.
      </p>
      <Form
        method="post"
        className="mt-6 flex justify-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          fetcher.submit({ intent: "delete", id: item.id, q, page: String(page), js: "1" }, { method: "post" });
          close();
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="q" value={q} />
        <input type="hidden" name="page" value={page} />
        <Link to={back} className="btn-secondary" preventScrollReset replace>
          Annulla
        </Link>
        <button type="submit" className="btn-danger" data-testid="confirm-delete-button">
          Elimina
        </button>
      </Form>
    </Dialog>
  );
}
