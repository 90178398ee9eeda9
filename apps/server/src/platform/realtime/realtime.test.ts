import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_PATHS,
  ERROR_CODES,
  REALTIME_ERROR_CODES,
  REALTIME_LEAVE_EVENT,
  REALTIME_MESSAGES,
  REALTIME_PATHS,
  REALTIME_SOCKET_EVENT,
  REALTIME_SOCKET_PATH,
  type RealtimeEvent,
  RealtimeEventSchema,
  SERVER_MESSAGES,
  userChannel,
  WORKFLOW_PATHS,
  workflowChannel,
} from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { grant } from '../../test/admin-fixtures.js';
import { createDocCheck, DC, publishDocCheck } from '../../test/attachment-fixtures.js';
import { shouldRunRedisTests, TEST_REDIS_URL } from '../../test/redis.js';
import { createTestApp, TestClient } from '../../test/test-app.js';
import {
  createVendorCheck,
  VC,
  type WorkflowTestTenant,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';
import { createWorkerPublisher } from './redis-clients.js';

const { app, adminDb, services } = await createTestApp();
const port = await listen(app);

const opened: Socket[] = [];
afterAll(() => {
  for (const socket of opened) socket.disconnect();
});

async function listen(instance: FastifyInstance): Promise<number> {
  await instance.listen({ host: '127.0.0.1', port: 0 });
  return (instance.server.address() as AddressInfo).port;
}

type Listener = { socket: Socket; events: RealtimeEvent[] };

// A socket as the browser opens it: to the tenant's host, with the client's cookies. Every event it
// hears is kept, checked against the envelope's schema.
function connect(toPort: number, client: TestClient | null, host = client?.host ?? ''): Promise<Listener> {
  const headers: Record<string, string> = { host };
  if (client && client.cookies.size > 0) {
    headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const socket = connectClient(`http://127.0.0.1:${toPort}`, {
    path: REALTIME_SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
    timeout: 3000,
  });
  opened.push(socket);
  const events: RealtimeEvent[] = [];
  socket.on(REALTIME_SOCKET_EVENT, (event: unknown) => events.push(RealtimeEventSchema.parse(event)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', reject);
  });
}

async function join(client: TestClient, listener: Listener, channel: string) {
  const response = await client.post(REALTIME_PATHS.auth, {
    socket_id: listener.socket.id,
    channel_name: channel,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ channel_name: channel, subscribed: true });
}

// The first event matching, within a short wait, or a failure naming what was heard instead.
async function nextEvent(
  listener: Listener,
  what: string,
  matches: (event: RealtimeEvent) => boolean,
  timeoutMs = 3000,
): Promise<RealtimeEvent> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = listener.events.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const heard = listener.events.map((e) => `${e.type}/${e.outcome ?? '-'}`).join(', ') || 'nothing';
  throw new Error(`No ${what} within ${timeoutMs} ms; heard: ${heard}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answerAs(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

describe('the socket handshake', () => {
  it('refuses a connection without a session, and accepts one with a live session', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const anonymous = TestClient.forTenant(app, t.slug);
    await expect(connect(port, anonymous)).rejects.toMatchObject({
      message: SERVER_MESSAGES.notAuthenticated,
      data: { code: ERROR_CODES.notAuthenticated },
    });
    const admin = await t.signedIn('admin');
    const listener = await connect(port, admin);
    expect(listener.socket.connected).toBe(true);
    // The same cookie at another tenant's host opens nothing there.
    const other = await workflowTestTenant(app, adminDb);
    await expect(connect(port, admin, `${other.slug}.localhost`)).rejects.toMatchObject({
      data: { code: ERROR_CODES.notAuthenticated },
    });
    // After sign-out the session's sockets are closed.
    const closed = new Promise((resolve) => listener.socket.once('disconnect', resolve));
    expect((await admin.get('/api/v1/users/logout/')).statusCode).toBe(200);
    await closed;
    await expect(connect(port, admin)).rejects.toMatchObject({
      data: { code: ERROR_CODES.notAuthenticated },
    });
  });

  it('refuses connections while the tenant is in maintenance', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    await adminDb
      .updateTable('tenant_configurations')
      .set({ is_maintenance_mode_enabled: true })
      .where('tenant_id', '=', t.id)
      .execute();
    await expect(connect(port, admin)).rejects.toMatchObject({
      message: SERVER_MESSAGES.maintenance,
      data: { code: ERROR_CODES.maintenance },
    });
  });

  it('refuses an unknown tenant', async () => {
    await expect(connect(port, null, `no-such-${randomUUID().slice(0, 8)}.localhost`)).rejects.toMatchObject({
      data: { code: ERROR_CODES.tenantNotFound },
    });
  });
});

describe('an impersonating session', () => {
  it("is the impersonated person: their channel, not the administrator's", async () => {
    const t = await workflowTestTenant(app, adminDb);
    await grant(adminDb, t.id, t.users.admin, ['can_impersonate_users']);
    const admin = await t.signedIn('admin');
    const started = await admin.post(ADMIN_PATHS.impersonate, { user_id: t.users.member });
    expect(started.statusCode, started.body).toBe(200);
    const listener = await connect(port, admin);
    await join(admin, listener, userChannel(t.id, t.users.member));
    const refused = await admin.post(REALTIME_PATHS.auth, {
      socket_id: listener.socket.id,
      channel_name: userChannel(t.id, t.users.admin),
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('prasaran/auth', () => {
  async function setUp() {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const listener = await connect(port, admin);
    return { t, admin, listener };
  }

  function refusedWith(response: { statusCode: number; json(): unknown }, status: number, code: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  }

  it("joins the user's own channel, and refuses anyone else's, another tenant's and malformed names", async () => {
    const { t, admin, listener } = await setUp();
    await join(admin, listener, userChannel(t.id, t.users.admin));
    const ask = (channel_name: string) =>
      admin.post(REALTIME_PATHS.auth, { socket_id: listener.socket.id, channel_name });
    const refused = [
      userChannel(t.id, t.users.member),
      ...(await (async () => {
        const other = await workflowTestTenant(app, adminDb);
        const theirs = await createVendorCheck(other, await other.signedIn('admin'));
        return [
          userChannel(other.id, other.users.admin),
          userChannel(other.id, t.users.admin),
          workflowChannel(other.id, theirs),
        ];
      })()),
      `${userChannel(t.id, t.users.admin)}-x`,
      'private-tenant-0-user-1',
      'session:1',
    ];
    for (const channel of refused) {
      const response = await ask(channel);
      expect(response.statusCode, channel).toBe(403);
      expect(response.json()).toEqual({
        detail: REALTIME_MESSAGES.channelRefused,
        code: REALTIME_ERROR_CODES.channelRefused,
      });
    }
  });

  it('joins a workflow channel only for a workflow the user may see', async () => {
    const { t, admin } = await setUp();
    const id = await createVendorCheck(t, admin);
    const supplier = await t.signedIn('supplier');
    const theirs = await connect(port, supplier);
    const refused = await supplier.post(REALTIME_PATHS.auth, {
      socket_id: theirs.socket.id,
      channel_name: workflowChannel(t.id, id),
    });
    refusedWith(refused, 403, REALTIME_ERROR_CODES.channelRefused);
    // A workflow that does not exist is refused alike.
    const missing = await supplier.post(REALTIME_PATHS.auth, {
      socket_id: theirs.socket.id,
      channel_name: workflowChannel(t.id, id + 1_000_000),
    });
    refusedWith(missing, 403, REALTIME_ERROR_CODES.channelRefused);
    const member = await t.signedIn('member');
    await join(member, await connect(port, member), workflowChannel(t.id, id));
  });

  it("refuses someone else's socket, an unknown one, and a request without the CSRF token", async () => {
    const { t, admin, listener } = await setUp();
    const member = await t.signedIn('member');
    const theirs = await member.post(REALTIME_PATHS.auth, {
      socket_id: listener.socket.id,
      channel_name: userChannel(t.id, t.users.member),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      detail: REALTIME_MESSAGES.unknownSocket,
      code: REALTIME_ERROR_CODES.unknownSocket,
    });
    // Another session of the same user does not own it either.
    const again = await t.signedIn('admin');
    refusedWith(
      await again.post(REALTIME_PATHS.auth, {
        socket_id: listener.socket.id,
        channel_name: userChannel(t.id, t.users.admin),
      }),
      404,
      REALTIME_ERROR_CODES.unknownSocket,
    );
    refusedWith(
      await admin.post(REALTIME_PATHS.auth, {
        socket_id: 'no-such-socket',
        channel_name: userChannel(t.id, t.users.admin),
      }),
      404,
      REALTIME_ERROR_CODES.unknownSocket,
    );
    // A channel name is not a socket id, even when it names a room with sockets in it.
    await join(admin, listener, userChannel(t.id, t.users.admin));
    refusedWith(
      await admin.post(REALTIME_PATHS.auth, {
        socket_id: userChannel(t.id, t.users.admin),
        channel_name: userChannel(t.id, t.users.admin),
      }),
      404,
      REALTIME_ERROR_CODES.unknownSocket,
    );
    const noCsrf = await admin.post(
      REALTIME_PATHS.auth,
      { socket_id: listener.socket.id, channel_name: userChannel(t.id, t.users.admin) },
      { csrf: false },
    );
    refusedWith(noCsrf, 403, ERROR_CODES.csrfFailed);
    const anonymous = TestClient.forTenant(app, t.slug);
    await anonymous.get('/api/v1/customers/configuration/');
    refusedWith(
      await anonymous.post(REALTIME_PATHS.auth, {
        socket_id: listener.socket.id,
        channel_name: userChannel(t.id, t.users.admin),
      }),
      401,
      ERROR_CODES.notAuthenticated,
    );
  });
});

describe('workflow events', () => {
  async function watching(t: WorkflowTestTenant, who: 'admin' | 'member', id: number) {
    const client = await t.signedIn(who);
    const listener = await connect(port, client);
    await join(client, listener, workflowChannel(t.id, id));
    return { client, listener };
  }

  it("tells a workflow's listeners when another user answers and submits, and nobody else", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const watcher = await watching(t, 'admin', id);
    const member = await t.signedIn('member');
    const bystander = await connect(port, member);
    await join(member, bystander, userChannel(t.id, t.users.member));

    await answerAs(member, id, VC.name, 'Acme Ltd');
    const answered = await nextEvent(
      watcher.listener,
      'workflow.answered',
      (e) => e.type === 'workflow.answered',
    );
    expect(answered).toMatchObject({
      channel: workflowChannel(t.id, id),
      group: 'response_changed',
      outcome: null,
      workflow_id: id,
      actor: { id: t.users.member, name: 'Max Member' },
      data: { step_tag: VC.intake, field_tags: [VC.name] },
    });
    expect(answered.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(answered.at))).toBe(false);
    // Small events: the answer itself is never in them.
    expect(JSON.stringify(answered)).not.toContain('Acme Ltd');

    // Submitting (as the admin, who may): the step changes and so does the status.
    const submitted = await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    await nextEvent(
      watcher.listener,
      'workflow.step_changed',
      (e) => e.type === 'workflow.step_changed' && e.data.action === 'submitted',
    );
    const status = await nextEvent(
      watcher.listener,
      'workflow.status_changed',
      (e) => e.type === 'workflow.status_changed',
    );
    expect(status).toMatchObject({ group: 'state_change', data: { status_id: submitted.json().status.id } });
    // The member's socket on its own user channel heard none of it.
    await pause(200);
    expect(bystander.events.filter((e) => e.workflow_id === id && e.type !== 'notification.created')).toEqual(
      [],
    );

    // Leaving a channel stops its events.
    watcher.listener.socket.emit(REALTIME_LEAVE_EVENT, { channel: workflowChannel(t.id, id) });
    await pause(100);
    const heard = watcher.listener.events.length;
    await answerAs(member, id, VC.decision, 'approve');
    await pause(300);
    expect(watcher.listener.events.length).toBe(heard);
  });

  it("tells the creator's user channel of a new workflow, and a parent's listeners of a child", async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const mine = await connect(port, admin);
    await join(admin, mine, userChannel(t.id, t.users.admin));
    const id = await createVendorCheck(t, admin);
    expect(await nextEvent(mine, 'workflow.created', (e) => e.type === 'workflow.created')).toMatchObject({
      channel: userChannel(t.id, t.users.admin),
      group: 'workflow_creation',
      outcome: 'completed',
      workflow_id: id,
      data: { workflow_id: id },
    });

    // The member starts a child: the parent's channel hears it, and the parent's creator is notified.
    const watcher = await watching(t, 'admin', id);
    const member = await t.signedIn('member');
    await answerAs(member, id, VC.name, 'Acme Ltd');
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, VC.intake), {})).statusCode).toBe(200);
    const created = await member.post(`/api/v1/workflows/${id}/fields/${VC.subChecks}/children/`, {});
    expect(created.statusCode, created.body).toBe(201);
    const childId = created.json().child.id as number;
    expect(
      await nextEvent(watcher.listener, 'workflow.child_created', (e) => e.type === 'workflow.child_created'),
    ).toMatchObject({
      group: 'child_workflow_creation',
      outcome: 'completed',
      actor: { id: t.users.member },
      data: { child_id: childId, field_tag: VC.subChecks },
    });
    const notified = await nextEvent(
      mine,
      'notification.created',
      (e) =>
        e.type === 'notification.created' && (e.data as { kind?: string }).kind === 'child_workflow_created',
    );
    expect(notified.data).toMatchObject({ params: { child_id: childId }, level: 'success' });
  });

  it('announces step assignees, locks and archiving, and notifies someone else made an assignee', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const watcher = await watching(t, 'admin', id);
    // Only a step's assignees, its groups' members and 'Can undo a step' change assignees (issue 12).
    await grant(adminDb, t.id, t.users.member, ['can_undo_step']);
    const member = await t.signedIn('member');
    const membersOwn = await connect(port, member);
    await join(member, membersOwn, userChannel(t.id, t.users.member));

    const added = await admin.post(`/api/v1/workflows/${id}/steps/${VC.review}/users/`, {
      user_id: t.users.member,
    });
    expect(added.statusCode, added.body).toBe(201);
    await nextEvent(watcher.listener, 'assigned', (e) => e.data.action === 'assigned');
    const notice = await nextEvent(membersOwn, 'step_assigned', (e) => e.type === 'notification.created');
    expect(notice).toMatchObject({ group: 'step', actor: { id: t.users.admin }, workflow_id: id });
    expect(notice.data).toMatchObject({
      kind: 'step_assigned',
      params: { step_tag: VC.review, step_name: 'Decision' },
    });
    await nextEvent(membersOwn, 'notifications.changed', (e) => e.type === 'notifications.changed');

    // Assigning oneself tells nobody.
    const own = await member.post(`/api/v1/workflows/${id}/steps/${VC.intake}/users/`, {
      user_id: t.users.member,
    });
    expect(own.statusCode, own.body).toBe(201);
    await nextEvent(
      watcher.listener,
      'second assignment',
      (e) => e.data.action === 'assigned' && e.data.step_tag === VC.intake,
    );
    await pause(200);
    expect(membersOwn.events.filter((e) => e.type === 'notification.created')).toHaveLength(1);

    const assignee = added
      .json()
      .results.find((a: { user_id: number | null }) => a.user_id === t.users.member);
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/v1/workflows/${id}/steps/${VC.review}/users/${assignee.id}/`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await nextEvent(watcher.listener, 'unassigned', (e) => e.data.action === 'unassigned');
    expect((await admin.post(WORKFLOW_PATHS.lockStep(id, VC.intake), { is_locked: true })).statusCode).toBe(
      200,
    );
    await nextEvent(watcher.listener, 'locked', (e) => e.data.action === 'locked');
    expect((await admin.post(`/api/v1/workflows/${id}/archive/`, {})).statusCode).toBe(200);
    expect(
      await nextEvent(watcher.listener, 'archived', (e) => e.type === 'workflow.archived'),
    ).toMatchObject({
      group: 'state_change',
      workflow_id: id,
    });
  });

  it('follows an integration run: queued, started, finished, with notifications to who queued it', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const kind = await publishDocCheck(adminDb, t);
    const admin = await t.signedIn('admin');
    const id = await createDocCheck(t, admin, kind);
    const watcher = await watching(t, 'member', id);
    const mine = await connect(port, admin);
    await join(admin, mine, userChannel(t.id, t.users.admin));

    await answerAs(admin, id, DC.supplierName, 'Mahan Air Ltd');
    await answerAs(admin, id, DC.country, 'IR');
    expect((await admin.post(WORKFLOW_PATHS.submitStep(id, DC.intake), {})).statusCode).toBe(200);
    const isRun = (outcome: string) => (e: RealtimeEvent) =>
      e.type === 'workflow.integration_run' && e.outcome === outcome;
    const queued = await nextEvent(watcher.listener, 'queued run', isRun('queued'));
    expect(queued).toMatchObject({
      group: 'screening',
      workflow_id: id,
      actor: null,
      data: { step_tag: DC.screening, connector: 'sanctions_screening' },
    });
    expect(await services.integrations.runWaiting(t.id)).toBe(1);
    await nextEvent(watcher.listener, 'started run', isRun('started'));
    await nextEvent(watcher.listener, 'finished run', isRun('finished'));
    const order = watcher.listener.events
      .filter((e) => e.type === 'workflow.integration_run')
      .map((e) => e.outcome);
    expect(order).toEqual(['queued', 'started', 'finished']);
    // The connector's answers are announced too, for the page to re-read.
    expect(
      await nextEvent(
        watcher.listener,
        'connector answers',
        (e) => e.type === 'workflow.answered' && e.actor === null,
      ),
    ).toMatchObject({ data: { step_tag: DC.screening } });

    const levels = async () =>
      mine.events
        .filter((e) => e.type === 'notification.created')
        .map((e) => [e.outcome, (e.data as { level: string }).level]);
    await nextEvent(
      mine,
      'finished notification',
      (e) => e.type === 'notification.created' && e.outcome === 'finished',
    );
    expect(await levels()).toEqual([
      ['started', 'info'],
      ['finished', 'success'],
    ]);
    // The member, who did not queue it, is told nothing on their own channel (they only watch it).
    expect(watcher.listener.events.filter((e) => e.type === 'notification.created')).toEqual([]);
  });
});

const withRedis = await shouldRunRedisTests();
// Two more API instances on the shared database, each with its own socket.io and the Redis adapter,
// under a key of this run's own so parallel runs on one Redis do not hear each other.
const redisEnv = { REDIS_URL: TEST_REDIS_URL, REALTIME_REDIS_KEY: `attest-test-${randomUUID()}` };
const a = withRedis ? await createTestApp(redisEnv) : null;
const b = withRedis ? await createTestApp(redisEnv) : null;
const portB = b ? await listen(b.app) : 0;
if (a) await listen(a.app);

describe.skipIf(!withRedis)('two API processes sharing Redis', () => {
  it('joins a socket held by B through A, and delivers to it an event raised on A', async () => {
    if (!a || !b) return;
    const t = await workflowTestTenant(a.app, adminDb);
    const adminOnA = await t.signedIn('admin');
    const id = await createVendorCheck(t, adminOnA);
    // The browser's socket lives on B; its session is the one signed in through A.
    const onB = await connect(portB, adminOnA);
    await join(adminOnA, onB, workflowChannel(t.id, id));
    const memberOnA = await t.signedIn('member');
    await answerAs(memberOnA, id, VC.name, 'Acme Ltd');
    expect(
      await nextEvent(onB, 'workflow.answered through Redis', (e) => e.type === 'workflow.answered'),
    ).toMatchObject({ workflow_id: id, actor: { id: t.users.member } });
    // Someone else's socket on B is still refused from A.
    refusedAcross(
      await memberOnA.post(REALTIME_PATHS.auth, {
        socket_id: onB.socket.id,
        channel_name: userChannel(t.id, t.users.member),
      }),
    );
  });
});

describe.skipIf(!withRedis)('a worker-only process', () => {
  it('publishes through the Redis emitter to sockets held by the API processes', async () => {
    if (!b) return;
    const t = await workflowTestTenant(b.app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    const onB = await connect(portB, admin);
    await join(admin, onB, workflowChannel(t.id, id));
    const worker = createWorkerPublisher({ ...b.app.config, ...redisEnv }, () => {});
    try {
      worker.publisher.publish([
        {
          channel: workflowChannel(t.id, id),
          type: 'workflow.integration_run',
          group: 'integration',
          outcome: 'started',
          workflow_id: id,
          actor: null,
          data: { run_id: 1, step_tag: VC.intake, connector: 'demo' },
        },
      ]);
      expect(
        await nextEvent(onB, 'an event from the worker', (e) => e.type === 'workflow.integration_run'),
      ).toMatchObject({ outcome: 'started', workflow_id: id });
    } finally {
      await worker.close();
    }
  });
});

// An API process whose Redis is away (nothing listens on port 1).
const lonely = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REALTIME_REDIS_KEY: 'nowhere' });

describe('a Redis that does not answer', () => {
  it('costs the live events only: the API answers and publishing never throws or rejects', async () => {
    const lonelyPort = await listen(lonely.app);
    const t = await workflowTestTenant(lonely.app, adminDb);
    const admin = await t.signedIn('admin');
    const id = await createVendorCheck(t, admin);
    await answerAs(admin, id, VC.name, 'Acme Ltd');
    // A socket still connects to this process (its own rooms work without Redis).
    const listener = await connect(lonelyPort, admin);
    expect(listener.socket.connected).toBe(true);
    // Long enough for the publishes' retries to give up: a rejection left unhandled would fail the run.
    await pause(1000);
    expect((await admin.get(WORKFLOW_PATHS.workflow(id))).statusCode).toBe(200);
  });
});

function refusedAcross(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ code: REALTIME_ERROR_CODES.unknownSocket });
}
