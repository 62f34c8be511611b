import { describe, expect, it, vi } from "vitest";
import { StartupError, choosePort, describeStartupError, prepareServerEnv, startServer, waitForHealth, type HealthWaitOptions } from "./server";

type FakeResponse = { ok: boolean; status: number; json(): Promise<unknown> };
const answer = (status: number, body: unknown): FakeResponse => ({ ok: status >= 200 && status < 300, status, json: async () => body });

/** A clock that only moves when the code under test sleeps, so timeouts are tested instantly. */
function fakeClock() {
  let time = 0;
  return { now: () => time, sleep: async (ms: number) => void (time += ms) };
}

describe("prepareServerEnv", () => {
  it("points the server at the data folder and the loopback port before it reads its config", () => {
    const env: NodeJS.ProcessEnv = { HOST: "0.0.0.0", NODE_ENV: "test" };
    prepareServerEnv(env, { dataDir: "/home/u/.config/Verbale/data", port: 43123 });
    expect(env).toMatchObject({
      DATA_DIR: "/home/u/.config/Verbale/data",
      HOST: "127.0.0.1",
      PORT: "43123",
      APP_URL: "http://127.0.0.1:43123",
      NODE_ENV: "production",
    });
  });
});

describe("choosePort", () => {
  it("reuses the remembered port when it is free", async () => {
    const freePort = vi.fn(async () => 50000);
    expect(await choosePort(41000, async () => true, freePort)).toBe(41000);
    expect(freePort).not.toHaveBeenCalled();
  });
  it("takes a new port when the remembered one is busy or invalid", async () => {
    expect(
      await choosePort(
        41000,
        async () => false,
        async () => 50000,
      ),
    ).toBe(50000);
    expect(
      await choosePort(
        80,
        async () => true,
        async () => 50001,
      ),
    ).toBe(50001);
    expect(
      await choosePort(
        undefined,
        async () => true,
        async () => 50002,
      ),
    ).toBe(50002);
  });
});

describe("waitForHealth", () => {
  it("keeps polling while the app answers 503 degraded, and resolves on 200 ok", async () => {
    const clock = fakeClock();
    const replies = [answer(503, { status: "degraded", worker: "stopped" }), answer(503, { status: "degraded" }), answer(200, { status: "ok" })];
    const fetch = vi.fn(async (_url: string) => replies.shift() ?? answer(500, null));
    await waitForHealth("http://127.0.0.1:4000", { fetch, ...clock, intervalMs: 100 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls[0][0]).toBe("http://127.0.0.1:4000/healthz");
  });

  it("treats connection errors as not ready yet", async () => {
    const clock = fakeClock();
    let calls = 0;
    const fetch: HealthWaitOptions["fetch"] = async () => {
      calls += 1;
      if (calls < 3) throw new Error("ECONNREFUSED");
      return answer(200, { status: "ok" });
    };
    await waitForHealth("http://127.0.0.1:4000", { fetch, ...clock });
    expect(calls).toBe(3);
  });

  it("gives up at the deadline with an Italian message and the last problem as detail", async () => {
    const clock = fakeClock();
    const fetch = vi.fn(async () => answer(503, { status: "degraded", database: "error" }));
    const error = await waitForHealth("http://127.0.0.1:4000", { fetch, ...clock, timeoutMs: 5000, intervalMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).message).toBe(
      "Verbale non ha risposto entro 5 secondi. Il database o il servizio di trascrizione non sono pronti.",
    );
    expect((error as StartupError).detail).toContain("HTTP 503");
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(7);
  });

  it("does not accept a 200 whose body is not status ok", async () => {
    const clock = fakeClock();
    const fetch = vi.fn(async () => answer(200, "<html>"));
    await expect(waitForHealth("http://x", { fetch, ...clock, timeoutMs: 1000 })).rejects.toBeInstanceOf(StartupError);
  });
});

describe("describeStartupError", () => {
  it("explains a database folder locked by another copy", () => {
    const error = describeStartupError(new Error("Il database in /data/postgres è già in uso da un'altra istanza di Verbale (porta 5555)."));
    expect(error.message).toBe(
      "La cartella del database è già in uso da un'altra copia di Verbale. Chiudi l'altra copia (o attendi che finisca di chiudersi) e riprova.",
    );
    expect(error.detail).toContain("porta 5555");
    expect(describeStartupError(new Error('FATAL: lock file "postmaster.pid" already exists')).message).toContain("già in uso");
  });
  it("recognises a busy port and a missing build, and falls back to a generic message", () => {
    expect(describeStartupError(Object.assign(new Error("listen EADDRINUSE: address already in use"), { code: "EADDRINUSE" })).message).toContain(
      "porta",
    );
    expect(describeStartupError(new Error("Build mancante: esegui `npm run build` prima di avviare.")).message).toContain("npm run build");
    const generic = describeStartupError("boom");
    expect(generic.message).toContain("Verbale non è riuscito ad avviarsi");
    expect(generic.detail).toBe("boom");
  });
  it("passes a StartupError through unchanged", () => {
    const original = new StartupError("x", "y");
    expect(describeStartupError(original)).toBe(original);
  });
});

describe("startServer", () => {
  const healthy = { fetch: async () => answer(200, { status: "ok" }), sleep: async () => {} };

  it("sets the env before importing the server, starts it on loopback and waits for health", async () => {
    const env: NodeJS.ProcessEnv = {};
    const stop = vi.fn(async () => {});
    let envAtImport: NodeJS.ProcessEnv | undefined;
    const startApp = vi.fn(async () => ({ url: "http://127.0.0.1:41000", port: 41000, stop }));
    const running = await startServer({
      loadServer: async () => {
        envAtImport = { ...env };
        return { startApp };
      },
      env,
      dataDir: "/data",
      port: 41000,
      health: healthy,
    });
    expect(envAtImport?.DATA_DIR).toBe("/data");
    expect(envAtImport?.APP_URL).toBe("http://127.0.0.1:41000");
    expect(startApp).toHaveBeenCalledWith({ dev: undefined, port: 41000, host: "127.0.0.1" });
    expect(running.url).toBe("http://127.0.0.1:41000");
    expect(stop).not.toHaveBeenCalled();
  });

  it("stops the half-started server when it never becomes healthy", async () => {
    const stop = vi.fn(async () => {});
    const clock = fakeClock();
    const error = await startServer({
      loadServer: async () => ({ startApp: async () => ({ url: "http://127.0.0.1:1", port: 1, stop }) }),
      env: {},
      dataDir: "/data",
      port: 41001,
      health: { fetch: async () => answer(503, { status: "degraded" }), ...clock, timeoutMs: 2000 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("turns a start failure into the Italian locked-database error", async () => {
    const error = await startServer({
      loadServer: async () => ({
        startApp: async () => {
          throw new Error("Impossibile avviare il database incorporato in /d/postgres. Il database potrebbe essere già in uso da un'altra istanza.");
        },
      }),
      env: {},
      dataDir: "/d",
      port: 41002,
      health: healthy,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).message).toContain("già in uso da un'altra copia di Verbale");
  });

  it("rejects a module without startApp", async () => {
    const error = await startServer({
      loadServer: async () => ({}) as never,
      env: {},
      dataDir: "/d",
      port: 41003,
      health: healthy,
    }).catch((e: unknown) => e);
    expect((error as StartupError).detail).toContain("startApp");
  });
});
