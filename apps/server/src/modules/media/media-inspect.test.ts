import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRange } from './files.routes.js';
import { inspectFile, inspectMp4, sniffFormat } from './media-inspect.js';

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const ftyp = (brand: string, ...compatible: string[]) =>
  box('ftyp', Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(compatible.join(''), 'latin1'));
function tkhd(version: 0 | 1, width: number, height: number) {
  const body = Buffer.alloc(version === 1 ? 96 : 84);
  body[0] = version;
  const at = version === 1 ? 88 : 76;
  body.writeUInt32BE(width * 65536, at);
  body.writeUInt32BE(height * 65536, at + 4);
  return box('tkhd', body);
}

describe('content checks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-inspect-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: Buffer) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, data);
    return p;
  };

  it('sniffs png, jpeg, gif and ISO-BMFF by their first bytes', () => {
    expect(sniffFormat(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('png');
    expect(sniffFormat(Buffer.from('ffd8ffe0', 'hex'))).toBe('jpeg');
    expect(sniffFormat(Buffer.from('GIF89a...'))).toBe('gif');
    expect(sniffFormat(ftyp('isom'))).toBe('mp4');
    expect(sniffFormat(Buffer.from('<svg xmlns=...'))).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
  });

  it('decodes images fully and refuses a truncated one', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const good = write('good.png', png);
    expect(await inspectFile(good, png.subarray(0, 64))).toEqual({ format: 'png', width: 64, height: 48 });
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await inspectFile(write('a.jpg', jpeg), jpeg.subarray(0, 64))).toMatchObject({ format: 'jpeg', width: 64 });
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await inspectFile(write('cut.jpg', cut), cut.subarray(0, 64))).toBeNull();
    const text = Buffer.from('just text');
    expect(await inspectFile(write('x.png', text), text)).toBeNull();
  });

  it('refuses a decompression bomb', async () => {
    // 7200 x 7200 of one colour: a small file that claims 52 megapixels.
    const bomb = await sharp({ create: { width: 7200, height: 7200, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    expect(await inspectFile(write('bomb.png', bomb), bomb.subarray(0, 64))).toBeNull();
  });

  it('accepts mp4 brands with a moov box and reads the track size', () => {
    const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('trak', tkhd(0, 1280, 720)));
    expect(inspectMp4(Buffer.concat([ftyp('isom', 'iso2', 'mp41'), moov]))).toEqual({
      format: 'mp4',
      width: 1280,
      height: 720,
    });
    const v1 = box('moov', box('trak', tkhd(1, 640, 360)));
    expect(inspectMp4(Buffer.concat([ftyp('mp42'), v1]))).toMatchObject({ width: 640, height: 360 });
    // A QuickTime or HEIF file is ISO-BMFF too, but not an mp4.
    expect(inspectMp4(Buffer.concat([ftyp('qt  '), moov]))).toBeNull();
    expect(inspectMp4(Buffer.concat([ftyp('heic', 'mif1'), moov]))).toBeNull();
    // No movie header, or a broken box: not playable.
    expect(inspectMp4(Buffer.concat([ftyp('isom'), box('mdat', crypto.randomBytes(32))]))).toBeNull();
    const broken = Buffer.concat([ftyp('isom'), moov.subarray(0, moov.length - 5)]);
    expect(inspectMp4(broken)).toBeNull();
  });
});

describe('byte ranges', () => {
  it('parses one range within the size', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
