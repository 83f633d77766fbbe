import fsp from 'node:fs/promises';

/**
 * What a file is, judged by its content alone (never by its name or the type the browser claimed):
 * images are decoded by sharp; an mp4 must be an ISO-BMFF file that starts with an `ftyp` box of an MP4
 * brand and holds a `moov` box.
 */
export type DetectedFormat = 'png' | 'jpeg' | 'gif' | 'mp4';
export type Inspection = { format: DetectedFormat; width: number | null; height: number | null };

export const CONTENT_TYPES: Record<DetectedFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** Extensions a name may carry for each format. */
export const FORMAT_EXTENSIONS: Record<DetectedFormat, readonly string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  mp4: ['mp4'],
};

/** Larger images are refused before decoding (a small file can claim a huge canvas). */
export const MAX_INPUT_PIXELS = 50_000_000;

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
]);

/** The format a file's first bytes announce, or null. */
export function sniffFormat(head: Buffer): DetectedFormat | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}

type Box = { type: string; start: number; contentStart: number; end: number };

/** The boxes between `from` and `to`; null when a box header is malformed. */
function readBoxes(buf: Buffer, from: number, to: number): Box[] | null {
  const boxes: Box[] = [];
  let pos = from;
  while (pos < to) {
    if (to - pos < 8) return null;
    let size = buf.readUInt32BE(pos);
    const type = buf.subarray(pos + 4, pos + 8).toString('latin1');
    let header = 8;
    if (size === 1) {
      if (to - pos < 16) return null;
      const big = buf.readBigUInt64BE(pos + 8);
      if (big > BigInt(to - pos)) return null;
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header || pos + size > to) return null;
    boxes.push({ type, start: pos, contentStart: pos + header, end: pos + size });
    pos += size;
  }
  return boxes;
}

function tkhdSize(buf: Buffer, box: Box): { width: number; height: number } | null {
  const version = buf[box.contentStart];
  const offset = box.contentStart + (version === 1 ? 88 : 76);
  if (offset + 8 > box.end) return null;
  const width = Math.round(buf.readUInt32BE(offset) / 65536);
  const height = Math.round(buf.readUInt32BE(offset + 4) / 65536);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Checks an mp4 held in memory (it is within the upload limit) and reads its video track's size. */
export function inspectMp4(buf: Buffer): Inspection | null {
  const top = readBoxes(buf, 0, buf.length);
  const ftyp = top?.[0];
  if (!top || !ftyp || ftyp.type !== 'ftyp' || ftyp.end - ftyp.contentStart < 8) return null;
  const brands = [buf.subarray(ftyp.contentStart, ftyp.contentStart + 4).toString('latin1')];
  for (let p = ftyp.contentStart + 8; p + 4 <= ftyp.end; p += 4) brands.push(buf.subarray(p, p + 4).toString('latin1'));
  if (!brands.some((b) => MP4_BRANDS.has(b))) return null;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return null;
  let size: { width: number; height: number } | null = null;
  for (const trak of readBoxes(buf, moov.contentStart, moov.end) ?? []) {
    if (trak.type !== 'trak') continue;
    const tkhd = readBoxes(buf, trak.contentStart, trak.end)?.find((b) => b.type === 'tkhd');
    size = tkhd ? tkhdSize(buf, tkhd) : null;
    if (size) break;
  }
  return { format: 'mp4', width: size?.width ?? null, height: size?.height ?? null };
}

/**
 * Inspects a received file on disk. Images are decoded in full (a truncated or corrupt image is refused);
 * the answer's format is what the content is, whatever the name says. Null: not a file we accept.
 */
export async function inspectFile(filePath: string, head: Buffer): Promise<Inspection | null> {
  const sniffed = sniffFormat(head);
  if (!sniffed) return null;
  if (sniffed === 'mp4') return inspectMp4(await fsp.readFile(filePath));
  // sharp (libvips) is loaded with the first image: ~20 MB a server does not need until someone uploads one.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(filePath, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: true });
    const meta = await image.metadata();
    if (meta.format !== sniffed) return null;
    // Decoding every pixel proves the file is whole; stats() does it without keeping the image.
    await image.stats();
    const height = meta.pageHeight && meta.pages && meta.pages > 1 ? meta.pageHeight : meta.height;
    return { format: sniffed, width: meta.width ?? null, height: height ?? null };
  } catch {
    return null;
  }
}
