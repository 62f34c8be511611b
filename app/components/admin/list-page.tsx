import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataTable, type Column } from "~/components/data-table";
import { MSG } from "~/lib/messages";
import type { Pagination } from "~/lib/pagination";
import { DownloadLink } from "./download-link";
import { ConfirmModal, UrlModal } from "./modal";
import { RowActionsMenu, type RowAction } from "./row-actions";
import { PageHeader } from "./ui";
import { useAdminUrls } from "./url";

/** URLs of the dialogs a row action opens (they keep the list's page, sort and filters). */
export type RowUrls = { edit: string; confirm: (name: string) => string; view: string; listUrl: string };

type Dialog<F> = { title: string; size?: "md" | "lg"; render: (focus: F) => ReactNode };
type Confirm<F> = { title: string; submitLabel: string; question: (focus: F) => ReactNode; fields?: ReactNode };

/**
 * The four admin list pages (users, transcriptions, subscriptions, plans) are this one page:
 * header with export and "new" buttons, optional stat cards, the data table with each row's
 * actions in a menu ("Dettagli" first: what a narrow screen hides is there), and the dialogs
 * the URL asks for (?view=id, ?modal=create, ?modal=edit&id=, ?confirm=name&id=).
 */
export function AdminListPage<T, F>({
  id,
  title,
  description,
  stats,
  exportPath,
  create,
  columns,
  rows,
  rowKey,
  rowLabel,
  rowActions,
  pagination,
  searchPlaceholder,
  emptyMessage,
  focus,
  details,
  createForm,
  editForm,
  confirms = {},
}: {
  id: string;
  title: string;
  description: string;
  stats?: ReactNode;
  /** The CSV export endpoint; the link carries the list's filters. */
  exportPath?: string;
  create?: { label: string; testId: string };
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Names the row for screen readers ("Azioni Mario Rossi"). */
  rowLabel: (row: T) => string;
  rowActions: (row: T, urls: RowUrls) => RowAction[];
  pagination: Pagination;
  searchPlaceholder: string;
  emptyMessage: string;
  focus: F | null;
  details: Dialog<F>;
  createForm?: Omit<Dialog<F>, "render"> & { render: () => ReactNode };
  editForm?: Dialog<F>;
  confirms?: Record<string, Confirm<F>>;
}) {
  const [params] = useSearchParams();
  const { listUrl, withModal, listParams } = useAdminUrls();
  const modal = params.get("modal");
  const confirm = params.get("confirm");
  const confirmSpec = confirm ? confirms[confirm] : undefined;
  const focusId = focus ? (params.get("view") ?? params.get("id")) : null;

  return (
    <div>
      <PageHeader
        title={title}
        description={description}
        actions={
          exportPath || create ? (
            <>
              {exportPath ? (
                <DownloadLink
                  href={`${exportPath}${listParams.toString() ? `?${listParams}` : ""}`}
                  successMessage={MSG.exportDone}
                  operation="Esportazione"
                  testId={`export-${id}`}
                >
                  Esporta CSV
                </DownloadLink>
              ) : null}
              {create ? (
                <Link to={withModal({ modal: "create" })} className="btn-primary" preventScrollReset data-testid={create.testId}>
                  {create.label}
                </Link>
              ) : null}
            </>
          ) : undefined
        }
      />
      {stats}
      <DataTable
        id={id}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        pagination={pagination}
        searchPlaceholder={searchPlaceholder}
        emptyMessage={emptyMessage}
        rowActions={(row) => {
          const key = rowKey(row);
          const urls: RowUrls = {
            view: withModal({ view: key }),
            edit: withModal({ modal: "edit", id: key }),
            confirm: (name) => withModal({ confirm: name, id: key }),
            listUrl,
          };
          return (
            <RowActionsMenu
              menuId={`${id}-actions-${key}`}
              rowLabel={rowLabel(row)}
              returnTo={listUrl}
              actions={[{ kind: "link", label: "Dettagli", to: urls.view }, ...rowActions(row, urls)]}
            />
          );
        }}
      />

      {modal === "create" && createForm ? (
        <UrlModal title={createForm.title} closeHref={listUrl} size={createForm.size}>
          {createForm.render()}
        </UrlModal>
      ) : null}
      {modal === "edit" && editForm && focus ? (
        <UrlModal title={editForm.title} closeHref={listUrl} size={editForm.size}>
          {editForm.render(focus)}
        </UrlModal>
      ) : null}
      {params.get("view") && focus ? (
        <UrlModal title={details.title} closeHref={listUrl} size={details.size}>
          {details.render(focus)}
        </UrlModal>
      ) : null}
      {confirmSpec && focus && focusId ? (
        <ConfirmModal
          title={confirmSpec.title}
          closeHref={listUrl}
          intent={confirm!}
          id={focusId}
          submitLabel={confirmSpec.submitLabel}
          question={confirmSpec.question(focus)}
        >
          {confirmSpec.fields}
        </ConfirmModal>
      ) : null}
    </div>
  );
}
