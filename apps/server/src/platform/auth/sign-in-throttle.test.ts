import { describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { TooManyRequestsError } from '../errors.js';
import { withTenant } from '../tenant-transaction.js';
import { createSignInThrottle, SIGN_IN_THROTTLE_RULES, type ThrottleSubject } from './sign-in-throttle.js';

const { app, db, adminDb } = await createTestApp();

// A throttle on a clock the test moves by hand. It starts at the real time, so that the rows it
// writes look current to the purge that other test files run.
function throttleAt(start = Date.now()) {
  let now = start;
  const throttle = createSignInThrottle(SIGN_IN_THROTTLE_RULES, () => new Date(now));
  return { throttle, advance: (seconds: number) => (now += seconds * 1000) };
}

async function retryAfter(run: () => Promise<void>): Promise<number | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error.retryAfterSeconds;
    throw error;
  }
}

describe('sign-in throttle', () => {
  it('delays from the third consecutive failure, doubling up to 60 s', async () => {
    const tenant = await createTestTenant(adminDb);
    const { throttle, advance } = throttleAt();
    const subject: ThrottleSubject = {
      purpose: 'login',
      account: 'Someone@Example.test',
      address: '10.0.0.1',
    };
    const check = (s = subject) =>
      withTenant(db, tenant.id, (tx) => throttle.assertAllowed(tx, tenant.id, s));
    const fail = () => withTenant(db, tenant.id, (tx) => throttle.recordFailure(tx, tenant.id, subject));

    await fail();
    await fail();
    expect(await retryAfter(() => check())).toBeNull();
    const waits: (number | null)[] = [];
    for (let n = 3; n <= 9; n++) {
      await fail();
      waits.push(await retryAfter(() => check()));
      advance(60);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    // The same e-mail in another case is the same account.
    const upper = { ...subject, account: 'SOMEONE@example.test' };
    await fail();
    expect(await retryAfter(() => check(upper))).toBeGreaterThan(60);
  });

  it('locks an account for 15 minutes after 10 failures within 15 minutes, then releases it', async () => {
    const tenant = await createTestTenant(adminDb);
    const { throttle, advance } = throttleAt();
    const subject: ThrottleSubject = { purpose: 'login', account: 'a@example.test' };
    const check = () => withTenant(db, tenant.id, (tx) => throttle.assertAllowed(tx, tenant.id, subject));
    for (let n = 0; n < 10; n++) {
      await withTenant(db, tenant.id, (tx) => throttle.recordFailure(tx, tenant.id, subject));
      advance(61);
    }
    // Ten failures 61 s apart fit in 15 minutes; the lock runs 15 minutes from the tenth.
    expect(await retryAfter(check)).toBe(15 * 60 - 61);
    advance(15 * 60 - 61);
    expect(await retryAfter(check)).toBeNull();
    // After the lock the count starts again.
    await withTenant(db, tenant.id, (tx) => throttle.recordFailure(tx, tenant.id, subject));
    expect(await retryAfter(check)).toBeNull();
  });

  it('locks an address after 50 failures across accounts, and keeps purposes apart', async () => {
    const tenant = await createTestTenant(adminDb);
    const { throttle } = throttleAt();
    for (let n = 0; n < 50; n++) {
      const subject: ThrottleSubject = {
        purpose: 'login',
        account: `user${n}@example.test`,
        address: '10.0.0.9',
      };
      await withTenant(db, tenant.id, (tx) => throttle.recordFailure(tx, tenant.id, subject));
    }
    const fresh: ThrottleSubject = { purpose: 'login', account: 'fresh@example.test', address: '10.0.0.9' };
    const otherPurpose: ThrottleSubject = { ...fresh, purpose: 'mfa' };
    const otherAddress: ThrottleSubject = { ...fresh, address: '10.0.0.10' };
    const check = (s: ThrottleSubject) => () =>
      withTenant(db, tenant.id, (tx) => throttle.assertAllowed(tx, tenant.id, s));
    expect(await retryAfter(check(fresh))).toBe(15 * 60);
    expect(await retryAfter(check(otherPurpose))).toBeNull();
    expect(await retryAfter(check(otherAddress))).toBeNull();
  });

  it('clears the account counter on success but not the address counter', async () => {
    const tenant = await createTestTenant(adminDb);
    const { throttle } = throttleAt();
    const subject: ThrottleSubject = { purpose: 'login', account: 'b@example.test', address: '10.0.0.2' };
    for (let n = 0; n < 5; n++) {
      await withTenant(db, tenant.id, (tx) => throttle.recordFailure(tx, tenant.id, subject));
    }
    await withTenant(db, tenant.id, (tx) => throttle.recordSuccess(tx, tenant.id, subject));
    const rows = await adminDb
      .selectFrom('sign_in_throttles')
      .select(['key', 'failures'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(rows).toEqual([{ key: 'login:ip:10.0.0.2', failures: 5 }]);
  });

  it('counts an attempt at once with beginAttempt, and takes it back on success', async () => {
    const tenant = await createTestTenant(adminDb);
    const { throttle } = throttleAt();
    const subject: ThrottleSubject = { purpose: 'password', account: 'c@example.test', address: '10.0.0.3' };
    await withTenant(db, tenant.id, (tx) => throttle.beginAttempt(tx, tenant.id, subject));
    const counts = () =>
      adminDb
        .selectFrom('sign_in_throttles')
        .select(['key', 'failures'])
        .where('tenant_id', '=', tenant.id)
        .orderBy('key')
        .execute();
    expect(await counts()).toEqual([
      { key: 'password:account:c@example.test', failures: 1 },
      { key: 'password:ip:10.0.0.3', failures: 1 },
    ]);
    await withTenant(db, tenant.id, (tx) => throttle.attemptSucceeded(tx, tenant.id, subject));
    expect(await counts()).toEqual([{ key: 'password:ip:10.0.0.3', failures: 0 }]);
  });
});

describe('POST users/login/ throttling', () => {
  it('answers 429 with Retry-After alike for an unknown e-mail and a wrong password, and releases', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const known = `admin@${tenant.slug}.test`;
    const unknown = `nobody@${tenant.slug}.test`;
    for (let n = 0; n < 3; n++) {
      expect((await client.signIn(known, 'wrong-password')).statusCode).toBe(400);
      expect((await client.signIn(unknown, 'wrong-password')).statusCode).toBe(400);
    }
    // As if two more failures had just happened: the next attempt waits 4 s, so a slow machine
    // cannot outrun the delay.
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ failures: 5, last_failure_at: new Date() })
      .where('tenant_id', '=', tenant.id)
      .execute();
    const knownRefused = await client.signIn(known, TEST_PASSWORD);
    const unknownRefused = await client.signIn(unknown, TEST_PASSWORD);
    for (const refused of [knownRefused, unknownRefused]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'Too many failed attempts. Please wait a moment before trying again.',
        code: 'throttled',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Even the right password is refused while the delay runs; once it has passed, it signs in
    // and the account's counter is cleared.
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ last_failure_at: new Date(Date.now() - 120_000) })
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect((await client.signIn(known, TEST_PASSWORD)).statusCode).toBe(200);
    const left = await adminDb
      .selectFrom('sign_in_throttles')
      .select('key')
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', `login:account:${known}`)
      .execute();
    expect(left).toEqual([]);
  });

  it('locks the account after 10 failures and releases it when the lock ends', async () => {
    const tenant = await createTestTenant(adminDb);
    const client = TestClient.forTenant(app, tenant.slug);
    const email = `member@${tenant.slug}.test`;
    const key = `login:account:${email}`;
    // Nine failures recorded, then the tenth through the API.
    await adminDb
      .insertInto('sign_in_throttles')
      .values({ tenant_id: tenant.id, key, failures: 9, last_failure_at: new Date(Date.now() - 120_000) })
      .execute();
    expect((await client.signIn(email, 'wrong-password')).statusCode).toBe(400);
    const locked = await client.signIn(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    await adminDb
      .updateTable('sign_in_throttles')
      .set({ locked_until: new Date(Date.now() - 1000), first_failure_at: new Date(Date.now() - 3600_000) })
      .where('tenant_id', '=', tenant.id)
      .where('key', '=', key)
      .execute();
    expect((await client.signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("never lets one tenant's failures throttle another tenant", async () => {
    const acme = await createTestTenant(adminDb);
    const globex = await createTestTenant(adminDb);
    const email = 'shared@example.test';
    await adminDb
      .insertInto('sign_in_throttles')
      .values({
        tenant_id: acme.id,
        key: `login:account:${email}`,
        failures: 10,
        locked_until: new Date(Date.now() + 600_000),
      })
      .execute();
    expect((await TestClient.forTenant(app, acme.slug).signIn(email)).statusCode).toBe(429);
    expect((await TestClient.forTenant(app, globex.slug).signIn(email)).statusCode).toBe(400);
  });
});

describe('parallel password guesses', () => {
  it('are judged one by one, so a burst cannot slip past the delay', async () => {
    const tenant = await createTestTenant(adminDb);
    const email = `admin@${tenant.slug}.test`;
    const client = TestClient.forTenant(app, tenant.slug);
    await client.get('/api/v1/customers/configuration/');
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        client.post('/api/v1/users/login/', { email, password: 'wrong-password' }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    // Three failures are allowed; the fourth must wait a second, and the burst comes within it.
    expect(statuses).toEqual([...Array(3).fill(400), ...Array(9).fill(429)]);
  });
});
