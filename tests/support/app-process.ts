import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type AppProcess = {
  name: string;
  child: ChildProcess;
  /** The app's URL (web, all) or its health endpoint's (worker with WORKER_HEALTH_PORT). */
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed). */
  stop: (graceMs?: number) => Promise<number | null>;
};

/**
 * Starts the compiled app as `npm start` runs it (`node server/start.mjs`, no NODE_ENV: production)
 * with `env`, and resolves once it says it is ready: "in ascolto su URL" for a web (or all)
 * process, "Worker Verbale avviato … stato su URL/healthz" for a worker.
 */
export function spawnAppProcess(name: string, env: Record<string, string>, timeoutMs = 90_000): Promise<AppProcess> {
  const { NODE_ENV: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: { ...inherited, HOST: "127.0.0.1", SMTP_URL: "", ...env } as unknown as NodeJS.ProcessEnv,
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} non pronto entro ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (data: Buffer) => {
      output += data;
      const match =
        output.match(/in ascolto su (http:\/\/\S+) /) ?? output.match(/Worker Verbale avviato[^\n]*?stato su (http:\/\/[^\s/]+)\/healthz/);
      if (match) {
        clearTimeout(timer);
        resolve({ name, child, url: match[1], output: () => output, exited, stop });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} uscito con ${code} prima di essere pronto:\n${output}`));
    });
  });
}
