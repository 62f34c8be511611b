import { execFileSync } from "node:child_process";

/**
 * Kills with SIGKILL every process of the Chromium that runs on this profile folder, as a crash
 * or a power cut would (only the browser the test launched uses that folder).
 */
export function killBrowserOfProfile(profile: string): void {
  const pids = execFileSync("pgrep", ["-f", "--", `user-data-dir=${profile}`])
    .toString()
    .trim()
    .split("\n")
    .filter(Boolean)
    .map(Number);
  if (pids.length === 0) throw new Error(`Nessun processo di Chromium con il profilo ${profile}`);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone with its parent.
    }
  }
}
