// `npm start` runs the compiled app (server/start.mjs) and builds it first only when the sources
// changed since the last build: a content hash of everything the build reads is kept in
// build/.sources-hash (written by `npm run build` through `--stamp`).
//   node scripts/build-if-stale.mjs           build if missing or stale
//   node scripts/build-if-stale.mjs --stamp   record the current sources as built
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "build", ".sources-hash");
const inputs = [
  "app",
  "server",
  "worker",
  "public",
  "vite.config.ts",
  "tailwind.config.ts",
  "postcss.config.js",
  "tsconfig.json",
  "package-lock.json",
];
const skip = /\.test\.tsx?$/;

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    const child = path.join(entry, name);
    if (fs.statSync(path.join(root, child)).isDirectory()) yield* files(child);
    else if (!skip.test(name)) yield child;
  }
}

export function sourcesHash() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update("\0")
        .update(fs.readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

/** Several test processes may ask at once: one builds, the others wait for it (a lock folder). */
function withLock(work) {
  // Outside build/, which the build empties.
  const lock = path.join(root, "node_modules", ".cache", "verbale-build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than 10 minutes belongs to a build that was killed.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000 || Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

if (process.argv.includes("--stamp")) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, `${sourcesHash()}\n`);
} else {
  withLock(() => {
    const current = sourcesHash();
    const built =
      fs.existsSync(path.join(root, "build", "server", "index.js")) && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8").trim() : "";
    if (built === current) return;
    console.log(built ? "Sorgenti cambiati dall'ultima build: ricompilo..." : "Build mancante: compilo...");
    execFileSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
  });
}
