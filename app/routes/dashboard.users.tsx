import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { Column } from "~/components/data-table";
import { AdminListPage } from "~/components/admin/list-page";
import { DetailList } from "~/components/admin/modal";
import { ActiveBadge, activeStatusColumn, SubscriptionStatusBadge } from "~/components/admin/ui";
import { useAdminUrls } from "~/components/admin/url";
import { UserForm } from "~/components/admin/user-form";
import { formatDate, formatDateTime } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { adminUserFormValues, adminUserSchema, fieldErrors, parseUsersQuery } from "~/lib/validation/admin";
import { adminPageAction, loadAdminList, rowId, type FormFailure } from "~/services/admin/page.server";
import {
  createUser,
  deleteUser,
  getAdminUser,
  listRoles,
  listUsers,
  toggleUserStatus,
  updateUser,
  type AdminUserRow,
} from "~/services/admin/users.server";

export const meta: MetaFunction = () => [{ title: "Utenti — Dashboard Admin — Verbale" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [list, roles] = await Promise.all([loadAdminList(request, (params) => listUsers(parseUsersQuery(params)), getAdminUser), listRoles()]);
  return { ...list, roles };
}

export async function action({ request }: ActionFunctionArgs) {
  return adminPageAction(request, "/dashboard/users", {
    create: async ({ form, admin }) => {
      const values = adminUserFormValues(form);
      const roles = await listRoles();
      const check = adminUserSchema({ mode: "create", roleIds: roles.map((r) => r.id) }).safeParse(values);
      if (!check.success) return { ok: false, intent: "create", fieldErrors: fieldErrors(check.error) } satisfies FormFailure;
      await createUser(admin, values);
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
  const { listUrl } = useAdminUrls();
  type Row = (typeof users)[number];

  const columns: Column<Row>[] = [
    {
      key: "name",
      label: "Utente",
      sortKey: "name",
      render: (u) => (
        <div className="min-w-[10rem] max-w-[16rem]">
          <p className="truncate font-medium">{u.name}</p>
          <p className="truncate text-xs text-slate-500" title={u.email}>
            {u.email}
          </p>
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
      filterLabel: "Email verificata",
      visibleFrom: "xl",
      filter: {
        name: "status",
        kind: "select",
        options: [
          { value: "verified", label: "Verificata" },
          { value: "unverified", label: "Non verificata" },
        ],
      },
      render: (u) => <ActiveBadge active={u.isEmailVerified} on="Verificata" off="Non verificata" />,
    },
    activeStatusColumn("active", "active", (u) => u.isActive),
    {
      key: "subscription",
      label: "Sottoscrizione",
      visibleFrom: "lg",
      render: (u) =>
        u.subscription ? (
          <div className="flex flex-col items-start gap-1">
            <span className="whitespace-nowrap">{u.subscription.typeName}</span>
            <SubscriptionStatusBadge status={u.subscription.status} />
          </div>
        ) : (
          "—"
        ),
    },
    { key: "transcriptions", label: "Trascrizioni", render: (u) => u._count.transcriptions, className: "text-right", visibleFrom: "wide" },
    {
      key: "lastLoginAt",
      label: "Ultimo accesso",
      sortKey: "lastLoginAt",
      visibleFrom: "xl",
      render: (u) => <span className="whitespace-nowrap">{formatDateTime(u.lastLoginAt)}</span>,
    },
    {
      key: "createdAt",
      label: "Creato il",
      sortKey: "createdAt",
      visibleFrom: "2xl",
      render: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span>,
    },
  ];

  const formKey = JSON.stringify(actionData ?? {});
  const formProps = { roles, returnTo: listUrl, closeHref: listUrl, serverErrors: actionData?.fieldErrors, formError: actionData?.formError };
  return (
    <AdminListPage
      id="users"
      title="Utenti"
      description="Gestisci account, ruoli e stato degli utenti."
      exportPath="/api/admin/users/export"
      create={{ label: "Nuovo utente", testId: "new-user" }}
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      rowLabel={(u) => u.name}
      pagination={pagination}
      searchPlaceholder="Cerca per nome o email"
      emptyMessage="Nessun utente trovato"
      rowActions={(u, urls) => [
        { kind: "link", label: "Modifica", to: urls.edit },
        // An admin cannot deactivate or delete their own account.
        ...(u.id === adminId
          ? []
          : [
              { kind: "post" as const, label: u.isActive ? "Disattiva" : "Attiva", intent: "toggle", id: u.id },
              { kind: "link" as const, label: "Elimina", to: urls.confirm("delete"), danger: true },
            ]),
      ]}
      focus={focus}
      details={{ title: "Dettagli utente", render: (f) => <UserDetails user={f as unknown as AdminUserRow} /> }}
      createForm={{
        title: "Nuovo utente",
        render: () => (
          <UserForm
            key={formKey}
            {...formProps}
            mode="create"
            defaults={{ email: "", name: "", roleId: roles.find((r) => r.name === "USER")?.id ?? "", isActive: true, isEmailVerified: false }}
          />
        ),
      }}
      editForm={{
        title: "Modifica utente",
        render: (f) => (
          <UserForm
            key={formKey}
            {...formProps}
            mode="edit"
            defaults={{ id: f.id, email: f.email, name: f.name, roleId: f.role.id, isActive: f.isActive, isEmailVerified: f.isEmailVerified }}
          />
        ),
      }}
      confirms={{
        delete: {
          title: "Elimina utente",
          submitLabel: "Elimina",
          question: (f) => (
            <p className="text-sm text-slate-700">
              Sei sicuro di voler eliminare <strong>{f.name}</strong> ({f.email})? Verranno eliminate anche tutte le sue trascrizioni. L'operazione
              non può essere annullata.
            </p>
          ),
        },
      }}
    />
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
        [
          "Sottoscrizione",
          user.subscription ? (
            <span key="sub" className="inline-flex flex-wrap items-center gap-2">
              {user.subscription.typeName} <SubscriptionStatusBadge status={user.subscription.status} />
            </span>
          ) : (
            "—"
          ),
        ],
        ["Trascrizioni", String(user._count.transcriptions)],
        ["Ultimo accesso", formatDateTime(user.lastLoginAt)],
        ["Registrato il", formatDateTime(user.createdAt)],
        [
          "ID",
          <code key="id" className="text-xs">
            {user.id}
          </code>,
        ],
      ]}
    />
  );
}
