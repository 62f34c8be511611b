import fs from "node:fs";
import fsp from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertKey, missingKey, type StorageBackend } from "./backend.server";

export type S3Options = {
  bucket: string;
  /** Prepended to every key ("" for none). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

/**
 * Multipart parts: S3's smallest (5 MiB), two in flight, so an upload of any length holds at
 * most about 10 MiB in memory (BENCHMARKS.md, upload memory with S3).
 */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}

/** An S3-compatible object store through the AWS SDK v3 (decision 021). */
export class S3Storage implements StorageBackend {
  readonly kind = "s3";
  readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where the API requires them: the SDK's default (since 3.729) sends
      // CRC32 trailers that MinIO before 2025, Ceph and other compatible stores refuse.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  get description(): string {
    const where = this.options.endpoint ?? `AWS ${this.options.region}`;
    return `s3://${this.options.bucket}/${this.options.prefix} (${where})`;
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }

  private keyOf(objectKey: string): string {
    return this.options.prefix ? objectKey.slice(this.options.prefix.length + 1) : objectKey;
  }

  async putStream(key: string, source: Readable): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const body = source.pipe(counter);
    source.once("error", (error) => counter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      // A failed multipart upload is aborted, so no half object stays (and no parts are billed).
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      throw error;
    }
    return size;
  }

  async putBuffer(key: string, data: Buffer | Uint8Array): Promise<number> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: data, ContentLength: data.byteLength }),
    );
    return data.byteLength;
  }

  async putFile(key: string, localPath: string): Promise<number> {
    const size = await this.putStream(key, fs.createReadStream(localPath));
    await fsp.rm(localPath, { force: true });
    return size;
  }

  async copyToLocal(key: string, localPath: string): Promise<void> {
    const body = await this.openRead(key);
    try {
      await pipeline(body, fs.createWriteStream(localPath));
    } catch (error) {
      await fsp.rm(localPath, { force: true });
      throw error;
    }
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw missingKey(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async removePrefix(prefix: string): Promise<void> {
    // Listed again after each batch: the keys that were deleted are gone from the next page.
    for (;;) {
      const page = await this.listPage(prefix);
      if (page.length === 0) return;
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: page.map((Key) => ({ Key })), Quiet: true } }),
      );
      if (answer.Errors?.length)
        throw new Error(`Oggetti non rimossi sotto ${prefix}/: ${answer.Errors.map((e) => `${e.Key} (${e.Code})`).join(", ")}`);
    }
  }

  /** Up to 1000 object keys under prefix/ (the most one DeleteObjects takes). */
  private async listPage(prefix: string, token?: string): Promise<string[]> {
    const answer = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${this.objectKey(prefix)}/`, ContinuationToken: token, MaxKeys: 1000 }),
    );
    return (answer.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const answer = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${this.objectKey(prefix)}/`, ContinuationToken: token }),
      );
      for (const o of answer.Contents ?? []) if (o.Key) keys.push(this.keyOf(o.Key));
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason =
        status === 404
          ? "il bucket non esiste"
          : status === 403 || status === 401
            ? "accesso negato (controlla S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY)"
            : `archivio non raggiungibile (${(error as Error).message || (error as Error).name})`;
      throw new Error(`${reason}: ${this.description}`, { cause: error });
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
