import type { Readable } from 'node:stream';

// The file a run made, as the destinations take it: opened afresh for each attempt at sending.
export type ExportFile = {
  name: string;
  contentType: string;
  size: number;
  open(): Promise<Readable>;
};

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
