import type { Notification, NotificationConstructorOptions } from "electron";
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH, cleanText } from "./ipc-contract";
import { messages } from "./messages";

/**
 * Native notifications ("Trascrizione pronta"): the result page asks for one when the job
 * completes, which matters most when Verbale is in the background. Clicking brings the window
 * forward.
 */

type NotificationLike = Pick<Notification, "show" | "on">;

export type NotifierDeps = {
  isSupported: () => boolean;
  create: (options: NotificationConstructorOptions) => NotificationLike;
  onClick: () => void;
};

export type Notifier = { notify(title: unknown, body: unknown): boolean };

export function createNotifier(deps: NotifierDeps): Notifier {
  // Shown notifications are kept referenced: a garbage-collected Notification loses its click handler.
  const live = new Set<NotificationLike>();
  return {
    notify(title, body) {
      if (!deps.isSupported()) return false;
      const cleanTitle = cleanText(title, MAX_TITLE_LENGTH) ?? messages.transcriptionReadyTitle;
      const cleanBody = cleanText(body, MAX_BODY_LENGTH) ?? "";
      const notification = deps.create({ title: cleanTitle, body: cleanBody, silent: false });
      live.add(notification);
      notification.on("click", () => {
        live.delete(notification);
        deps.onClick();
      });
      notification.on("close", () => live.delete(notification));
      notification.show();
      return true;
    },
  };
}
