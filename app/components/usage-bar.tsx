import { MSG } from "~/lib/messages";
import { usageLevel, usagePercent } from "~/lib/usage";

const barColour = { normal: "bg-brand-600", warning: "bg-yellow-500", full: "bg-red-600" } as const;

/** One usage bar: yellow above 80 %, red with 'Limite raggiunto' at 100 % (spec section 9). */
export function UsageBar({ label, used, max, format = String }: { label: string; used: number; max: number; format?: (n: number) => string }) {
  const percent = usagePercent(used, max);
  const level = usageLevel(percent);
  return (
    <div data-testid="usage-bar" data-level={level}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="tabular-nums text-slate-600">
          {format(used)} / {format(max)}
        </span>
      </div>
      <div
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className={`h-full rounded-full ${barColour[level]}`} style={{ width: `${percent}%` }} />
      </div>
      {level === "full" ? <p className="mt-1 text-xs font-semibold text-red-700">{MSG.limitReachedBadge}</p> : null}
    </div>
  );
}
