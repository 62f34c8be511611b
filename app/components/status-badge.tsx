import { JOB_STATUS_LABEL } from "~/lib/messages";

/** Spec section 4: completed green, processing yellow, failed red, others neutral. */
const STATUS_CLASS: Record<keyof typeof JOB_STATUS_LABEL, string> = {
  RECORDING: "badge-warning",
  COMPLETED: "badge-success",
  PROCESSING: "badge-warning",
  FAILED: "badge-danger",
  PENDING: "badge-neutral",
};

export function StatusBadge({ status }: { status: keyof typeof JOB_STATUS_LABEL }) {
  return (
    <span className={STATUS_CLASS[status] ?? "badge-neutral"} data-testid="status-badge" data-status={status}>
      {JOB_STATUS_LABEL[status] ?? status}
    </span>
  );
}
