import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Builds .xlsx files by hand for the workbook-limit tests: a minimal workbook (content types, relationships,
 * workbook, one sheet) plus parts of any size, made from a repeated block and deflated as a stream, so a file
 * of a few hundred KB can unpack to hundreds of MB without the test holding them. `lie` writes a declared
 * uncompressed size smaller than the truth, as a crafted zip can.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(crc: number, data: Buffer): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** A part: its name and content, given whole or as a head, a block repeated `times` and a tail. */
export type Part = {
  name: string;
  head?: string;
  block?: string;
  times?: number;
  tail?: string;
  /** Declare this many uncompressed bytes instead of the truth. */
  lie?: number;
};

type Packed = { name: Buffer; crc: number; size: number; data: Buffer; declared: number };

async function pack(part: Part): Promise<Packed> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  const ended = new Promise((r) => deflate.on('end', r));
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(crc, b);
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  if (part.head) await write(Buffer.from(part.head));
  if (part.block) {
    // Bigger writes go faster; the CRC of each copy is computed, as a real zip's would be.
    const block = Buffer.from(part.block.repeat(Math.max(1, Math.floor(65536 / part.block.length))));
    const per = Math.max(1, Math.floor(65536 / part.block.length));
    let left = part.times ?? 1;
    while (left >= per) {
      await write(block);
      left -= per;
    }
    if (left > 0) await write(Buffer.from(part.block.repeat(left)));
  }
  if (part.tail) await write(Buffer.from(part.tail));
  deflate.end();
  await ended;
  return { name: Buffer.from(part.name), crc, size, data: Buffer.concat(out), declared: part.lie ?? size };
}

/** Writes a zip of these parts (deflated; sizes in the local headers and the central directory). */
export async function writeZip(file: string, parts: Part[]): Promise<void> {
  const packed = [];
  for (const p of parts) packed.push(await pack(p));
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of packed) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.declared, 22);
    local.writeUInt16LE(p.name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(p.crc, 16);
    header.writeUInt32LE(p.data.length, 20);
    header.writeUInt32LE(p.declared, 24);
    header.writeUInt16LE(p.name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, p.name);
    chunks.push(local, p.name, p.data);
    offset += 30 + p.name.length + p.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(packed.length, 8);
  end.writeUInt16LE(packed.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  await fs.promises.writeFile(file, Buffer.concat([...chunks, dir, end]));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook needs, around a sheet and (optionally) shared strings. */
export function workbookParts(sheet: Part, sharedStrings?: Part): Part[] {
  return [
    {
      name: '[Content_Types].xml',
      head:
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      head:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      head: `${XML}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Menu" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      head:
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        (sharedStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
        '</Relationships>',
    },
    ...(sharedStrings ? [sharedStrings] : []),
    sheet,
  ];
}

/** A sheet whose first row names columns by shared string indexes 0…n-1 (the bomb's sheet). */
export function sharedHeaderSheet(columns: number): Part {
  const cells = Array.from(
    { length: columns },
    (_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`,
  );
  return {
    name: 'xl/worksheets/sheet1.xml',
    head: `${XML}<worksheet xmlns="${NS}"><sheetData><row r="1">${cells.join('')}</row></sheetData></worksheet>`,
  };
}

/**
 * The workbook bomb of issue 12: a small .xlsx whose shared strings unpack to `megabytes` MB (strings of
 * 32,000 characters, the kind exceljs caches whole). `lie`: the zip declares the part as 1 MB.
 */
export async function writeWorkbookBomb(file: string, megabytes: number, options: { lie?: boolean } = {}) {
  const text = 'A'.repeat(32_000);
  const block = `<si><t>${text}</t></si>`;
  const times = Math.ceil((megabytes * 1024 * 1024) / block.length);
  await writeZip(
    file,
    workbookParts(sharedHeaderSheet(3), {
      name: 'xl/sharedStrings.xml',
      head: `${XML}<sst xmlns="${NS}" count="${times}" uniqueCount="${times}">`,
      block,
      times,
      tail: '</sst>',
      ...(options.lie ? { lie: 1024 * 1024 } : {}),
    }),
  );
}
