import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { FileReaderError } from '../modules/batch-imports/file-reader/file-reader-error.js';
import {
  type OpenTabularFileOptions,
  openTabularFile,
  type SheetRow,
} from '../modules/batch-imports/file-reader/tabular-file.js';

// Helpers for the file reader's tests: files made in memory, read whole, refusals caught.

export function streamOf(...chunks: (string | Buffer)[]): Readable {
  return Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
}

export async function readAll(
  source: Readable | AsyncIterable<Buffer>,
  options: OpenTabularFileOptions,
): Promise<{ format: string; header: SheetRow; rows: SheetRow[] }> {
  const file = await openTabularFile(source, options);
  try {
    const rows: SheetRow[] = [];
    for await (const row of file.rows) rows.push(row);
    return { format: file.format, header: file.header, rows };
  } finally {
    await file.close();
  }
}

export async function refusal(
  source: Readable | AsyncIterable<Buffer>,
  options: OpenTabularFileOptions,
): Promise<{ code: string; status: number; message: string }> {
  try {
    await readAll(source, options);
  } catch (error) {
    if (error instanceof FileReaderError)
      return { code: error.code, status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the file was read without a refusal');
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

// A minimal workbook written by hand, its sheet given as XML rows or as a stream of bytes.
export async function handMadeWorkbook(
  sheet: string | Readable,
  options: { extraParts?: number } = {},
): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    '_rels/.rels',
  );
  zip.addBuffer(
    Buffer.from(
      `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="One" sheetId="1" r:id="rId7"/></sheets></workbook>`,
    ),
    'xl/workbook.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<Relationships xmlns="${PKG}"><Relationship Id="rId7" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/_rels/workbook.xml.rels',
  );
  for (let i = 0; i < (options.extraParts ?? 0); i += 1) zip.addBuffer(Buffer.from('x'), `extra/${i}.txt`);
  if (typeof sheet === 'string') {
    zip.addBuffer(
      Buffer.from(`<worksheet xmlns="${NS}"><sheetData>${sheet}</sheetData></worksheet>`),
      'xl/worksheets/sheet1.xml',
    );
  } else {
    zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  }
  zip.end();
  return buffer(zip.outputStream);
}

// `total` bytes of XML whitespace after a sheet's opening tags: deflates about a thousandfold.
export function bombSheet(total: number): Readable {
  const block = Buffer.alloc(1024 * 1024, 0x20);
  return Readable.from(
    (function* () {
      yield Buffer.from(`<worksheet xmlns="${NS}"><sheetData>`);
      for (let sent = 0; sent < total; sent += block.length) yield block;
      yield Buffer.from('</sheetData></worksheet>');
    })(),
  );
}
