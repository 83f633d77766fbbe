import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { badRequest } from './errors.js';

/**
 * Where uploaded files live (DESIGN.md §1): `<DATA_DIR>/files` by default, an S3-compatible bucket when
 * FILES_S3_BUCKET is set. Keys are chosen by the server, never taken from a request as they are; a key is
 * `/`-separated segments of letters, digits, `.`, `_` and `-`, no segment starting with a dot (so no `..`,
 * no hidden files) — anything else is refused before it reaches a path or a bucket.
 */
export type FileInfo = { size: number; contentType: string };
export type ByteRange = { start: number; end: number };
export type StoredFile = FileInfo & { stream: Readable };

export type FileStore = {
  readonly kind: 'local' | 's3';
  /** Stores a file; `size` must be given for a stream going to S3 (else the stream is read into memory). */
  put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void>;
  /** The file (or the byte range of it, inclusive), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  stat(key: string): Promise<FileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export const FILE_KEY_MAX = 512;

export function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > FILE_KEY_MAX) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key)) throw badRequest('invalidKey', 'Invalid file key');
}

const DEFAULT_TYPE = 'application/octet-stream';

/** Files in a local directory; each file's content type is kept beside it under `.meta/` (unreachable by keys). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private pathOf(key: string, meta = false): string {
    assertSafeKey(key);
    const base = path.resolve(this.root, meta ? '.meta' : '.');
    const full = path.resolve(base, meta ? `${key}.json` : key);
    // Defence in depth: the key rule already forbids leaving the root.
    if (!full.startsWith(base + path.sep)) throw badRequest('invalidKey', 'Invalid file key');
    return full;
  }

  private async writeAtomic(target: string, body: Buffer | Readable): Promise<void> {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void> {
    const file = this.pathOf(key);
    const meta = this.pathOf(key, true);
    await this.writeAtomic(meta, Buffer.from(JSON.stringify({ contentType: options.contentType })));
    await this.writeAtomic(file, body);
  }

  async stat(key: string): Promise<FileInfo | null> {
    const file = this.pathOf(key);
    let size: number;
    try {
      const st = await fsp.stat(file);
      if (!st.isFile()) return null;
      size = st.size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    let contentType = DEFAULT_TYPE;
    try {
      const meta = JSON.parse(await fsp.readFile(this.pathOf(key, true), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch {
      // No (readable) metadata: served as an opaque download.
    }
    return { size, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const stream = fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { ...info, stream };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    await fsp.rm(this.pathOf(key, true), { force: true });
  }
}

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The AWS SDK, loaded on first use: it adds ~25 MB to a process, and only servers with a bucket need it. */
const sdk = () => import('@aws-sdk/client-s3');

/** An S3 client made on its first command. */
function lazyS3Client(config: S3ClientConfig): Pick<S3Client, 'send'> {
  let client: Promise<S3Client> | undefined;
  return {
    send: (async (command: never) => {
      client ??= sdk().then((m) => new m.S3Client(config));
      return (await client).send(command);
    }) as S3Client['send'],
  };
}

/** Files in an S3-compatible bucket; the content type is the object's own metadata. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;

  constructor(
    readonly bucket: string,
    readonly client: Pick<S3Client, 'send'>,
  ) {}

  async put(key: string, body: Buffer | Readable, options: { contentType: string; size?: number }): Promise<void> {
    assertSafeKey(key);
    // The SDK needs the length of a streamed body; a stream of unknown length is read first.
    const payload = Buffer.isBuffer(body) || options.size === undefined ? await toBuffer(body) : body;
    const { PutObjectCommand } = await sdk();
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: payload,
        ContentType: options.contentType,
        ContentLength: Buffer.isBuffer(payload) ? payload.length : options.size,
      }),
    );
  }

  async stat(key: string): Promise<FileInfo | null> {
    assertSafeKey(key);
    const { HeadObjectCommand } = await sdk();
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? DEFAULT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertSafeKey(key);
    const { GetObjectCommand } = await sdk();
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
      return {
        size: Number.isFinite(total) ? Number(total) : 0,
        contentType: res.ContentType ?? DEFAULT_TYPE,
        stream: res.Body as Readable,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { DeleteObjectCommand } = await sdk();
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  return Buffer.isBuffer(body) ? body : readAll(body);
}

/** The configured store: S3 when FILES_S3_BUCKET is set, else `<DATA_DIR>/files`. */
export function createFileStore(config: Config): FileStore {
  if (config.FILES_S3_BUCKET) {
    const client = lazyS3Client(
      s3ClientConfig({
        bucket: config.FILES_S3_BUCKET,
        region: config.FILES_S3_REGION,
        endpoint: config.FILES_S3_ENDPOINT,
        accessKeyId: config.FILES_S3_ACCESS_KEY_ID,
        secretAccessKey: config.FILES_S3_SECRET_ACCESS_KEY,
      }),
    );
    return new S3FileStore(config.FILES_S3_BUCKET, client);
  }
  return new LocalFileStore(path.join(config.dataDir, 'files'));
}

/** For tests and callers that hold bytes: a stream over a buffer. */
export const streamOf = (buffer: Buffer): Readable => Readable.from([buffer]);
