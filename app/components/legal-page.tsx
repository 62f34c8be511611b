import type { ReactNode } from "react";

export const LEGAL_LAST_UPDATE = "24 gennaio 2025";
export const MINIMUM_AGE = 16;

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="page max-w-3xl">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Ultimo aggiornamento: {LEGAL_LAST_UPDATE}</p>
      <div className="mt-8 space-y-6 leading-relaxed text-slate-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
