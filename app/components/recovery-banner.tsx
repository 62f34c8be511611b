import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MSG } from "~/lib/messages";
import { listLocalRecordings } from "~/lib/recording-store";

/**
 * On every page but /record: when this browser holds a recording of the signed-in user that was
 * never sent (reload, crash, killed browser), a banner leads to /record where it is recovered.
 */
export function RecoveryBanner({ userId }: { userId: string | undefined }) {
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState(false);
  const onRecordPage = pathname === "/record";

  useEffect(() => {
    if (!userId || onRecordPage) return;
    let cancelled = false;
    listLocalRecordings(userId)
      .then((list) => !cancelled && setWaiting(list.some((r) => r.chunkCount > 0)))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [userId, pathname, onRecordPage]);

  if (!userId || onRecordPage || !waiting) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50" role="status" data-testid="recovery-banner">
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm text-amber-900 sm:px-6">
        {MSG.recordingRecoveredBanner}{" "}
        <Link to="/record" className="font-semibold underline">
          {MSG.recordingRecoveredBannerLink}
        </Link>
      </p>
    </div>
  );
}
