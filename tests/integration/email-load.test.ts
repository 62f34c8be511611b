import net from "node:net";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { createTestUser, useTestDatabase } from "../support/db";
import { useRunningApp } from "../support/running-app";
import { seedCompletedTranscription } from "../support/transcriptions";

/**
 * "Invia via Email" under load, over HTTP, against an SMTP server that accepts connections and
 * never greets: the app must keep answering (the pool used to be exhausted for good by ten sends,
 * each holding a connection while asking for another, and nodemailer waited minutes).
 */

const hung = new Set<net.Socket>();
const hungSmtp = net.createServer((socket) => {
  hung.add(socket);
  socket.on("error", () => {});
});
await new Promise<void>((resolve) => hungSmtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${(hungSmtp.address() as net.AddressInfo).port}`;
afterAll(async () => {
  for (const socket of hung) socket.destroy();
  await new Promise((r) => hungSmtp.close(r));
});

useTestDatabase({ SMTP_URL: smtpUrl });
const server = useRunningApp();

/** GET with a deadline; resolves with the status (0 when it did not answer in time). */
async function timedGet(url: string, ms: number): Promise<{ status: number }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ms) });
    await response.arrayBuffer();
    return { status: response.status };
  } catch {
    return { status: 0 };
  }
}

describe("e-mail delivery under load", () => {
  it("20 concurrent sends to a server that never greets: /healthz and a page keep answering, nothing stays stuck", async () => {
    const senders = [];
    for (let i = 0; i < 4; i++) {
      const user = await createTestUser();
      const t = await seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), user.id);
      await ensureDocument(t.id, { userId: user.id }, { create: true });
      senders.push({ user, t });
    }

    let monitoring = true;
    const probes: { status: number }[] = [];
    const monitor = (async () => {
      while (monitoring) {
        probes.push(await timedGet(`${server.url}/healthz`, 5000));
        probes.push(await timedGet(`${server.url}/`, 5000));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    const sends = senders.flatMap(({ user, t }) =>
      Array.from({ length: 5 }, (_, k) =>
        fetch(`${server.url}/api/document/${t.id}/email`, {
          method: "POST",
          headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ email: `destinatario${k}@esempio.it`, subject: "Verbale", message: "Ecco il verbale." }),
          signal: AbortSignal.timeout(30_000),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    const answers = await Promise.all(sends);
    // Every request answers (each gives up after 30 s): PENDING (retrying) after its own wait of 10 s.
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(202);

    // Attempts end at the greeting timeout (10 s), back to PENDING: none stays SENDING.
    const ids = answers.map((a) => a.body.deliveryId as string);
    let sending = ids.length;
    for (let i = 0; i < 60 && sending > 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const rows = await getDb().select().from(emailDeliveries).where(inArray(emailDeliveries.id, ids));
      sending = rows.filter((r) => r.status === "SENDING").length;
    }
    monitoring = false;
    await monitor;
    expect(sending).toBe(0);
    const rows = await getDb().select().from(emailDeliveries).where(inArray(emailDeliveries.id, ids));
    expect(rows.every((r) => r.status === "PENDING")).toBe(true);
    expect(rows.some((r) => /greeting/i.test(r.error ?? ""))).toBe(true);

    expect(probes.length).toBeGreaterThan(10);
    // A probe that waits past its 5 s gives up with status 0: every page answered in time.
    expect(probes.filter((p) => p.status !== 200)).toEqual([]);
  }, 120_000);
});
