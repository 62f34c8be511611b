import { MSG } from "~/lib/messages";

/** The upload progress bar with its percentage. */
export function UploadProgress({ percent }: { percent: number }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="w-full" data-testid="upload-progress">
      <div className="flex justify-between text-sm text-slate-700">
        <span>{MSG.uploading}</span>
        <span data-testid="upload-percent">{value}%</span>
      </div>
      <div
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-label={MSG.uploading}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
