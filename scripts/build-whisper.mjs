// Builds whisper.cpp's command-line program for this machine, from the whisper.cpp source that
// the npm package `nodejs-whisper` ships (we use its source only, not its JavaScript). Compiled
// with this CPU's instruction set (GGML_NATIVE), it runs 1.3-1.5x faster than the prebuilt
// @napi-rs/whisper binding in half the memory; see docs/decisions/004-whisper-cpp-built-at-install.md.
//
//   node scripts/build-whisper.mjs              build if missing or stale; a failure only warns
//   node scripts/build-whisper.mjs --required   same, but a failure exits 1 (CI, tests)
//
// It runs after `npm install` (postinstall). Without cmake and a C++ compiler it prints one line
// and the app keeps using the prebuilt binding. VERBALE_SKIP_WHISPER_BUILD=1 skips it.
// VERBALE_WHISPER_PORTABLE=1 compiles for any x86-64 CPU with AVX2/FMA/F16C (2013 on) or any
// arm64 instead of this exact CPU: for images built on one machine and run on others (Dockerfile).
// The output is node_modules/.cache/whisper-cpp/whisper-cli and build.json beside it (source
// version and flags: a different source or flags rebuilds). Keep the path in step with
// worker/engines/whisper/cli.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const required = process.argv.includes("--required");
const source = path.join(root, "node_modules", "nodejs-whisper", "cpp", "whisper.cpp");
const outDir = path.join(root, "node_modules", ".cache", "whisper-cpp");
const binary = path.join(outDir, process.platform === "win32" ? "whisper-cli.exe" : "whisper-cli");
const FLAGS = [
  "-DCMAKE_BUILD_TYPE=Release",
  "-DBUILD_SHARED_LIBS=OFF",
  process.env.VERBALE_WHISPER_PORTABLE === "1" ? "-DGGML_NATIVE=OFF" : "-DGGML_NATIVE=ON",
  "-DWHISPER_BUILD_TESTS=OFF",
  "-DWHISPER_BUILD_SERVER=OFF",
  "-DWHISPER_SDL2=OFF",
  "-DWHISPER_CURL=OFF",
  "-DGGML_CCACHE=OFF",
];

function done(message, ok) {
  const line = `whisper.cpp: ${message}`;
  if (ok) {
    console.log(line);
    process.exit(0);
  }
  console.warn(`${line}${required ? "" : " La trascrizione locale userà il binding precompilato (più lento)."}`);
  process.exit(required ? 1 : 0);
}

function has(command, args = ["--version"]) {
  const r = spawnSync(command, args, { stdio: "ignore" });
  return r.status === 0;
}

if (process.env.VERBALE_SKIP_WHISPER_BUILD === "1" && !required) done("compilazione saltata (VERBALE_SKIP_WHISPER_BUILD=1).", true);
if (!fs.existsSync(path.join(source, "CMakeLists.txt")))
  done(`sorgente non trovato in ${path.relative(root, source)} (è nella dipendenza di sviluppo nodejs-whisper: installa senza --omit=dev).`, false);

const version = /project\("whisper\.cpp" VERSION ([\d.]+)\)/.exec(fs.readFileSync(path.join(source, "CMakeLists.txt"), "utf8"))?.[1] ?? "unknown";
const stamp = { version, flags: FLAGS, platform: `${process.platform}-${process.arch}` };
const stampFile = path.join(outDir, "build.json");
const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, "utf8") : "";
if (current === JSON.stringify(stamp) && has(binary)) done(`whisper-cli ${version} già compilato.`, true);

if (!has("cmake"))
  done("cmake non trovato: installa cmake e un compilatore C++ (Debian: apt-get install cmake g++) e riesegui npm run whisper:build.", false);

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-whisper-build-"));
const started = Date.now();
console.log(
  `whisper.cpp ${version}: compilazione di whisper-cli per ${process.env.VERBALE_WHISPER_PORTABLE === "1" ? "CPU generiche (portabile)" : "questa CPU"} (circa 2 minuti)...`,
);
let outcome;
try {
  outcome = build();
} finally {
  fs.rmSync(buildDir, { recursive: true, force: true });
}
done(outcome.message, outcome.ok);

/** Configures and compiles in buildDir, then moves the program into place. */
function build() {
  const quiet = { cwd: root, encoding: "utf8", maxBuffer: 64 * 2 ** 20 };
  const steps = [
    ["cmake", ["-S", source, "-B", buildDir, ...FLAGS]],
    ["cmake", ["--build", buildDir, "--target", "whisper-cli", "--config", "Release", "-j", String(os.availableParallelism())]],
  ];
  for (const [command, args] of steps) {
    const r = spawnSync(command, args, quiet);
    if (r.status !== 0) {
      console.warn(`${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n"));
      return { ok: false, message: `compilazione non riuscita (${command} ${args[0]}, codice ${r.status}).` };
    }
  }
  const name = path.basename(binary);
  const built = [path.join(buildDir, "bin", name), path.join(buildDir, "bin", "Release", name)].find((f) => fs.existsSync(f));
  if (!built) return { ok: false, message: "compilazione terminata senza whisper-cli." };
  fs.mkdirSync(outDir, { recursive: true });
  // Copy then rename: an interrupted install never leaves a half binary at the final path.
  const tmp = `${binary}.${process.pid}.part`;
  fs.copyFileSync(built, tmp);
  fs.chmodSync(tmp, 0o755);
  fs.renameSync(tmp, binary);
  if (!has(binary)) return { ok: false, message: "whisper-cli compilato ma non si avvia." };
  fs.writeFileSync(stampFile, JSON.stringify(stamp));
  const seconds = Math.round((Date.now() - started) / 1000);
  return { ok: true, message: `whisper-cli ${version} compilato in ${seconds} s (${path.relative(root, binary)}).` };
}
