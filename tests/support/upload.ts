import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, expect } from "vitest";
import { action as uploadAction } from "~/routes/api.transcription";
import { useTestDatabase, type TestDatabase, type TestUser } from "./db";

/**
 * The upload tests' common ground: a test database with a fixtures folder, and after every test
 * the check that the upload left nothing in the data folder's tmp/ (accepted or refused alike).
 */
export function useUploadDatabase(): { db: TestDatabase; fixtures: string } {
  const db = useTestDatabase();
  const handle = { db, fixtures: "" };
  beforeAll(() => {
    handle.fixtures = path.join(db.dataDir, "fixtures");
    fs.mkdirSync(handle.fixtures, { recursive: true });
  });
  afterEach(() => {
    const tmp = path.join(db.dataDir, "tmp");
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });
  return handle;
}

/** POST /api/transcription with one file under `name`, as the owner's client would. */
export async function uploadFile(user: Pick<TestUser, "token">, content: Buffer | string, name: string) {
  const data = new FormData();
  data.append("audio", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
  const request = new Request("http://localhost:3000/api/transcription", {
    method: "POST",
    headers: { Authorization: `Bearer ${user.token}` },
    body: data,
  });
  const response = await uploadAction({ request, params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
