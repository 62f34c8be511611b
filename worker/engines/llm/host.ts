import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { appRoot } from "~/services/paths.server";

/**
 * The local LLM runs in a child process (llm-host.mjs) at the lowest CPU priority (decision 043).
 * Its threads and whisper's would otherwise share the cores evenly, and a meeting's live
 * transcript fell minutes behind while the model mapped the parts already heard; at the lowest
 * priority the model gets only what the live windows leave. The process also keeps a native
 * crash or an out-of-memory kill away from the server, and unloading the model is ending it.
 */

const childFile = () => path.join(appRoot(), "worker", "engines", "llm", "llm-host.mjs");

/** `nice` where the system has it (Linux, macOS): every thread of the child starts at the lowest priority. */
function niceProgram(): string | undefined {
  if (process.platform === "win32") return undefined;
  return ["/usr/bin/nice", "/bin/nice"].find((p) => fs.existsSync(p));
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Reply = { id: number; ok: boolean; result?: unknown; name?: string; message?: string };

export class LlmHostError extends Error {}

/** "low": below every other process (the default); "normal": as any other. */
export type LlmPriority = "low" | "normal";

export class LlmHost {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ended: Error | undefined;
  private stderr = "";

  constructor(priority: LlmPriority = "low") {
    const nice = priority === "low" ? niceProgram() : undefined;
    const [command, args] = nice ? [nice, ["-n", "19", process.execPath, childFile()]] : [process.execPath, [childFile()]];
    this.child = spawn(command, args, {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, ...(priority === "low" && !nice ? { VERBALE_LLM_PRIORITY: "self" } : {}) },
    });
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-2000);
    });
    this.child.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) return waiting.resolve(reply.result);
      const error = new LlmHostError(reply.message ?? "errore del modello linguistico");
      error.name = reply.name === "AbortError" ? "AbortError" : "LlmHostError";
      waiting.reject(error);
    });
    const end = (why: string) => {
      if (this.ended) return;
      const lastLine = this.stderr.trim().split("\n").filter(Boolean).slice(-2).join(" | ");
      this.ended = new LlmHostError(`il processo del modello linguistico è terminato (${why})${lastLine ? `: ${lastLine}` : ""}`);
      for (const waiting of this.pending.values()) waiting.reject(this.ended);
      this.pending.clear();
    };
    this.child.on("error", (error) => end(error.message));
    this.child.on("exit", (code, signal) => end(signal ?? `codice ${code}`));
  }

  /** The child's process id (tests read its threads' priority). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** One request; an aborted signal asks the child to stop it and rejects at once. */
  call<T>(op: string, args: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    signal?.throwIfAborted();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.send({ op: "abort", target: id });
        reject(signal!.reason instanceof Error ? signal!.reason : new Error("aborted"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        resolve: (v) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(v as T);
        },
        reject: (e) => {
          signal?.removeEventListener("abort", onAbort);
          reject(e);
        },
      });
      this.send({ id, op, ...args });
    });
  }

  /** A message to the child; one that ended meanwhile has already failed what was pending (see "exit"). */
  private send(message: Record<string, unknown>) {
    if (!this.child.connected) return;
    this.child.send(message, (error) => {
      if (error) this.child.kill("SIGKILL");
    });
  }

  /** Ends the child, giving the model's memory back. */
  async stop(): Promise<void> {
    if (this.ended) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    if (this.child.connected) this.child.disconnect();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
