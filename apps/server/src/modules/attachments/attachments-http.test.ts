import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_COOKIE, CSRF_HEADER, WORKFLOW_PATHS } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createDocCheck, DC, publishDocCheck, temporaryFilesDir } from '../../test/attachment-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp({ FILES_DIR: temporaryFilesDir() });
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;

type Sent = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

// Over a real socket, where the body arrives in chunks and a refusal may come before it ends.
function send(
  client: TestClient,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: client.host,
          cookie,
          [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    // The server may close the connection after refusing: what it answered is what counts.
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('attachments over HTTP', () => {
  it('streams a multi-megabyte upload to disk and back, byte for byte', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createDocCheck(t, admin, await publishDocCheck(adminDb, t));
    const bytes = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
    const uploaded = await send(admin, 'POST', WORKFLOW_PATHS.upload(id, DC.evidence), {
      body: bytes,
      headers: {
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent('données.bin'),
      },
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const file = JSON.parse(uploaded.body.toString());
    expect(file).toMatchObject({ name: 'données.bin', size: bytes.length });
    const saved = await admin.post(WORKFLOW_PATHS.answer(id), { field_tag: DC.evidence, value: [file] });
    expect(saved.statusCode, saved.body).toBe(200);
    const downloaded = await send(admin, 'GET', WORKFLOW_PATHS.attachmentFile(file.uid));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(bytes.length));
    expect(createHash('sha256').update(downloaded.body).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('refuses a declared size over the limit before reading the body', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createDocCheck(t, admin, await publishDocCheck(adminDb, t));
    const refused = await send(admin, 'POST', WORKFLOW_PATHS.upload(id, DC.certificate), {
      body: Buffer.alloc(64 * 1024, 1),
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'big.pdf' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString()).problems[0].errors[0].code).toBe('file_too_large');
  });
});
