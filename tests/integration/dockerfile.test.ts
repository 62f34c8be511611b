import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Docker cannot run on the development machines, so the Dockerfile is checked against what the
 * tests do run: the commands it uses exist and are the tested ones, and the files its runtime
 * stage copies are enough to start the compiled app (started here from a folder holding only
 * those files plus node_modules).
 */

const root = path.resolve(import.meta.dirname, "../..");
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const copied = [...runtimeStage.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S*)$/gm)].map((m) => m[1]);
const copiedMany = [...runtimeStage.matchAll(/^COPY --from=build ((?:\/app\/\S+ )+)\.\/$/gm)].flatMap((m) =>
  m[1]
    .trim()
    .split(" ")
    .map((p) => p.replace("/app/", "")),
);
const runtimeFiles = [...copied, ...copiedMany];
const dir = path.join(root, "tests", ".data", `docker-runtime-${process.pid}`);

beforeAll(() => {
  execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: root, stdio: "ignore" });
}, 300_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

describe("Dockerfile", () => {
  it("runs the tested commands: npm ci, the whisper and app builds, node server/start.mjs", () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(dockerfile).toContain("npm ci --no-audit --no-fund");
    expect(dockerfile).toContain("npm run whisper:build");
    expect(dockerfile).toContain("npm run build");
    expect(scripts["whisper:build"]).toBeDefined();
    expect(scripts.build).toBeDefined();
    // npm start = the staleness check, then exactly the container's command.
    expect(scripts.start).toMatch(/&& node server\/start\.mjs$/);
    expect(runtimeStage).toContain('CMD ["node", "server/start.mjs"]');
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=(\d+)$/m);
    expect(dockerfile.match(/^ARG NODE_VERSION=(\d+)$/m)![1]).toBe(fs.readFileSync(path.join(root, ".nvmrc"), "utf8").trim());
  });

  it("copies into the runtime image every file the compiled app needs to start and serve", async () => {
    expect(runtimeFiles).toEqual(expect.arrayContaining(["build", "drizzle", "server/start.mjs", "node_modules"]));
    fs.rmSync(dir, { recursive: true, force: true });
    for (const file of runtimeFiles.filter((f) => f !== "node_modules")) {
      fs.cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
    }
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    const port = await freePort();
    const child = spawn(process.execPath, ["server/start.mjs"], {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: path.join(dir, "data"),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        ADMIN_PASSWORD: "Admin12345",
      },
      stdio: "ignore",
    });
    try {
      let health: unknown;
      for (let i = 0; i < 240 && child.exitCode === null; i++) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/healthz`);
          health = await response.json();
          if (response.ok) break;
        } catch {
          /* not yet */
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(health).toEqual({ status: "ok", database: "ok", worker: "ok" });
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
      expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
      expect((await fetch(`http://127.0.0.1:${port}${stylesheet}`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
    }
  }, 90_000);
});
