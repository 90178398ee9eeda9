import { expect, it } from 'vitest';
import { replicaAppUrl } from './open-read-replica.js';

// Roles replicate: the replica is read as the application role, whatever user its URL names.
it("reads the replica as the application role: its host, port and database, the app URL's credentials", () => {
  expect(
    replicaAppUrl(
      'postgres://postgres:admin-secret@replica.internal:6432/attest?sslmode=require',
      'postgres://attest_app:app%20secret@primary.internal:5432/attest',
    ),
  ).toBe('postgres://attest_app:app%20secret@replica.internal:6432/attest?sslmode=require');
});
