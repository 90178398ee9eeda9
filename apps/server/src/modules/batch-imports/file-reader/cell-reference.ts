// Spreadsheet cell names, as a person sees them in Excel: column A is index 0, "C7" is column 2, row 7.

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

export function cellName(columnIndex: number, rowNumber: number): string {
  return `${columnName(columnIndex)}${rowNumber}`;
}

// "C7" -> 2; undefined when the reference does not start with column letters.
export function columnIndexOf(reference: string): number | undefined {
  let index = 0;
  let letters = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
    letters += 1;
    // Excel stops at XFD (3 letters); more is not a cell reference.
    if (letters > 3) return undefined;
  }
  return letters === 0 ? undefined : index - 1;
}
