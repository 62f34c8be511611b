import type { ReactNode } from "react";
import { Dialog as AppDialog } from "~/components/dialog";

/**
 * The recorder's pop-ups on the app's one dialog (native <dialog>, top layer, whole viewport):
 * overlay click, Escape and ✕ call onClose; focus goes to the main action (the last button of the
 * actions row: "Invia", "Chiudi", "Sì"...) and back to where it was when it closes.
 */
export function Dialog({ title, children, onClose, testId }: { title: string; children: ReactNode; onClose: () => void; testId: string }) {
  return (
    <AppDialog title={title} onClose={onClose} testId={testId} initialFocus="last-action">
      {children}
    </AppDialog>
  );
}
