import { describe, expect, it } from "vitest";
import { createPowerSaveKeeper } from "./power-save";

function fakeBlocker() {
  const started = new Set<number>();
  const calls: string[] = [];
  let next = 1;
  return {
    calls,
    active: () => started.size,
    start(type: "prevent-app-suspension" | "prevent-display-sleep") {
      const id = next++;
      started.add(id);
      calls.push(`start:${type}`);
      return id;
    },
    stop(id: number) {
      calls.push(`stop:${id}`);
      return started.delete(id);
    },
    isStarted: (id: number) => started.has(id),
  };
}

describe("createPowerSaveKeeper", () => {
  it("holds one blocker however many times keepAwake is called", () => {
    const blocker = fakeBlocker();
    const keeper = createPowerSaveKeeper(blocker);
    keeper.keepAwake("Registrazione in corso");
    keeper.keepAwake();
    keeper.keepAwake("ripresa");
    expect(blocker.calls).toEqual(["start:prevent-app-suspension"]);
    expect(blocker.active()).toBe(1);
    expect(keeper.isActive()).toBe(true);
    expect(keeper.reason()).toBe("ripresa");
  });

  it("releases idempotently (stop, then discard, then window closed, then quit)", () => {
    const blocker = fakeBlocker();
    const keeper = createPowerSaveKeeper(blocker);
    keeper.keepAwake("rec");
    keeper.release();
    keeper.release();
    keeper.release();
    expect(blocker.calls).toEqual(["start:prevent-app-suspension", "stop:1"]);
    expect(keeper.isActive()).toBe(false);
    expect(keeper.reason()).toBeUndefined();
  });

  it("release before any keepAwake does nothing", () => {
    const blocker = fakeBlocker();
    createPowerSaveKeeper(blocker).release();
    expect(blocker.calls).toEqual([]);
  });

  it("starts a new blocker for the next recording", () => {
    const blocker = fakeBlocker();
    const keeper = createPowerSaveKeeper(blocker, "prevent-display-sleep");
    keeper.keepAwake();
    keeper.release();
    keeper.keepAwake();
    expect(blocker.calls).toEqual(["start:prevent-display-sleep", "stop:1", "start:prevent-display-sleep"]);
    expect(blocker.active()).toBe(1);
  });

  it("restarts if the blocker was stopped behind its back", () => {
    const blocker = fakeBlocker();
    const keeper = createPowerSaveKeeper(blocker);
    keeper.keepAwake();
    blocker.stop(1);
    expect(keeper.isActive()).toBe(false);
    keeper.keepAwake();
    expect(blocker.active()).toBe(1);
  });
});
