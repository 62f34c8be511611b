import { describe, expect, it } from "vitest";
import { getSql } from "~/db/client.server";
import { getAdminTranscription } from "~/services/admin/transcriptions.server";
import { createTestUser, useTestDatabase } from "../support/db";
import { seedCompletedTranscription } from "../support/transcriptions";

const db = useTestDatabase();

describe("admin transcription detail", () => {
  it("says which speech and analysis engines, and which models, produced the result", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const seeded = await seedCompletedTranscription(getSql(), db.dataDir, user.id);
    await getSql()`update transcriptions set speech_engine = 'whisper', speech_model = 'base' where id = ${seeded.id}`;
    await getSql()`update analyses set engine = 'local', model = 'textrank-it-1' where transcription_id = ${seeded.id}`;
    const detail = await getAdminTranscription(seeded.id);
    expect(detail.speechEngine).toBe("whisper");
    expect(detail.speechModel).toBe("base");
    expect(detail.analysis).toMatchObject({ engine: "local", model: "textrank-it-1" });
  });
});
