import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The records journey's import file (records-supplier.e2e.ts): suppliers with a name, a VAT number
// (the type's unique key), a country and a contact e-mail, headed by the fields' labels so the
// mapping matches them by itself. Five rows are bad, at known row numbers (the header is not a row).

export const SUPPLIER_HEADERS = ['Name', 'VAT number', 'Country', 'Contact e-mail'] as const;
const COUNTRIES = ['DE', 'FR', 'GB', 'NL', 'ES'] as const;

export type SupplierRow = { row: number; cells: [string, string, string, string] };

export function supplierRow(row: number): SupplierRow {
  const country = COUNTRIES[row % COUNTRIES.length] as string;
  return {
    row,
    cells: [
      `Supplier ${row}`,
      `VAT${String(row).padStart(6, '0')}`,
      country,
      `contact${row}@supplier${row}.test`,
    ],
  };
}

// A bad e-mail at 7, 250 and 613; no name at 402 and 1,000.
export const BAD_ROWS = { 7: 'email', 250: 'email', 402: 'name', 613: 'email', 1000: 'name' } as const;

function broken(row: SupplierRow): SupplierRow {
  const cause = BAD_ROWS[row.row as keyof typeof BAD_ROWS];
  if (cause === undefined) return row;
  const [name, vat, country, email] = row.cells;
  return cause === 'email'
    ? { row: row.row, cells: [name, vat, country, `not-an-email-${row.row}`] }
    : { row: row.row, cells: ['', vat, country, email] };
}

const line = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');

async function writeCsv(name: string, rows: readonly SupplierRow[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'attest-suppliers-'));
  const path = join(dir, name);
  await writeFile(path, `${[line(SUPPLIER_HEADERS), ...rows.map((r) => line(r.cells))].join('\n')}\n`);
  return path;
}

// 1,000 suppliers, five of them bad.
export function writeSuppliersCsv(): Promise<string> {
  const rows = Array.from({ length: 1000 }, (_, i) => broken(supplierRow(i + 1)));
  return writeCsv('suppliers-1000.csv', rows);
}

// The five bad rows, fixed.
export function writeFixedSuppliersCsv(): Promise<string> {
  const rows = Object.keys(BAD_ROWS).map((row) => supplierRow(Number(row)));
  return writeCsv('suppliers-fixed.csv', rows);
}

// Suppliers per country among `rows` (the object report's expected totals).
export function suppliersByCountry(rows: readonly number[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const row of rows) {
    const country = supplierRow(row).cells[2];
    totals[country] = (totals[country] ?? 0) + 1;
  }
  return totals;
}
