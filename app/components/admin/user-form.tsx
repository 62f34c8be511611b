import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { adminUserFormValues, adminUserSchema, fieldErrors } from "~/lib/validation/admin";

/** Create/edit user form (spec 5 'Admin user form'): the server runs the same schema. */

export type UserFormDefaults = { id?: string; email: string; name: string; roleId: number | ""; isActive: boolean; isEmailVerified: boolean };

export function UserForm({
  mode,
  roles,
  defaults,
  returnTo,
  closeHref,
  serverErrors,
  formError,
}: {
  mode: "create" | "edit";
  roles: { id: number; name: string; description: string }[];
  defaults: UserFormDefaults;
  returnTo: string;
  closeHref: string;
  serverErrors?: Record<string, string>;
  formError?: string;
}) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submission takes the focus to the first field in error (its message is tied to it).
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length) focusFirstInvalid();
    // Only the answer this form was mounted with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const busy = useNavigation().state === "submitting";
  // Validate in the browser first with the shared schema; the server checks again regardless.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = adminUserFormValues(new FormData(event.currentTarget));
    const result = adminUserSchema({ mode, roleIds: roles.map((r) => r.id) }).safeParse(values);
    if (!result.success) {
      event.preventDefault();
      setErrors(fieldErrors(result.error));
      focusFirstInvalid();
    } else setErrors({});
  }
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${name}-error`} role="alert">
        {errors[name]}
      </p>
    ) : null;
  const aria = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <Form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="user-form">
      <input type="hidden" name="intent" value={mode === "create" ? "create" : "update"} />
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="inModal" value="1" />
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <div>
        <label htmlFor="user-email" className="label">
          Email
        </label>
        <input id="user-email" name="email" type="email" autoComplete="off" defaultValue={defaults.email} className="input" {...aria("email")} />
        {err("email")}
      </div>
      <div>
        <label htmlFor="user-name" className="label">
          Nome
        </label>
        <input id="user-name" name="name" defaultValue={defaults.name} className="input" {...aria("name")} />
        {err("name")}
      </div>
      <div>
        <label htmlFor="user-password" className="label">
          Password {mode === "edit" ? <span className="font-normal text-slate-500">(lascia vuoto per non cambiarla)</span> : null}
        </label>
        <input id="user-password" name="password" type="password" autoComplete="new-password" className="input" {...aria("password")} />
        {err("password")}
      </div>
      <div>
        <label htmlFor="user-role" className="label">
          Ruolo
        </label>
        <select id="user-role" name="roleId" defaultValue={String(defaults.roleId)} className="input" {...aria("roleId")}>
          <option value="">Seleziona un ruolo</option>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.description ? ` — ${r.description}` : ""}
            </option>
          ))}
        </select>
        {err("roleId")}
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked={defaults.isActive} /> Attivo
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isEmailVerified" defaultChecked={defaults.isEmailVerified} /> Email verificata
        </label>
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Annulla
        </Link>
        <button type="submit" className="btn-primary" disabled={busy}>
          {mode === "create" ? "Crea utente" : "Salva modifiche"}
        </button>
      </div>
    </Form>
  );
}
