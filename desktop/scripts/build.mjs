// Bundles the main process and the preload with esbuild into dist/ (type-checking is `npm run
// typecheck`). The preload must be one self-contained CommonJS file: a sandboxed preload can
// require only "electron", not our other modules.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
fs.rmSync(dist, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node22",
  external: ["electron"],
  sourcemap: true,
  logLevel: "warning",
};
await build({ ...common, entryPoints: [path.join(root, "src", "main.ts")], outfile: path.join(dist, "main.js") });
await build({ ...common, entryPoints: [path.join(root, "src", "preload.ts")], outfile: path.join(dist, "preload.js") });
fs.copyFileSync(path.join(root, "src", "splash.html"), path.join(dist, "splash.html"));
console.log("desktop: dist/ pronto");
