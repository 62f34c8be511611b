import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PlanFeature } from "~/db/schema";
import { DEFAULT_MAX_MINUTES_PER_FILE, DEFAULT_MAX_MINUTES_PER_MONTH } from "~/lib/usage";
import { CURRENCIES, fieldErrors, planFormValues, planSchema } from "~/lib/validation/admin";

/**
 * Create/edit plan form (spec 5 'Plan form', defaults of spec 9). Choosing FREE sets the price to 0
 * and disables price, currency and interval (their values still travel in hidden fields).
 */

export type PlanFormDefaults = {
  id?: string;
  code: string;
  name: string;
  description: string;
  type: "FREE" | "PAYMENT";
  price: number;
  currency: string;
  interval: "month" | "year";
  maxFileSizeMB: number;
  maxRecordingsPerMonth: number;
  maxMBStorage: number;
  maxMinutesPerFile: number;
  maxMinutesPerMonth: number;
  audioRetentionDays?: number | null;
  sortOrder: number;
  isActive: boolean;
  isPreferred: boolean;
  autoRenew: boolean;
  features: PlanFeature[];
};

export const NEW_PLAN: PlanFormDefaults = {
  code: "",
  name: "",
  description: "",
  type: "PAYMENT",
  price: 0,
  currency: "EUR",
  interval: "month",
  maxFileSizeMB: 100,
  maxRecordingsPerMonth: 0,
  maxMBStorage: 0,
  maxMinutesPerFile: DEFAULT_MAX_MINUTES_PER_FILE,
  maxMinutesPerMonth: DEFAULT_MAX_MINUTES_PER_MONTH,
  sortOrder: 0,
  isActive: true,
  isPreferred: false,
  autoRenew: false,
  features: [],
};

const featureText = (f: PlanFeature) => (typeof f === "string" ? f : f.value ? `${f.name}: ${f.value}` : f.name);

export function PlanForm({
  defaults,
  returnTo,
  closeHref,
  serverErrors,
  formError,
}: {
  defaults: PlanFormDefaults;
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
  const [type, setType] = useState(defaults.type);
  const [price, setPrice] = useState(String(defaults.price));
  const [currency, setCurrency] = useState(defaults.currency);
  const [interval, setInterval] = useState(defaults.interval);
  const [features, setFeatures] = useState<{ key: number; text: string }[]>(defaults.features.map((f, i) => ({ key: i, text: featureText(f) })));
  const [nextKey, setNextKey] = useState(defaults.features.length);
  const busy = useNavigation().state === "submitting";
  const free = type === "FREE";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = planSchema.safeParse(planFormValues(new FormData(event.currentTarget)));
    if (!result.success) {
      event.preventDefault();
      setErrors(fieldErrors(result.error));
      focusFirstInvalid();
    } else setErrors({});
  }
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`plan-${name.replace(".", "-")}-error`} role="alert">
        {errors[name]}
      </p>
    ) : null;
  const aria = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `plan-${name.replace(".", "-")}-error` } : {});
  const numberField = (name: keyof PlanFormDefaults, label: string, min: number) => (
    <div>
      <label htmlFor={`plan-${name}`} className="label">
        {label}
      </label>
      <input
        id={`plan-${name}`}
        name={name}
        type="number"
        min={min}
        step={1}
        inputMode="numeric"
        defaultValue={String(defaults[name])}
        className="input"
        {...aria(name)}
      />
      {err(name)}
    </div>
  );

  return (
    <Form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4" data-testid="plan-form">
      <input type="hidden" name="intent" value={defaults.id ? "update" : "create"} />
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="inModal" value="1" />
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="plan-code" className="label">
            Codice
          </label>
          <input
            id="plan-code"
            name="code"
            defaultValue={defaults.code}
            placeholder="PREMIUM_MONTHLY"
            className="input font-mono"
            {...aria("code")}
          />
          {err("code")}
        </div>
        <div>
          <label htmlFor="plan-name" className="label">
            Nome
          </label>
          <input id="plan-name" name="name" defaultValue={defaults.name} className="input" {...aria("name")} />
          {err("name")}
        </div>
      </div>
      <div>
        <label htmlFor="plan-description" className="label">
          Descrizione
        </label>
        <textarea id="plan-description" name="description" rows={2} defaultValue={defaults.description} className="input" />
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <label htmlFor="plan-type" className="label">
            Tipo
          </label>
          <select
            id="plan-type"
            name="type"
            value={type}
            onChange={(e) => {
              const next = e.currentTarget.value as "FREE" | "PAYMENT";
              setType(next);
              if (next === "FREE") setPrice("0");
            }}
            className="input"
            {...aria("type")}
          >
            <option value="PAYMENT">A pagamento</option>
            <option value="FREE">Gratuito</option>
          </select>
          {err("type")}
        </div>
        <div>
          <label htmlFor="plan-price" className="label">
            Prezzo
          </label>
          <input
            id="plan-price"
            name={free ? undefined : "price"}
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            disabled={free}
            className="input"
            {...aria("price")}
          />
          {free ? <input type="hidden" name="price" value="0" /> : null}
          {err("price")}
        </div>
        <div>
          <label htmlFor="plan-currency" className="label">
            Valuta
          </label>
          <select
            id="plan-currency"
            name={free ? undefined : "currency"}
            value={currency}
            onChange={(e) => setCurrency(e.currentTarget.value)}
            disabled={free}
            className="input"
            {...aria("currency")}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {free ? <input type="hidden" name="currency" value={currency} /> : null}
          {err("currency")}
        </div>
        <div>
          <label htmlFor="plan-interval" className="label">
            Intervallo
          </label>
          <select
            id="plan-interval"
            name={free ? undefined : "interval"}
            value={interval}
            onChange={(e) => setInterval(e.currentTarget.value as "month" | "year")}
            disabled={free}
            className="input"
            {...aria("interval")}
          >
            <option value="month">Mensile</option>
            <option value="year">Annuale</option>
          </select>
          {free ? <input type="hidden" name="interval" value={interval} /> : null}
          {err("interval")}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {numberField("maxFileSizeMB", "Dimensione max file (MB)", 1)}
        {numberField("maxRecordingsPerMonth", "Registrazioni al mese", 0)}
        {numberField("maxMBStorage", "Archivio (MB)", 0)}
        {numberField("sortOrder", "Ordine", 0)}
      </div>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {numberField("maxMinutesPerFile", "Minuti max per file", 1)}
        {numberField("maxMinutesPerMonth", "Minuti di audio al mese", 0)}
        <div>
          <label htmlFor="plan-audioRetentionDays" className="label">
            Conserva l&apos;audio per (giorni)
          </label>
          <input
            id="plan-audioRetentionDays"
            name="audioRetentionDays"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="Senza limite"
            defaultValue={defaults.audioRetentionDays == null ? "" : String(defaults.audioRetentionDays)}
            className="input"
            {...aria("audioRetentionDays")}
          />
          {err("audioRetentionDays")}
        </div>
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked={defaults.isActive} /> Attivo
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isPreferred" defaultChecked={defaults.isPreferred} /> In evidenza
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="autoRenew" defaultChecked={defaults.autoRenew} /> Rinnovo automatico
        </label>
      </div>
      <fieldset>
        <legend className="label">Caratteristiche</legend>
        <ul className="space-y-2">
          {features.map((f, i) => (
            <li key={f.key}>
              <div className="flex gap-2">
                <input
                  name="features"
                  aria-label={`Caratteristica ${i + 1}`}
                  value={f.text}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setFeatures((all) => all.map((x) => (x.key === f.key ? { ...x, text } : x)));
                  }}
                  className="input"
                  {...aria(`features.${i}`)}
                />
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label={`Rimuovi caratteristica ${i + 1}`}
                  onClick={() => setFeatures((all) => all.filter((x) => x.key !== f.key))}
                >
                  ✕
                </button>
              </div>
              {err(`features.${i}`)}
            </li>
          ))}
        </ul>
        {err("features")}
        <button
          type="button"
          className="btn-ghost mt-2 px-2 py-1 text-brand-700"
          onClick={() => {
            setFeatures((all) => [...all, { key: nextKey, text: "" }]);
            setNextKey((k) => k + 1);
          }}
        >
          + Aggiungi caratteristica
        </button>
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Annulla
        </Link>
        <button type="submit" className="btn-primary" disabled={busy}>
          {defaults.id ? "Salva modifiche" : "Crea piano"}
        </button>
      </div>
    </Form>
  );
}
