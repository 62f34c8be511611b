import { defineConfig } from "vitest/config";

// The desktop package tests only plain modules: no Electron, no database, so no global setup.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    testTimeout: 10_000,
  },
});
