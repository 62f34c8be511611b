import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, useTestDatabase, type TestUser } from "../support/db";
import { ensureFreshBuild } from "../support/running-app";

/**
 * Issue 18 point 4: the compiled app as `npm start` runs it writes JSON log lines on stdout, one
 * per request (method, path without the query, status, duration), and never a password, a
 * session token or a configured secret, whatever the requests carry.
 */

const db = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "Parola-Segreta-4821";
const API_KEY = "sk-chiave-segreta-per-il-log-7731";
let server: ChildProcess;
let url = "";
let output = "";
let user: TestUser;

beforeAll(async () => {
  ensureFreshBuild();
  user = await createTestUser({ password: PASSWORD });
  const { NODE_ENV: _unset, ...inherited } = process.env;
  server = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: {
      ...inherited,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.url,
      LOG_LEVEL: "info",
      SMTP_URL: "",
      OPENAI_API_KEY: API_KEY,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 110_000);
    const check = setInterval(() => {
      const match = output.match(/in ascolto su (http:\/\/[^\s"]+) /);
      if (match) {
        clearInterval(check);
        clearTimeout(timer);
        resolve(match[1]);
      }
    }, 100);
    server.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
});

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);
const requestLines = (p: string) => lines().filter((l) => l.msg === "richiesta" && l.path === p);

async function settled(p: string, count: number): Promise<Line[]> {
  // The line is written when the answer has gone out; give the pipe a moment.
  for (let i = 0; i < 50 && requestLines(p).length < count; i += 1) await new Promise((r) => setTimeout(r, 100));
  return requestLines(p);
}

describe("logs of the running app", () => {
  it("writes every line as JSON with a time and a level", () => {
    const all = output.split("\n").filter(Boolean);
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
  });

  it("one line per request with method, path without the query, status and duration; no password, token or secret", async () => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(token).toBeTruthy();
    const me = await fetch(`${url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const wrong = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: `${PASSWORD}-sbagliata` }),
    });
    expect(wrong.status).toBe(401);
    const reset = await fetch(`${url}/reset-password?token=token-di-reset-nel-link-5512`, { redirect: "manual" });
    await reset.arrayBuffer();

    const logins = await settled("/api/auth/login", 2);
    expect(logins).toEqual([
      expect.objectContaining({ level: "info", method: "POST", status: 200, durationMs: expect.any(Number) }),
      expect.objectContaining({ level: "info", method: "POST", status: 401, durationMs: expect.any(Number) }),
    ]);
    expect(await settled("/api/auth/me", 1)).toEqual([expect.objectContaining({ method: "GET", status: 200 })]);
    expect(await settled("/reset-password", 1)).toEqual([expect.objectContaining({ method: "GET", status: reset.status })]);

    for (const secret of [PASSWORD, token, API_KEY, "token-di-reset-nel-link-5512"]) expect(output).not.toContain(secret);
  });
});
