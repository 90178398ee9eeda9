import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './sign-in.js';

// Recorded with each session, so people can recognise their sessions in the profile.
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip };
}
