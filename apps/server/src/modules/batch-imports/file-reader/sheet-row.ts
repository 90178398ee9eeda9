// One row of the file as read: its number as a person counts rows in the file (the header is row 1
// when it is the first line) and its cells as text, by column position (an empty cell is '').
export type SheetRow = { rowNumber: number; cells: string[] };
