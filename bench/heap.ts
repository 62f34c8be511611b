import fs from "node:fs";
import path from "node:path";

/**
 * Heap snapshots of a benchmark's server process: started with heapSnapshotArgs(dir), it writes
 * one when sent SIGUSR2 (after a full GC). liveHeapMb sums what the snapshot holds: the JS objects
 * that survive a full collection, as opposed to RSS, which also counts heap space V8 keeps
 * reserved, generated code and the C allocator's arenas. Compare two snapshots with
 * `node bench/heap-compare.mjs A.heapsnapshot B.heapsnapshot`.
 */

export function heapSnapshotArgs(dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${dir}`];
}

/** Asks the process for a snapshot, waits until the file is complete, names it `label`. */
export async function takeHeapSnapshot(pid: number, dir: string, label: string): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const added = fs.readdirSync(dir).filter((f) => !before.has(f) && f.startsWith("Heap") && f.endsWith(".heapsnapshot"));
    if (added.length === 0) continue;
    const file = path.join(dir, added[0]);
    // Written in one go, then closed: a size that holds for a second means done.
    const size = fs.statSync(file).size;
    await new Promise((r) => setTimeout(r, 1000));
    if (size === 0 || fs.statSync(file).size !== size) continue;
    const target = path.join(dir, `${label}.heapsnapshot`);
    fs.renameSync(file, target);
    return target;
  }
}

export function liveHeapMb(file: string): number {
  const snapshot = JSON.parse(fs.readFileSync(file, "utf8")) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const sizeAt = fields.indexOf("self_size");
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) total += snapshot.nodes[i + sizeAt];
  return total / 1024 / 1024;
}
