import type { Readable } from "node:stream";
import { crc32 } from "node:zlib";

/**
 * A streaming ZIP writer (issue 32's export): entries are stored (audio and .docx are already
 * compressed), each followed by a data descriptor, so nothing is held whole in memory and the
 * size need not be known before the bytes have passed. ZIP64 records are written only where a
 * size, an offset or the entry count does not fit the classic fields (APPNOTE 6.3.10, 4.3.9 and 4.5.3).
 */

export type ZipEntry = {
  name: string;
  /** The bytes, or a function opening them as a stream (called when the entry's turn comes). */
  data: Buffer | (() => Promise<Readable>);
  /** Known size of a streamed entry; 4 GiB or more turns on ZIP64 for it. */
  size?: number;
  modified?: Date;
};

const MAX32 = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes in the data descriptor; bit 11: names are UTF-8.

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

type Written = { name: Buffer; crc: number; size: number; offset: number; zip64: boolean; time: number; date: number };

function localHeader(name: Buffer, zip64: boolean, time: number, date: number): Buffer {
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2); // sizes follow in the descriptor; zeros here
  }
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(zip64 ? 45 : 20, 4);
  head.writeUInt16LE(FLAGS, 6);
  head.writeUInt16LE(0, 8);
  head.writeUInt16LE(time, 10);
  head.writeUInt16LE(date, 12);
  head.writeUInt32LE(0, 14);
  head.writeUInt32LE(zip64 ? MAX32 : 0, 18);
  head.writeUInt32LE(zip64 ? MAX32 : 0, 22);
  head.writeUInt16LE(name.length, 26);
  head.writeUInt16LE(extra.length, 28);
  return Buffer.concat([head, name, extra]);
}

function descriptor(entry: Written): Buffer {
  if (entry.zip64) {
    const d = Buffer.alloc(24);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    d.writeBigUInt64LE(BigInt(entry.size), 8);
    d.writeBigUInt64LE(BigInt(entry.size), 16);
    return d;
  }
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc, 4);
  d.writeUInt32LE(entry.size, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

function centralHeader(entry: Written): Buffer {
  const bigSize = entry.size >= MAX32;
  const bigOffset = entry.offset >= MAX32;
  const fields: bigint[] = [];
  if (bigSize) fields.push(BigInt(entry.size), BigInt(entry.size));
  if (bigOffset) fields.push(BigInt(entry.offset));
  const extra = Buffer.alloc(fields.length ? 4 + fields.length * 8 : 0);
  if (fields.length) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(fields.length * 8, 2);
    fields.forEach((value, i) => extra.writeBigUInt64LE(value, 4 + i * 8));
  }
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(45, 4);
  head.writeUInt16LE(entry.zip64 || fields.length ? 45 : 20, 6);
  head.writeUInt16LE(FLAGS, 8);
  head.writeUInt16LE(0, 10);
  head.writeUInt16LE(entry.time, 12);
  head.writeUInt16LE(entry.date, 14);
  head.writeUInt32LE(entry.crc, 16);
  head.writeUInt32LE(bigSize ? MAX32 : entry.size, 20);
  head.writeUInt32LE(bigSize ? MAX32 : entry.size, 24);
  head.writeUInt16LE(entry.name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  head.writeUInt32LE(bigOffset ? MAX32 : entry.offset, 42);
  return Buffer.concat([head, entry.name, extra]);
}

function end(count: number, cdOffset: number, cdSize: number): Buffer {
  const zip64 = count >= 0xffff || cdOffset >= MAX32 || cdSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 8);
  eocd.writeUInt16LE(zip64 ? 0xffff : count, 10);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdSize, 12);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdOffset, 16);
  parts.push(eocd);
  return Buffer.concat(parts);
}

/** The ZIP's bytes, entry after entry as `entries` yields them (pulled, so backpressure holds). */
export async function* zipStream(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const { time, date } = dosDateTime(entry.modified ?? new Date());
    const knownSize = Buffer.isBuffer(entry.data) ? entry.data.length : entry.size;
    // An unknown size is streamed as ZIP64 only when it could pass 4 GiB; a known one decides.
    const zip64 = knownSize === undefined ? false : knownSize >= MAX32;
    const record: Written = { name, crc: 0, size: 0, offset, zip64, time, date };
    const head = localHeader(name, zip64, time, date);
    yield head;
    offset += head.length;
    if (Buffer.isBuffer(entry.data)) {
      record.crc = crc32(entry.data);
      record.size = entry.data.length;
      if (entry.data.length) yield entry.data;
    } else {
      const source = await entry.data();
      for await (const chunk of source as AsyncIterable<Buffer>) {
        record.crc = crc32(chunk, record.crc);
        record.size += chunk.length;
        yield chunk;
      }
    }
    if (!record.zip64 && record.size >= MAX32) throw new Error(`zip: ${entry.name} supera 4 GiB senza dimensione dichiarata`);
    offset += record.size;
    const tail = descriptor(record);
    yield tail;
    offset += tail.length;
    written.push(record);
  }
  const cdOffset = offset;
  let cdSize = 0;
  for (const record of written) {
    const header = centralHeader(record);
    cdSize += header.length;
    yield header;
  }
  yield end(written.length, cdOffset, cdSize);
}

/** The Node response a body is written to, when the server passes it (server/app.ts load context). */
export type PacingWritable = {
  writableNeedDrain: boolean;
  destroyed: boolean;
  once(event: "drain" | "close", listener: () => void): unknown;
  removeListener(event: "drain" | "close", listener: () => void): unknown;
};

/**
 * A web stream of `chunks` for a Response; cancelling it (the client went away) ends the
 * generator. With `pace`, each chunk waits until the socket has drained: Remix writes bodies
 * without looking at backpressure, so a slow client would otherwise buffer the whole ZIP in memory.
 */
export function toWebStream(chunks: AsyncGenerator<Buffer>, pace?: PacingWritable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (pace?.writableNeedDrain && !pace.destroyed) {
            await new Promise<void>((resolve) => {
              const go = () => {
                pace.removeListener("drain", go);
                pace.removeListener("close", go);
                resolve();
              };
              pace.once("drain", go);
              pace.once("close", go);
            });
          }
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
