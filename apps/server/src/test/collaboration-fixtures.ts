import { MENTION_PATHS, MessageSchema, SUBSCRIPTION_PATHS, ThreadSchema } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import type { TestClient } from './test-app.js';
import { createVendorCheck, workflowTestTenant } from './workflow-fixtures.js';

// Threads, comments and subscriptions as the web app drives them (issue 6 tests).
export async function openThread(client: TestClient, workflowId: number, body: Record<string, string> = {}) {
  const response = await client.post(MENTION_PATHS.workflowThreads(workflowId), body);
  expect(response.statusCode).toBe(200);
  return ThreadSchema.parse(response.json());
}

export async function post(client: TestClient, threadId: number, body: string) {
  const response = await client.post(MENTION_PATHS.threadMessages(threadId), { body });
  expect(response.statusCode).toBe(201);
  return MessageSchema.parse(response.json());
}

export const put = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PUT', url, payload });
export const remove = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

export async function subscribed(client: TestClient, threadId: number) {
  const response = await client.get(SUBSCRIPTION_PATHS.thread(threadId));
  expect(response.statusCode).toBe(200);
  return response.json().subscribed as boolean;
}

// A workflow test tenant, its admin and member signed in, and a vendor check named after it.
export async function collaborationSetup(app: FastifyInstance, adminDb: Db) {
  const t = await workflowTestTenant(app, adminDb);
  const admin = await t.signedIn('admin');
  const member = await t.signedIn('member');
  const workflowId = await createVendorCheck(t, admin, `Check ${t.slug}`);
  return { t, admin, member, workflowId };
}
