import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';

const root = mkdtempSync(path.join(tmpdir(), 'attest-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createLocalFileStore(root);

describe('the local file store', () => {
  it('stores a stream under a key of its own, with its size, hash and first bytes', async () => {
    const stored = await store.put(Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      namespace: 't1',
      maxBytes: 100,
    });
    expect(stored.storageKey).toMatch(/^t1\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(11);
    expect(stored.sha256).toBe(createHash('sha256').update('hello world').digest('hex'));
    expect(stored.head.toString()).toBe('hello world');
    expect(await store.exists(stored.storageKey)).toBe(true);
    expect(await text(await store.open(stored.storageKey))).toBe('hello world');
    await store.delete(stored.storageKey);
    expect(await store.exists(stored.storageKey)).toBe(false);
    await expect(store.open(stored.storageKey)).rejects.toThrow(FileNotFoundError);
    await store.delete(stored.storageKey);
  });

  it('stops at the size limit and leaves nothing behind', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(10, 1));
    await expect(store.put(Readable.from(chunks), { namespace: 't1', maxBytes: 25 })).rejects.toThrow(
      FileTooLargeError,
    );
    expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);
  });

  it('refuses keys it did not make, so no key reaches outside its folder', async () => {
    for (const key of ['../../etc/passwd', 't1/../../x', '/etc/passwd', 't1/ab/not-a-uuid', '']) {
      await expect(store.open(key)).rejects.toThrow(FileNotFoundError);
      expect(await store.exists(key)).toBe(false);
      await store.delete(key);
    }
    await expect(store.put(Readable.from([]), { namespace: '../x', maxBytes: 1 })).rejects.toThrow();
    await expect(
      store.put(Readable.from([]), { namespace: 't1', maxBytes: 1, id: '../../x' }),
    ).rejects.toThrow();
  });

  // A job's output put again by a repeated attempt (issue 12: its worker died) replaces the first.
  it('replaces the file put earlier under the same id, whole', async () => {
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const first = await store.put(Readable.from([Buffer.from('first attempt')]), {
      namespace: 't2',
      maxBytes: 100,
      id,
    });
    const again = await store.put(Readable.from([Buffer.from('again')]), {
      namespace: 't2',
      maxBytes: 100,
      id,
    });
    expect(again.storageKey).toBe(first.storageKey);
    expect(await text(await store.open(again.storageKey))).toBe('again');
    expect(
      readdirSync(path.join(root, 't2'), { recursive: true }).filter((f) => String(f).includes('-')),
    ).toEqual([path.join('0f', id)]);
  });
});
