import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { CALL_AUDIO_TEXT } from "~/lib/call-audio";
import { action as startAction } from "~/routes/api.recordings";
import { loader as detailLoader } from "~/routes/api.transcription.$id";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

/** POST /api/recordings `source` (issue 30): stored, answered by GET, a bad one refused with nothing created. */

useTestDatabase();

async function call(handler: (args: never) => Promise<Response>, request: Request, params: Record<string, string> = {}) {
  const response = await handler({ request, params, context: {} } as never);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const start = (user: TestUser, body: Record<string, unknown>) =>
  call(startAction, apiRequest("/api/recordings", { token: user.token, body: { mimeType: "audio/webm;codecs=opus", ...body } }));

async function sourceOf(user: TestUser, id: string) {
  const { status, body } = await call(detailLoader, apiRequest(`/api/transcription/${id}`, { token: user.token }), { id });
  expect(status).toBe(200);
  return (body.transcription as { source: unknown }).source;
}

const rowsOf = async (userId: string) => getDb().select().from(transcriptions).where(eq(transcriptions.userId, userId));

describe("POST /api/recordings source", () => {
  it("stores each source and GET /api/transcription/:id answers it; no source is the microphone", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    for (const source of ["microphone-and-call", "call", "microphone"] as const) {
      const { status, body } = await start(user, { source });
      expect(status).toBe(200);
      const id = body.databaseId as string;
      expect((await rowsOf(user.id)).find((r) => r.id === id)?.audioSource).toBe(source);
      expect(await sourceOf(user, id)).toBe(source);
    }
    const { body } = await start(user, {});
    expect(await sourceOf(user, body.databaseId as string)).toBe("microphone");
  });

  it("refuses an unknown source with a 400 naming the field, and creates nothing", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    for (const source of ["screen", "", 3, null, ["call"], "CALL"]) {
      const { status, body } = await start(user, { source });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, message: CALL_AUDIO_TEXT.badSource });
      expect(body.message).toContain("«source»");
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("an uploaded file has no source (null)", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [row] = await getDb()
      .insert(transcriptions)
      .values({ userId: user.id, fileName: "audio/x.mp3", originalName: "x.mp3", fileSize: 1, usageMonth: "2025-01-01", usageMegabytes: 1 })
      .returning();
    expect(await sourceOf(user, row.id)).toBeNull();
  });
});
