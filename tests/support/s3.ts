import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { parseConfig, setConfigForTests, type Config } from "~/services/config.server";
import { S3Storage } from "~/services/storage/s3.server";

/**
 * A real S3-compatible server for tests (s3rver: the S3 REST protocol with signature checks,
 * objects in a folder) on 127.0.0.1 and a free port, with one bucket. Its keys are s3rver's own.
 */
export type S3TestServer = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The configuration variables that point the app at it (STORAGE_URL=s3://bucket/prefix). */
  env: (prefix?: string) => Record<string, string>;
  /** A backend on it, for looking at the objects behind the app's back. */
  storage: (prefix?: string) => S3Storage;
  close: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../..");

export async function startS3Server(bucket = "verbale-test"): Promise<S3TestServer> {
  const directory = path.join(root, "tests", ".data", `s3-${process.pid}-${randomBytes(4).toString("hex")}`);
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (prefix = "verbale") => ({
    STORAGE_URL: `s3://${bucket}/${prefix}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  const made: S3Storage[] = [];
  return {
    endpoint,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    env,
    storage: (prefix = "verbale") => {
      const storage = new S3Storage({
        bucket,
        prefix,
        endpoint,
        region: "us-east-1",
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        forcePathStyle: true,
      });
      made.push(storage);
      return storage;
    },
    close: async () => {
      for (const storage of made) storage.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The storage part of a configuration for these variables (as parseConfig reads them). */
export function storageConfig(env: Record<string, string>): Partial<Config> {
  const parsed = parseConfig(env);
  return {
    STORAGE: parsed.STORAGE,
    STORAGE_URL: parsed.STORAGE_URL,
    S3_ENDPOINT: parsed.S3_ENDPOINT,
    S3_REGION: parsed.S3_REGION,
    S3_ACCESS_KEY_ID: parsed.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: parsed.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: parsed.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Points the test file's app at a fresh s3rver (call after useTestDatabase, so it runs after
 * the database's configuration) and stops it after the file.
 */
export function useS3Storage(prefix = "verbale"): { server: S3TestServer } {
  const handle = {} as { server: S3TestServer };
  beforeAll(async () => {
    handle.server = await startS3Server();
    setConfigForTests(storageConfig(handle.server.env(prefix)));
  });
  afterAll(async () => {
    await handle.server?.close();
  });
  return handle;
}
