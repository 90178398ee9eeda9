import { Readable } from 'node:stream';
import type { FileStore } from '../../platform/files/file-store.js';
import type { SampleFile } from './demo-walk.js';

export const SAMPLE_CONTENT_TYPE = 'application/pdf';

const SAMPLE_TEXT: Record<SampleFile, readonly string[]> = {
  certificate: [
    'ISO/IEC 27001 certificate of registration',
    'Sample document of the Attest demo tenant.',
    'It stands in for the certificate a supplier provides at intake.',
  ],
  security_report: [
    'SOC 2 Type II report - summary',
    'Sample document of the Attest demo tenant.',
    'It stands in for the assurance report Information Security reviews.',
  ],
  contract: [
    'Agreement between Acme Corporation and the supplier',
    'Sample document of the Attest demo tenant.',
    'It stands in for the contract Legal reviews and signs off.',
  ],
};

// A one-page PDF with a few lines of Helvetica: small, and opens in any viewer.
export function samplePdf(lines: readonly string[]): Buffer {
  const text = lines.map((line) => `(${line.replace(/[\\()]/g, '\\$&')}) '`).join(' ');
  const content = `BT /F1 14 Tf 18 TL 72 760 Td ${text} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export type StoredSample = { storageKey: string; size: number; sha256: string };

// Each sample is stored once per tenant, in the tenant's folder as uploads are; the demo's attachments
// share its bytes (nothing deletes a stored file while an attachment names it), which keeps the seed
// to three writes instead of thousands.
export async function storeSampleFiles(
  files: FileStore,
  tenantId: string,
): Promise<Record<SampleFile, StoredSample>> {
  const stored = {} as Record<SampleFile, StoredSample>;
  for (const sample of Object.keys(SAMPLE_TEXT) as SampleFile[]) {
    const bytes = samplePdf(SAMPLE_TEXT[sample]);
    stored[sample] = await files.put(Readable.from([bytes]), {
      namespace: `t${tenantId}`,
      maxBytes: bytes.length,
    });
  }
  return stored;
}
