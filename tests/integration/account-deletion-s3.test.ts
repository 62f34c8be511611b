import { describe, expect, it } from "vitest";
import * as accountRoute from "~/routes/api.account";
import { listAllStored, seedAccountData } from "../support/account-data";
import { call } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";
import { useS3Storage } from "../support/s3";

/** «Elimina il mio account» with S3 storage: the bucket is listed after, not the code trusted. */

useTestDatabase();
const s3 = useS3Storage();

describe("DELETE /api/account on S3", () => {
  it("leaves no object of the user in the bucket and every object of another user", async () => {
    const other = await createTestUser();
    const theirs = await seedAccountData(other.id);
    const user = await createTestUser();
    const mine = await seedAccountData(user.id);
    const myKeys = [
      mine.done.fileName,
      mine.docKey,
      mine.queued.fileName,
      `recordings/${mine.recording.id}/0000000.part`,
      `recordings/${mine.recording.id}/0000001.part`,
    ];
    const before = await listAllStored();
    expect(before).toEqual(expect.arrayContaining(myKeys));
    expect(s3.server).toBeDefined();

    const answer = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: { password: user.password } });
    expect(answer.status).toBe(200);
    const after = await listAllStored();
    expect(after).toEqual(before.filter((key) => !myKeys.includes(key)));
    expect(after).toEqual(expect.arrayContaining([theirs.done.fileName, theirs.docKey, `recordings/${theirs.recording.id}/0000000.part`]));
  });
});
