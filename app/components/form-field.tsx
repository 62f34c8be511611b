import type { ReactNode } from "react";

/** What a control needs to be tied to its label and its error message. */
type FieldControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * A labelled form control with its error below it, announced through aria-describedby. The
 * control itself (input, textarea, select) is the caller's: it receives the props that tie it in.
 */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
