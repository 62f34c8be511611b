import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data-table";
import { DownloadLink } from "~/components/admin/download-link";
import { ConfirmModal, DetailList, UrlModal } from "~/components/admin/modal";
import { ActiveBadge, PageHeader, SubscriptionStatusBadge } from "~/components/admin/ui";
import { useAdminUrls } from "~/components/admin/url";
import { UserForm } from "~/components/admin/user-form";
import { formatDate, formatDateTime } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { adminUserFormValues, adminUserSchema, fieldErrors, parseUsersQuery } from "~/lib/validation/admin";
import { adminPageAction, redirectPastLastPage, rowId, type FormFailure } from "~/services/admin/page.server";
import { createUser, deleteUser, getAdminUser, listRoles, listUsers, toggleUserStatus, updateUser, type AdminUserRow } from "~/services/admin/users.server";
import { requireAdminPage } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Utenti — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const modal = params.get("modal");
  const focusId = params.get("view") ?? (modal === "edit" || params.get("confirm") ? params.get("id") : null);
  const [list, roles, focus] = await Promise.all([
    listUsers(parseUsersQuery(params)),
    listRoles(),
    focusId ? getAdminUser(focusId).catch(() => null) : Promise.resolve(null),
  ]);
  redirectPastLastPage(request, list.pagination);
  return { ...list, roles, focus, adminId: admin.id };
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/users", {
    create: async ({ form }) => {
      const values = adminUserFormValues(form);
      const roles = await listRoles();
      const check = adminUserSchema({ mode: "create", roleIds: roles.map((r) => r.id) }).safeParse(values);
      if (!check.success) return { ok: false, intent: "create", fieldErrors: fieldErrors(check.error) } satisfies FormFailure;
      await createUser(values);
      return MSG.userCreated;
    },
    update: async ({ form, admin }) => {
      const values = adminUserFormValues(form);
      const roles = await listRoles();
      const check = adminUserSchema({ mode: "edit", roleIds: roles.map((r) => r.id) }).safeParse(values);
      if (!check.success) return { ok: false, intent: "update", fieldErrors: fieldErrors(check.error) } satisfies FormFailure;
      await updateUser(admin, rowId(form, MSG.missingUserId), values);
      return MSG.userUpdated;
    },
    toggle: async ({ form, admin }) => {
      await toggleUserStatus(admin, rowId(form, MSG.missingUserId));
      return MSG.userStatusUpdated;
    },
    delete: async ({ form, admin }) => {
      await deleteUser(admin, rowId(form, MSG.missingUserId));
      return MSG.userDeleted;
    },
  });
}

export default function DashboardUsers() {
  const { users, pagination, roles, focus, adminId } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const { listUrl, withModal, listParams } = useAdminUrls();
  const [params] = useSearchParams();
  const modal = params.get("modal");
  const confirm = params.get("confirm");
  type Row = (typeof users)[number];

  const columns: Column<Row>[] = [
    {
      key: "name",
      label: "Utente",
      sortKey: "name",
      render: (u) => (
        <div className="min-w-[12rem]">
          <p className="font-medium">{u.name}</p>
          <p className="text-xs text-slate-500">{u.email}</p>
        </div>
      ),
    },
    {
      key: "role",
      label: "Ruolo",
      sortKey: "role",
      filter: { name: "role", kind: "select", options: roles.map((r) => ({ value: r.name, label: r.name })) },
      render: (u) => <span className={u.role.name === "ADMIN" ? "badge-info" : "badge-neutral"}>{u.role.name}</span>,
    },
    {
      key: "status",
      label: "Email",
      filter: { name: "status", kind: "select", options: [{ value: "verified", label: "Verificata" }, { value: "unverified", label: "Non verificata" }] },
      render: (u) => <ActiveBadge active={u.isEmailVerified} on="Verificata" off="Non verificata" />,
    },
    {
      key: "active",
      label: "Stato",
      sortKey: "isActive",
      filter: { name: "active", kind: "select", options: [{ value: "active", label: "Attivo" }, { value: "inactive", label: "Inattivo" }] },
      render: (u) => <ActiveBadge active={u.isActive} />,
    },
    {
      key: "subscription",
      label: "Sottoscrizione",
      render: (u) => (u.subscription ? <span className="whitespace-nowrap">{u.subscription.typeName} <SubscriptionStatusBadge status={u.subscription.status} /></span> : "—"),
    },
    { key: "transcriptions", label: "Trascrizioni", render: (u) => u._count.transcriptions, className: "text-right" },
    { key: "lastLoginAt", label: "Ultimo accesso", sortKey: "lastLoginAt", render: (u) => <span className="whitespace-nowrap">{formatDateTime(u.lastLoginAt)}</span> },
    { key: "createdAt", label: "Creato il", sortKey: "createdAt", render: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
  ];

  const exportHref = `/api/admin/users/export${listParams.toString() ? `?${listParams}` : ""}`;
  return (
    <div>
      <PageHeader
        title="Utenti"
        description="Gestisci account, ruoli e stato degli utenti."
        actions={
          <>
            <DownloadLink href={exportHref} successMessage={MSG.exportDone} operation="Esportazione" testId="export-users">
              Esporta CSV
            </DownloadLink>
            <Link to={withModal({ modal: "create" })} className="btn-primary" preventScrollReset data-testid="new-user">
              Nuovo utente
            </Link>
          </>
        }
      />
      <DataTable
        id="users"
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        pagination={pagination}
        searchPlaceholder="Cerca per nome o email"
        emptyMessage="Nessun utente trovato"
        rowActions={(u) => (
          <>
            <Link to={withModal({ view: u.id })} className="btn-ghost px-2 py-1" preventScrollReset>
              Dettagli
            </Link>
            <Link to={withModal({ modal: "edit", id: u.id })} className="btn-ghost px-2 py-1" preventScrollReset>
              Modifica
            </Link>
            {u.id !== adminId ? (
              <>
                <Form method="post" className="inline">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={u.id} />
                  <input type="hidden" name="returnTo" value={listUrl} />
                  <button type="submit" className="btn-ghost px-2 py-1">
                    {u.isActive ? "Disattiva" : "Attiva"}
                  </button>
                </Form>
                <Link to={withModal({ confirm: "delete", id: u.id })} className="btn-ghost px-2 py-1 text-red-700" preventScrollReset>
                  Elimina
                </Link>
              </>
            ) : null}
          </>
        )}
      />

      {modal === "create" ? (
        <UrlModal title="Nuovo utente" closeHref={listUrl}>
          <UserForm
            key={JSON.stringify(actionData ?? {})}
            mode="create"
            roles={roles}
            defaults={{ email: "", name: "", roleId: roles.find((r) => r.name === "USER")?.id ?? "", isActive: true, isEmailVerified: false }}
            returnTo={listUrl}
            closeHref={listUrl}
            serverErrors={actionData?.fieldErrors}
            formError={actionData?.formError}
          />
        </UrlModal>
      ) : null}

      {modal === "edit" && focus ? (
        <UrlModal title="Modifica utente" closeHref={listUrl}>
          <UserForm
            key={JSON.stringify(actionData ?? {})}
            mode="edit"
            roles={roles}
            defaults={{ id: focus.id, email: focus.email, name: focus.name, roleId: focus.role.id, isActive: focus.isActive, isEmailVerified: focus.isEmailVerified }}
            returnTo={listUrl}
            closeHref={listUrl}
            serverErrors={actionData?.fieldErrors}
            formError={actionData?.formError}
          />
        </UrlModal>
      ) : null}

      {params.get("view") && focus ? (
        <UrlModal title="Dettagli utente" closeHref={listUrl}>
          <UserDetails user={focus as unknown as AdminUserRow} />
        </UrlModal>
      ) : null}

      {confirm === "delete" && focus ? (
        <ConfirmModal
          title="Elimina utente"
          closeHref={listUrl}
          intent="delete"
          id={focus.id}
          submitLabel="Elimina"
          question={
            <p className="text-sm text-slate-700">
              Sei sicuro di voler eliminare <strong>{focus.name}</strong> ({focus.email})? Verranno eliminate anche tutte le sue trascrizioni. L'operazione non può essere annullata.
            </p>
          }
        />
      ) : null}
    </div>
  );
}

function UserDetails({ user }: { user: AdminUserRow }) {
  return (
    <DetailList
      items={[
        ["Nome", user.name],
        ["Email", user.email],
        ["Ruolo", `${user.role.name}${user.role.description ? ` (${user.role.description})` : ""}`],
        ["Email verificata", user.isEmailVerified ? "Sì" : "No"],
        ["Stato", user.isActive ? "Attivo" : "Inattivo"],
        ["Sottoscrizione", user.subscription ? <span key="sub" className="inline-flex flex-wrap items-center gap-2">{user.subscription.typeName} <SubscriptionStatusBadge status={user.subscription.status} /></span> : "—"],
        ["Trascrizioni", String(user._count.transcriptions)],
        ["Ultimo accesso", formatDateTime(user.lastLoginAt)],
        ["Registrato il", formatDateTime(user.createdAt)],
        ["ID", <code key="id" className="text-xs">{user.id}</code>],
      ]}
    />
  );
}
