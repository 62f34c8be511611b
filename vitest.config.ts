import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "worker/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["node_modules", "build", "desktop", "tests/e2e"],
    globalSetup: ["tests/support/global-setup.ts"],
    // No test reaches for the real diarization models; the diarization tests turn it on themselves.
    env: { DIARIZATION: "off", LLM_PRIORITY: "normal" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
