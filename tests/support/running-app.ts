import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { RunningApp, StartOptions } from "../../server/app";

const root = path.resolve(import.meta.dirname, "../..");

/** Builds the app when build/ is missing or older than its sources, as `npm start` does. */
export function ensureFreshBuild(): void {
  execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "ignore" });
}

/**
 * The real HTTP server of the compiled app (as `npm start` runs it: Express, Remix, the worker)
 * in this test process, on a free port of 127.0.0.1, over the database useTestDatabase gave the
 * file (its modules share the test's config and pool through their process-wide handles). Call
 * it at the top level after useTestDatabase.
 */
export function useRunningApp(options: Partial<StartOptions> = {}): { app: RunningApp; url: string } {
  const handle = {} as { app: RunningApp; url: string };
  beforeAll(async () => {
    ensureFreshBuild();
    const build = await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href);
    const { startApp } = build.entry.module as { startApp: (options: StartOptions) => Promise<RunningApp> };
    handle.app = await startApp({ build, port: 0, host: "127.0.0.1", quiet: true, ...options });
    handle.url = handle.app.url;
  }, 180_000);
  afterAll(async () => {
    await handle.app?.stop();
  });
  return handle;
}
