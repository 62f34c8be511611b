import { execFileSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, transcriptions, usageMonths } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { action as startAction } from "~/routes/api.recordings";
import { action as chunkAction } from "~/routes/api.recordings.$id.chunks.$index";
import { action as finalizeAction } from "~/routes/api.recordings.$id.finalize";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

/** Decision 006 for live recordings (issue 14): minutes counted at finalize from the decoded audio. */

useTestDatabase();

async function call(handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function opus(seconds: number): Buffer {
  return execFileSync(
    "ffmpeg",
    [
      "-nostdin",
      "-loglevel",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=300",
      "-t",
      String(seconds),
      "-c:a",
      "libopus",
      "-b:a",
      "16k",
      "-f",
      "webm",
      "pipe:1",
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

async function record(user: TestUser, data: Buffer, seconds: number) {
  const opened = await call(startAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm;codecs=opus" } }));
  const id = opened.body.databaseId as string;
  const request = new Request(`http://localhost:3000/api/recordings/${id}/chunks/0`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${user.token}`, "Content-Type": "application/octet-stream", "X-Recording-Seconds": String(seconds) },
    body: new Uint8Array(data),
  });
  const chunk = await call(chunkAction, request, { id, index: "0" });
  return { id, chunk };
}

const finalize = (user: TestUser, id: string) =>
  call(finalizeAction, apiRequest(`/api/recordings/${id}/finalize`, { token: user.token, method: "POST" }), { id });

async function minutesUsed(userId: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonthOf())));
  return row?.minutesUsed ?? 0;
}

describe("live recordings and the plan's minutes", () => {
  it("counts the decoded minutes at finalize; refuses a recording longer than the plan allows, as chunks arrive and at finalize", async () => {
    const [free] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    await getDb()
      .insert(subscriptionTypes)
      .values({
        ...free,
        id: undefined,
        code: "UN_MINUTO",
        name: "Un minuto",
        maxMinutesPerFile: 1,
        maxMinutesPerMonth: 10,
        createdAt: undefined,
        updatedAt: undefined,
      });
    const user = await createTestUser({ plan: "UN_MINUTO" });

    const ok = await record(user, opus(20), 20);
    expect(ok.chunk.status).toBe(200);
    expect((await finalize(user, ok.id)).status).toBe(200);
    const [row] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, ok.id));
    expect(row.usageMinutes).toBe(1);
    expect(await minutesUsed(user.id)).toBe(1);

    // The browser says 90 s: the chunk is refused with the plan's wording.
    const declared = await record(user, opus(5), 90);
    expect(declared.chunk).toMatchObject({ status: 413, body: { message: MSG.audioTooLong(1) } });

    // A browser that lies about its seconds is caught at finalize, which decodes the audio.
    const liar = await record(user, opus(75), 10);
    expect(liar.chunk.status).toBe(200);
    const refused = await finalize(user, liar.id);
    expect(refused).toMatchObject({ status: 413, body: { message: MSG.audioTooLong(1) } });
    const [kept] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, liar.id));
    expect(kept.status).toBe("RECORDING");
    expect(await minutesUsed(user.id)).toBe(1);
  }, 60_000);
});
