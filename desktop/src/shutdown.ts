/**
 * Clean shutdown in a fixed order: release the power-save blocker, close the windows (so no page
 * sends requests to a server that is going away), stop the server (HTTP, then worker, then
 * Postgres, all inside startApp's stop()), then let Electron quit. Postgres killed mid-write
 * would need crash recovery on the next start, hence the care.
 */

export type ShutdownSteps = {
  releasePowerSave: () => void;
  closeWindows: () => void | Promise<void>;
  /** startApp's stop(), or undefined when the server never started. */
  stopServer: (() => Promise<void>) | undefined;
  quit: () => void;
  log?: (message: string) => void;
  /** A stuck stop must not keep the app alive forever. */
  stopTimeoutMs?: number;
};

export type Shutdown = {
  /** Runs the steps once; later calls return the same promise. */
  run(): Promise<void>;
  /** True once run() was called: before-quit uses it to let the final quit through. */
  started(): boolean;
  done(): boolean;
};

export function createShutdown(getSteps: () => ShutdownSteps): Shutdown {
  let promise: Promise<void> | undefined;
  let finished = false;
  return {
    run() {
      if (promise) return promise;
      const steps = getSteps();
      const log = steps.log ?? console.error;
      promise = (async () => {
        try {
          steps.releasePowerSave();
        } catch (error) {
          log(`Rilascio del blocco di sospensione non riuscito: ${String(error)}`);
        }
        try {
          await steps.closeWindows();
        } catch (error) {
          log(`Chiusura delle finestre non riuscita: ${String(error)}`);
        }
        if (steps.stopServer) {
          const timeoutMs = steps.stopTimeoutMs ?? 15_000;
          let timer: ReturnType<typeof setTimeout> | undefined;
          try {
            await Promise.race([
              steps.stopServer(),
              new Promise<never>((_, reject) => {
                timer = setTimeout(() => reject(new Error(`arresto oltre ${timeoutMs} ms`)), timeoutMs);
              }),
            ]);
          } catch (error) {
            log(`Arresto del server non pulito: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            if (timer !== undefined) clearTimeout(timer);
          }
        }
        finished = true;
        steps.quit();
      })();
      return promise;
    },
    started: () => promise !== undefined,
    done: () => finished,
  };
}
