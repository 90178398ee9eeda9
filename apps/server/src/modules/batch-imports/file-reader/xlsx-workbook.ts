import { posix } from 'node:path';
import { builtInKind, formatCodeKind, type NumberKind } from './excel-dates.js';
import { FileReaderError } from './file-reader-error.js';
import { readXml } from './xml-events.js';
import type { ZipArchive } from './zip-archive.js';

// What the first worksheet needs from the rest of the workbook: where it is, the shared strings its
// text cells point at, which cell styles are dates, and the date system.
export type WorkbookParts = {
  sheetPath: string;
  sharedStrings: string[];
  styleKinds: NumberKind[];
  date1904: boolean;
};

const OFFICE_DOCUMENT = /\/officeDocument$/;

export async function readWorkbookParts(zip: ZipArchive): Promise<WorkbookParts> {
  const rootRels = await readRelationships(zip, '_rels/.rels', '');
  const workbookPath = [...rootRels.values()].find((r) => OFFICE_DOCUMENT.test(r.type))?.target;
  if (!workbookPath || !zip.entries.has(workbookPath)) throw FileReaderError.of('notWorkbook');

  const workbookFolder = posix.dirname(workbookPath);
  const relsPath = posix.join(workbookFolder, '_rels', `${posix.basename(workbookPath)}.rels`);
  const rels = await readRelationships(zip, relsPath, workbookFolder);

  let firstSheetId: string | undefined;
  let date1904 = false;
  await readXml(zip.read(entryOf(zip, workbookPath)), {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && firstSheetId === undefined) firstSheetId = attributeOf(attributes, 'id');
    },
  });
  const sheetPath = firstSheetId ? rels.get(firstSheetId)?.target : undefined;
  if (!sheetPath || !zip.entries.has(sheetPath)) throw FileReaderError.of('workbookNoSheet');

  const ofType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const sharedStringsPath = ofType('/sharedStrings');
  const stylesPath = ofType('/styles');
  return {
    sheetPath,
    date1904,
    sharedStrings:
      sharedStringsPath && zip.entries.has(sharedStringsPath)
        ? await readSharedStrings(zip, sharedStringsPath)
        : [],
    styleKinds: stylesPath && zip.entries.has(stylesPath) ? await readStyleKinds(zip, stylesPath) : [],
  };
}

function entryOf(zip: ZipArchive, path: string) {
  const entry = zip.entries.get(path);
  if (!entry) throw FileReaderError.of('workbookUnreadable');
  return entry;
}

// "r:id" under whatever prefix the writer chose for the relationships namespace.
function attributeOf(attributes: Record<string, string>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    if (name === local || name.endsWith(`:${local}`)) return value;
  }
  return undefined;
}

type Relationship = { type: string; target: string };

async function readRelationships(
  zip: ZipArchive,
  path: string,
  folder: string,
): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  const entry = zip.entries.get(path);
  // A ZIP without the package's relationships is not an Office document.
  if (!entry) throw FileReaderError.of('notWorkbook');
  await readXml(zip.read(entry), {
    open(name, attributes) {
      if (
        name !== 'Relationship' ||
        !attributes.Id ||
        !attributes.Target ||
        attributes.TargetMode === 'External'
      )
        return;
      // Targets are relative to the part's folder, or absolute from the package root.
      const target = attributes.Target.startsWith('/')
        ? attributes.Target.slice(1)
        : posix.normalize(posix.join(folder, attributes.Target));
      found.set(attributes.Id, { type: attributes.Type ?? '', target });
    },
  });
  return found;
}

// <si> holds plain <t> text or rich-text runs <r><t>; <rPh> phonetic guides are not the value.
async function readSharedStrings(zip: ZipArchive, path: string): Promise<string[]> {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  await readXml(zip.read(entryOf(zip, path)), {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

// One kind per cell style (cellXfs, by index), from its number format: built in or custom (numFmts).
async function readStyleKinds(zip: ZipArchive, path: string): Promise<NumberKind[]> {
  const customKinds = new Map<number, NumberKind>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await readXml(zip.read(entryOf(zip, path)), {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.numFmtId && attributes.formatCode !== undefined) {
        customKinds.set(Number(attributes.numFmtId), formatCodeKind(attributes.formatCode));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formatIds.map((id) => customKinds.get(id) ?? builtInKind(id));
}
