import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createFileStore, isSafeKey, LocalFileStore, S3FileStore, s3ClientConfig, streamOf } from './file-store.js';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString();
};

describe('file keys', () => {
  it('accepts server-made keys and refuses traversal, hidden and odd keys', () => {
    expect(isSafeKey('media/0b7e-1.png')).toBe(true);
    expect(isSafeKey('a/b/c_d-e.f')).toBe(true);
    for (const bad of [
      '',
      '../x',
      'media/../x',
      'media/./x',
      '/abs',
      'media//x',
      'media/',
      '.meta/x.json',
      'media/.hidden',
      'a\\b',
      'a b',
      'a%2e',
      'x'.repeat(600),
      42,
    ]) {
      expect(isSafeKey(bad), String(bad)).toBe(false);
    }
  });
});

describe('local file store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-files-'));
  const store = new LocalFileStore(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, reads (whole and ranges), checks and deletes files with their stored type', async () => {
    await store.put('media/a.png', Buffer.from('0123456789'), { contentType: 'image/png' });
    await store.put('media/b.mp4', streamOf(Buffer.from('video')), { contentType: 'video/mp4' });
    expect(await store.exists('media/a.png')).toBe(true);
    expect(await store.stat('media/a.png')).toEqual({ size: 10, contentType: 'image/png' });
    const whole = await store.get('media/b.mp4');
    expect(whole?.contentType).toBe('video/mp4');
    expect(await read(whole!.stream)).toBe('video');
    const part = await store.get('media/a.png', { start: 2, end: 4 });
    expect(await read(part!.stream)).toBe('234');
    // Metadata lives apart from the files, where no key can reach it.
    expect(fs.existsSync(path.join(root, '.meta', 'media', 'a.png.json'))).toBe(true);

    await store.delete('media/a.png');
    expect(await store.exists('media/a.png')).toBe(false);
    expect(await store.get('media/a.png')).toBeNull();
    await expect(store.delete('media/a.png')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys before touching the disk', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toMatchObject({
      code: 'invalidKey',
      statusCode: 400,
    });
    await expect(store.get('media/../../etc/passwd')).rejects.toMatchObject({ code: 'invalidKey' });
    expect(fs.existsSync(path.join(root, '..', 'escape.txt'))).toBe(false);
  });

  it('leaves no partial file when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('boom'));
      },
    });
    await expect(store.put('media/broken.png', failing, { contentType: 'image/png' })).rejects.toThrow('boom');
    expect(await store.exists('media/broken.png')).toBe(false);
    expect(fs.readdirSync(path.join(root, 'media')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('S3-compatible store', () => {
  it('uses path-style addressing with a custom endpoint and static credentials when given', () => {
    expect(
      s3ClientConfig({
        bucket: 'b',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'k',
        secretAccessKey: 's',
      }),
    ).toEqual({
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(s3ClientConfig({ bucket: 'b', region: 'us-east-1' })).toEqual({ region: 'us-east-1' });
  });

  it('is chosen when FILES_S3_BUCKET is set', () => {
    const local = createFileStore(loadConfig({ DATA_DIR: '/tmp/cd-x' }));
    expect(local.kind).toBe('local');
    expect((local as LocalFileStore).root).toBe(path.resolve('/tmp/cd-x/files'));
    const s3 = createFileStore(loadConfig({ FILES_S3_BUCKET: 'menu-images', FILES_S3_ENDPOINT: 'http://minio:9000' }));
    expect(s3.kind).toBe('s3');
  });

  it('sends put/get/head/delete commands and maps a missing object to null', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: command.constructor.name, input: command.input });
        if (command.input.Key === 'media/missing.png') {
          throw Object.assign(new Error('nope'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
        }
        if (command.constructor.name === 'HeadObjectCommand') return { ContentLength: 3, ContentType: 'image/png' };
        if (command.constructor.name === 'GetObjectCommand') {
          return {
            ContentLength: 2,
            ContentRange: 'bytes 0-1/3',
            ContentType: 'image/png',
            Body: streamOf(Buffer.from('ab')),
          };
        }
        return {};
      },
    };
    const store = new S3FileStore('bucket', client as never);
    await store.put('media/a.png', streamOf(Buffer.from('abc')), { contentType: 'image/png', size: 3 });
    expect(sent[0]).toMatchObject({
      name: 'PutObjectCommand',
      input: { Bucket: 'bucket', Key: 'media/a.png', ContentType: 'image/png', ContentLength: 3 },
    });
    expect(await store.stat('media/a.png')).toEqual({ size: 3, contentType: 'image/png' });
    const got = await store.get('media/a.png', { start: 0, end: 1 });
    expect(sent.at(-1)?.input.Range).toBe('bytes=0-1');
    expect(got?.size).toBe(3);
    expect(await read(got!.stream)).toBe('ab');
    expect(await store.get('media/missing.png')).toBeNull();
    expect(await store.exists('media/missing.png')).toBe(false);
    await store.delete('media/a.png');
    expect(sent.at(-1)?.name).toBe('DeleteObjectCommand');
    await expect(store.put('../x', Buffer.from('x'), { contentType: 'image/png' })).rejects.toMatchObject({
      code: 'invalidKey',
    });
  });
});
