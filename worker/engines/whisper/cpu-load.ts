import os from "node:os";

/**
 * Busy cores taken by other processes, from the machine's CPU counters over `ms`. ggml's worker
 * threads wait for each other at every graph node by spinning: a thread descheduled because
 * another process holds its core stalls the others, which burn their core meanwhile. Measured
 * on 2 cores with about two other busy processes: 2 threads took 1.2–1.35x the wall time and
 * 1.25–1.5x the CPU time of 1 thread.
 */
export async function otherBusyCores(ms = 250): Promise<number> {
  const a = os.cpus().map((c) => c.times);
  const own = process.cpuUsage();
  await new Promise((r) => setTimeout(r, ms));
  const b = os.cpus().map((c) => c.times);
  const mine = process.cpuUsage(own);
  return busyCoresBetween(a, b, (mine.user + mine.system) / 1000);
}

type CpuTimes = os.CpuInfo["times"];

/**
 * Cores kept busy between two readings of the per-core counters, less `ownMs` of this process's
 * CPU time. Time of niced processes is not counted: they give their cores up to us (the local
 * LLM runs at the lowest priority, decision 043, and would otherwise halve whisper's threads).
 */
export function busyCoresBetween(before: CpuTimes[], after: CpuTimes[], ownMs: number): number {
  const total = (times: CpuTimes[]) =>
    times.reduce(
      (a, t) => {
        a.busy += t.user + t.sys + t.irq;
        a.all += t.user + t.nice + t.sys + t.irq + t.idle;
        return a;
      },
      { busy: 0, all: 0 },
    );
  const a = total(before);
  const b = total(after);
  const elapsed = (b.all - a.all) / (after.length || 1); // ms of wall time seen by the counters
  if (elapsed <= 0) return 0;
  const busy = (b.busy - a.busy) / elapsed; // cores busy, this process included
  return Math.max(0, busy - ownMs / elapsed);
}

/** Threads for one job: `max`, less one per core that other processes keep busy, at least 1. */
export function jobThreads(max: number, otherBusy: number): number {
  return Math.max(1, Math.min(max, Math.round(os.availableParallelism() - otherBusy)));
}
