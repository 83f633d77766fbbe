import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The bulk workbooks' own reader (issue 12): reads the first worksheet of an .xlsx and nothing else, within
 * bounds a job can afford. A workbook is a zip of XML parts; a small file can unpack to hundreds of megabytes
 * (a 656 KB file whose shared strings unpack to 305 MB took the server down through exceljs, which caches them
 * all). So:
 *   - the zip's central directory is read first, and a workbook whose parts are too many or declare too much
 *     is refused before anything is unpacked (`readZipDirectory`);
 *   - a part is found through the central directory (never by trusting the stream of local headers) and
 *     inflated with a counter: more bytes than it declared, or than the limit, stops it (`openPart`);
 *   - shared strings, the one thing held in memory, are bounded in count and characters; rows and cells too.
 * The reading itself runs in a worker thread with its own heap limit (xlsx.ts), so a workbook that still
 * needs too much memory ends its job with an error, never the server.
 *
 * Cells come out as exceljs's reader gave them to the bulk jobs: numbers, text, booleans, an error's text,
 * a formula's cached result (styles are not read, so dates stay serial numbers).
 */

export const WORKBOOK_LIMITS = {
  /** Parts in the zip (a workbook from Excel has about 10–20). */
  entries: 1_000,
  /** All parts together, as the central directory declares them. */
  unpackedBytes: 256 * 1024 * 1024,
  /** The shared-strings part, whose strings are held in memory while the sheet is read. */
  sharedStringsBytes: 64 * 1024 * 1024,
  /** Shared strings, and their characters in all. */
  sharedStrings: 1_000_000,
  sharedStringChars: 32 * 1024 * 1024,
  /** Rows of the sheet (the bulk sheet has one per item). */
  rows: 100_000,
  /** Excel's own limits: characters in a cell, columns in a sheet. */
  cellChars: 32_767,
  columns: 16_384,
} as const;
export type WorkbookLimits = { [K in keyof typeof WORKBOOK_LIMITS]: number };

/** The workbook is refused: a message for the user, naming the limit. */
export class WorkbookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkbookRefused';
  }
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.ceil(bytes / MB).toLocaleString('en')} MB`;
const count = (n: number) => n.toLocaleString('en');

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_U32 = 0xffffffff;

async function readAt(fd: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Sizes a zip64 extra field gives for the fields set to 0xFFFFFFFF in the central record. */
function zip64Sizes(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      const next = () => {
        if (p + 8 > at + 4 + size) throw new WorkbookRefused('The file is not a valid Excel workbook (.xlsx)');
        const v = Number(extra.readBigUInt64LE(p));
        p += 8;
        return v;
      };
      if (entry.uncompressedSize === MAX_U32) entry.uncompressedSize = next();
      if (entry.compressedSize === MAX_U32) entry.compressedSize = next();
      if (entry.localHeaderOffset === MAX_U32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/**
 * The parts of a zip, from its central directory, refused with a clear message when they are too many or
 * declare more than the limits. Reads only the end of the file and the directory.
 */
export async function readZipDirectory(file: string, limits: WorkbookLimits = WORKBOOK_LIMITS): Promise<ZipEntry[]> {
  const invalid = () => new WorkbookRefused('The file is not a valid Excel workbook (.xlsx)');
  const fd = await fs.promises.open(file, 'r');
  try {
    const { size } = await fd.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(fd, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw invalid();
    const total = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (total === 0xffff || dirOffset === MAX_U32) {
      throw new WorkbookRefused(`The workbook has more than ${count(limits.entries)} parts`);
    }
    if (total > limits.entries) {
      throw new WorkbookRefused(
        `The workbook has ${count(total)} parts; at most ${count(limits.entries)} are accepted`,
      );
    }
    if (dirOffset + dirSize > size) throw invalid();
    const dir = await readAt(fd, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let declared = 0;
    for (let at = 0, i = 0; i < total; i++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) throw invalid();
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      if (at + 46 + nameLength + extraLength + commentLength > dir.length) throw invalid();
      const entry: ZipEntry = {
        flags: dir.readUInt16LE(at + 8),
        method: dir.readUInt16LE(at + 10),
        compressedSize: dir.readUInt32LE(at + 20),
        uncompressedSize: dir.readUInt32LE(at + 24),
        localHeaderOffset: dir.readUInt32LE(at + 42),
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
      };
      zip64Sizes(dir.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
      at += 46 + nameLength + extraLength + commentLength;
      if (entry.name === 'xl/sharedStrings.xml' && entry.uncompressedSize > limits.sharedStringsBytes) {
        throw new WorkbookRefused(
          `The workbook's shared strings unpack to ${mb(entry.uncompressedSize)}; at most ` +
            `${mb(limits.sharedStringsBytes)} are accepted`,
        );
      }
      declared += entry.uncompressedSize;
      if (declared > limits.unpackedBytes) {
        throw new WorkbookRefused(
          `The workbook unpacks to more than ${mb(limits.unpackedBytes)}; split it into smaller files`,
        );
      }
      entries.push(entry);
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/**
 * One part's unpacked bytes, read where the central directory says, counted as they are inflated: more than
 * the part declared (a zip that lies about its sizes) or than `maxBytes` stops the stream with WorkbookRefused.
 */
export async function openPart(file: string, entry: ZipEntry, maxBytes: number): Promise<Readable> {
  if (entry.flags & 0x1) throw new WorkbookRefused('The workbook is encrypted: save it without a password');
  if (entry.method !== 0 && entry.method !== 8) {
    throw new WorkbookRefused(`The workbook uses a compression Excel does not (${entry.name})`);
  }
  const fd = await fs.promises.open(file, 'r');
  let local: Buffer;
  try {
    local = await readAt(fd, entry.localHeaderOffset, 30);
  } finally {
    await fd.close();
  }
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) {
    throw new WorkbookRefused('The file is not a valid Excel workbook (.xlsx)');
  }
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const raw = fs.createReadStream(file, {
    start,
    end: Math.max(start, start + entry.compressedSize - 1),
    highWaterMark: 64 * 1024,
  });
  const limit = Math.min(entry.uncompressedSize, maxBytes);
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        done(
          new WorkbookRefused(
            seen > entry.uncompressedSize
              ? `The workbook is damaged: ${entry.name} unpacks to more than it declares`
              : `The workbook's ${entry.name} unpacks to more than ${mb(maxBytes)}`,
          ),
        );
        return;
      }
      done(null, chunk);
    },
  });
  const source = entry.method === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: 64 * 1024 })) : raw;
  const fail = (err: Error) => counter.destroy(err instanceof WorkbookRefused ? err : damaged(entry, err));
  raw.on('error', fail);
  source.on('error', fail);
  counter.on('close', () => {
    raw.destroy();
    if (source !== raw) source.destroy();
  });
  return source.pipe(counter);
}

const damaged = (entry: ZipEntry, err: Error) =>
  new WorkbookRefused(`The workbook is damaged (${entry.name}: ${err.message})`);

/** Local element name without its namespace prefix (`x:row` → `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Feeds a part's XML through a SAX parser; the handlers run synchronously per chunk. */
async function parseXml(
  stream: Readable,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    close?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
    /** Called after each chunk (e.g. to write rows out with backpressure). */
    drain?: () => Promise<void>;
  },
): Promise<void> {
  const parser = new SaxesParser();
  let error: Error | null = null;
  parser.on('error', (err) => (error ??= err));
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', handlers.close);
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new StringDecoder('utf8');
  const invalid = () => new WorkbookRefused(`The workbook's XML is not valid: ${(error as Error).message}`);
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      if (error) throw invalid();
      await handlers.drain?.();
    }
    parser.write(decoder.end());
    parser.close();
    if (error) throw invalid();
  } finally {
    // A handler that refused the workbook (a limit) leaves the part unread: stop inflating it.
    stream.destroy();
  }
}

/** Resolves a relationship target (relative to xl/, or absolute from the root) to a part name. */
function partName(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

export type SheetCell = string | number | boolean | null;

/** Column letters of a cell reference (`AB12` → 28), 1-based; 0 when there are none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return 0;
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n;
}

/**
 * Reads the first worksheet of a workbook (the first `<sheet>` of xl/workbook.xml) and calls `onRow` for each
 * row: its 1-based number and its cells, 0-based. Everything is bounded by `limits`.
 */
export async function readFirstWorksheet(
  file: string,
  onRow: (rowNumber: number, cells: SheetCell[]) => void,
  options: { limits?: WorkbookLimits; drain?: () => Promise<void> } = {},
): Promise<{ rows: number }> {
  const limits = options.limits ?? WORKBOOK_LIMITS;
  const entries = await readZipDirectory(file, limits);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = (name: string) => byName.get(name);
  const small = 16 * MB; // workbook.xml and its relationships
  const open = (entry: ZipEntry, max: number) => openPart(file, entry, max);

  // workbook.xml: the first sheet's relationship id.
  const workbookEntry = part('xl/workbook.xml');
  if (!workbookEntry) throw new WorkbookRefused('The file is not an Excel workbook (.xlsx): it has no xl/workbook.xml');
  let firstSheetRel: string | null = null;
  await parseXml(await open(workbookEntry, small), {
    open: (tag) => {
      if (firstSheetRel === null && local(tag.name) === 'sheet') {
        const id = Object.entries(tag.attributes).find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1];
        firstSheetRel = id ?? '';
      }
    },
  });

  // Its relationships: the first sheet's part and the shared strings part.
  const targets = new Map<string, { target: string; type: string }>();
  const relsEntry = part('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await parseXml(await open(relsEntry, small), {
      open: (tag) => {
        if (local(tag.name) !== 'Relationship') return;
        const a = tag.attributes;
        if (a.Id && a.Target) targets.set(a.Id, { target: partName('xl/workbook.xml', a.Target), type: a.Type ?? '' });
      },
    });
  }
  const sheetName =
    (firstSheetRel && targets.get(firstSheetRel)?.target) ||
    entries
      .map((e) => e.name)
      .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
      .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))[0];
  const sheetEntry = sheetName ? part(sheetName) : undefined;
  if (!sheetEntry) throw new WorkbookRefused('The workbook has no worksheet');
  const sharedName =
    [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  const sharedEntry = part(sharedName);

  // Shared strings, bounded in size, count and characters.
  const shared: string[] = [];
  if (sharedEntry) {
    let chars = 0;
    let inSi = false;
    let phonetic = 0;
    let inT = false;
    let text = '';
    await parseXml(await open(sharedEntry, limits.sharedStringsBytes), {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'si') {
          inSi = true;
          text = '';
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && inSi && phonetic === 0) inT = true;
      },
      text: (t) => {
        if (!inT) return;
        if (text.length + t.length > limits.cellChars) {
          throw new WorkbookRefused(`A text in the workbook is longer than ${count(limits.cellChars)} characters`);
        }
        text += t;
      },
      close: (tag) => {
        const name = local(tag.name);
        if (name === 't') inT = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si') {
          inSi = false;
          chars += text.length;
          if (shared.length >= limits.sharedStrings) {
            throw new WorkbookRefused(
              `The workbook has more than ${count(limits.sharedStrings)} different texts; split it into smaller files`,
            );
          }
          if (chars > limits.sharedStringChars) {
            throw new WorkbookRefused(
              `The workbook's texts hold more than ${count(limits.sharedStringChars)} characters; split it into smaller files`,
            );
          }
          shared.push(text);
        }
      },
    });
  }

  // The sheet, row by row.
  let rows = 0;
  let rowNumber = 0;
  let cells: SheetCell[] | null = null;
  let column = 0;
  let type = '';
  let value: string | null = null;
  let inValue = false;
  let inInline = 0;
  let phonetic = 0;
  const tooLong = () =>
    new WorkbookRefused(
      `Row ${rowNumber}, column ${column}: a cell holds more than ${count(limits.cellChars)} characters`,
    );
  await parseXml(await open(sheetEntry, limits.unpackedBytes), {
    drain: options.drain,
    open: (tag) => {
      switch (local(tag.name)) {
        case 'row': {
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
          rows += 1;
          if (rows > limits.rows) {
            throw new WorkbookRefused(
              `The sheet has more than ${count(limits.rows)} rows; split it into smaller files`,
            );
          }
          cells = [];
          column = 0;
          break;
        }
        case 'c': {
          const c = columnOf(tag.attributes.r);
          column = c > column ? c : column + 1;
          if (column > limits.columns) {
            throw new WorkbookRefused(`Row ${rowNumber} has more than ${count(limits.columns)} columns`);
          }
          type = tag.attributes.t ?? 'n';
          value = null;
          break;
        }
        case 'v':
          if (type !== 'inlineStr') {
            inValue = true;
            value = '';
          }
          break;
        case 'is':
          inInline += 1;
          value = '';
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 't':
          if (inInline > 0 && phonetic === 0) inValue = true;
          break;
      }
    },
    text: (t) => {
      if (!inValue) return;
      if ((value?.length ?? 0) + t.length > limits.cellChars) throw tooLong();
      value = (value ?? '') + t;
    },
    close: (tag) => {
      switch (local(tag.name)) {
        case 'v':
        case 't':
          inValue = false;
          break;
        case 'is':
          inInline -= 1;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
        case 'c': {
          if (!cells) break;
          const cell = cellValue(type, value, shared);
          if (cell !== null) {
            while (cells.length < column - 1) cells.push(null);
            cells[column - 1] = cell;
          }
          break;
        }
        case 'row':
          if (cells) onRow(rowNumber, cells);
          cells = null;
          break;
      }
    },
  });
  return { rows };
}

/** A cell's value by its type (`t`): shared string, inline or formula text, boolean, error, date text, number. */
function cellValue(type: string, value: string | null, shared: string[]): SheetCell {
  if (value === null) return null;
  switch (type) {
    case 's':
      return shared[Number(value)] ?? null;
    case 'str':
    case 'inlineStr':
    case 'e':
    case 'd':
      return value;
    case 'b':
      return value.trim() !== '0' && value.trim() !== '';
    default: {
      if (value.trim() === '') return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : value;
    }
  }
}
