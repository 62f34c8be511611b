import { describe, expect, it, vi } from "vitest";
import { createNotifier } from "./notifications";

function fakeNotification() {
  const listeners: Record<string, () => void> = {};
  const notification = {
    show: vi.fn(),
    on: (name: string, listener: () => void) => {
      listeners[name] = listener;
      return notification;
    },
  };
  return { notification, emit: (name: string) => listeners[name]() };
}

describe("createNotifier", () => {
  it("shows a native notification with cleaned text and focuses the window on click", () => {
    const fake = fakeNotification();
    const create = vi.fn(() => fake.notification);
    const onClick = vi.fn();
    const notifier = createNotifier({ isSupported: () => true, create: create as never, onClick });
    expect(notifier.notify("  Trascrizione   pronta ", "Riunione di lunedì\nè pronta")).toBe(true);
    expect(create).toHaveBeenCalledWith({ title: "Trascrizione pronta", body: "Riunione di lunedì è pronta", silent: false });
    expect(fake.notification.show).toHaveBeenCalled();
    fake.emit("click");
    expect(onClick).toHaveBeenCalled();
  });

  it("uses a default title, ignores non-string input and bounds the length", () => {
    const fake = fakeNotification();
    const create = vi.fn((_options: { title: string; body: string }) => fake.notification);
    const notifier = createNotifier({ isSupported: () => true, create: create as never, onClick: () => {} });
    notifier.notify({ evil: true }, "x".repeat(1000));
    const options = create.mock.calls[0][0];
    expect(options.title).toBe("Trascrizione pronta");
    expect(options.body.length).toBe(400);
    expect(options.body.endsWith("…")).toBe(true);
  });

  it("does nothing where the system has no notifications", () => {
    const create = vi.fn();
    expect(createNotifier({ isSupported: () => false, create, onClick: () => {} }).notify("a", "b")).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });
});
