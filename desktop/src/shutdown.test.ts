import { describe, expect, it, vi } from "vitest";
import { createShutdown } from "./shutdown";

describe("createShutdown", () => {
  it("releases power-save, closes windows, stops the server, then quits, in that order", async () => {
    const order: string[] = [];
    const shutdown = createShutdown(() => ({
      releasePowerSave: () => order.push("power-save"),
      closeWindows: async () => {
        await Promise.resolve();
        order.push("windows");
      },
      stopServer: async () => {
        order.push("server:start");
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push("server:done");
      },
      quit: () => order.push("quit"),
    }));
    expect(shutdown.started()).toBe(false);
    await shutdown.run();
    expect(order).toEqual(["power-save", "windows", "server:start", "server:done", "quit"]);
    expect(shutdown.done()).toBe(true);
  });

  it("runs once however often it is asked (window-all-closed, before-quit, SIGTERM)", async () => {
    const stopServer = vi.fn(async () => {});
    const quit = vi.fn();
    const shutdown = createShutdown(() => ({ releasePowerSave: () => {}, closeWindows: () => {}, stopServer, quit }));
    const first = shutdown.run();
    const second = shutdown.run();
    expect(second).toBe(first);
    expect(shutdown.started()).toBe(true);
    expect(shutdown.done()).toBe(false);
    await Promise.all([first, second, shutdown.run()]);
    expect(stopServer).toHaveBeenCalledTimes(1);
    expect(quit).toHaveBeenCalledTimes(1);
  });

  it("reads the steps when it runs, so a server started later is stopped", async () => {
    let stop: (() => Promise<void>) | undefined;
    const shutdown = createShutdown(() => ({ releasePowerSave: () => {}, closeWindows: () => {}, stopServer: stop, quit: () => {} }));
    const stopped = vi.fn(async () => {});
    stop = stopped;
    await shutdown.run();
    expect(stopped).toHaveBeenCalled();
  });

  it("quits even when a step fails or the server never started", async () => {
    const log = vi.fn();
    const quit = vi.fn();
    await createShutdown(() => ({
      releasePowerSave: () => {
        throw new Error("blocker");
      },
      closeWindows: async () => Promise.reject(new Error("window")),
      stopServer: async () => Promise.reject(new Error("postgres")),
      quit,
      log,
    })).run();
    expect(quit).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(3);
    const noServer = vi.fn();
    await createShutdown(() => ({ releasePowerSave: () => {}, closeWindows: () => {}, stopServer: undefined, quit: noServer })).run();
    expect(noServer).toHaveBeenCalled();
  });

  it("does not wait forever for a stuck server", async () => {
    const log = vi.fn();
    const quit = vi.fn();
    await createShutdown(() => ({
      releasePowerSave: () => {},
      closeWindows: () => {},
      stopServer: () => new Promise<void>(() => {}),
      quit,
      log,
      stopTimeoutMs: 20,
    })).run();
    expect(quit).toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining("oltre 20 ms"));
  });
});
