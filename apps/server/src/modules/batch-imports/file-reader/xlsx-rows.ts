import { cellName, columnIndexOf } from './cell-reference.js';
import { serialToIso } from './excel-dates.js';
import { FileReaderError } from './file-reader-error.js';
import type { FileReaderLimits } from './limits.js';
import type { SheetRow } from './sheet-row.js';
import type { WorkbookParts } from './xlsx-workbook.js';
import { xmlEvents } from './xml-events.js';

type CellInProgress = { column: number; type: string; style: number; text: string };

// The worksheet's rows as they stream out of the inflater, each with its row number from the sheet
// (r="7"): rows Excel leaves out (empty ones) keep their numbers off the count. A cell goes to its own
// column position (r="C7"), so empty cells in between stay empty.
export function xlsxRows(
  sheet: AsyncIterable<Buffer>,
  parts: WorkbookParts,
  limits: FileReaderLimits,
): AsyncGenerator<SheetRow> {
  let row: SheetRow | undefined;
  let lastRowNumber = 0;
  let cell: CellInProgress | undefined;
  // Text is gathered only inside <v> and an inline string's <t> (not its phonetic <rPh>).
  let capturing = false;
  let phonetic = 0;

  return xmlEvents<SheetRow>(sheet, {
    open(name, attributes) {
      switch (name) {
        case 'row': {
          const declared = Number(attributes.r);
          lastRowNumber =
            Number.isInteger(declared) && declared > lastRowNumber ? declared : lastRowNumber + 1;
          row = { rowNumber: lastRowNumber, cells: [] };
          return;
        }
        case 'c': {
          if (!row) return;
          const fromReference = attributes.r ? columnIndexOf(attributes.r) : undefined;
          const column = fromReference ?? row.cells.length;
          // Checked before the cell is placed: a lone cell at XFD7 would make a 16,384-long row.
          if (column >= limits.maxColumns) {
            throw FileReaderError.of('tooManyColumns', { row: row.rowNumber, limit: limits.maxColumns });
          }
          cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), text: '' };
          return;
        }
        case 'f':
          // Only values are imported: a formula's cached result may be stale, and a formula is how a
          // spreadsheet smuggles in links and lookups nobody sees in the cell.
          if (cell && row)
            throw FileReaderError.of('formulaCell', { cell: cellName(cell.column, row.rowNumber) });
          return;
        case 'rPh':
          phonetic += 1;
          return;
        case 'v':
        case 't':
          capturing = cell !== undefined && phonetic === 0;
          return;
      }
    },
    text(text) {
      if (capturing && cell) cell.text += text;
    },
    close(name, emit) {
      switch (name) {
        case 'v':
        case 't':
          capturing = false;
          return;
        case 'rPh':
          phonetic -= 1;
          return;
        case 'c':
          if (cell && row) row.cells[cell.column] = cellValue(cell, parts);
          cell = undefined;
          return;
        case 'row':
          if (row) emit({ rowNumber: row.rowNumber, cells: Array.from(row.cells, (value) => value ?? '') });
          row = undefined;
          return;
      }
    },
  });
}

function cellValue(cell: CellInProgress, parts: WorkbookParts): string {
  switch (cell.type) {
    case 's':
      return parts.sharedStrings[Number(cell.text)] ?? '';
    case 'b':
      return cell.text === '1' ? 'TRUE' : cell.text === '0' ? 'FALSE' : cell.text;
    case 'n': {
      const kind = parts.styleKinds[cell.style];
      const serial = Number(cell.text);
      if (cell.text === '' || !Number.isFinite(serial) || !kind || kind === 'number') return cell.text;
      return serialToIso(serial, kind, parts.date1904);
    }
    // 'str' (text, as our own export writes it), 'inlineStr', 'e' (#N/A and the like), 'd' (ISO date).
    default:
      return cell.text;
  }
}
