import { ERROR_CODES, INPUT_LIMIT_MESSAGES, SERVER_MESSAGES } from '@attest/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from './database-errors.js';
import { type ErrorReporter, NO_ERROR_REPORTER } from './error-reporting/error-reporter.js';
import { AppError, DetailedBadRequestError, ImpersonationError, TooManyRequestsError } from './errors.js';

// One place maps every error to `{detail, code}` and its status. Messages are for people;
// database errors and stack traces never reach the client. What nothing expected (the 500s) also
// goes to the error-reporting service with the tenant tag (issue 19); the known 4xx and 503 answers
// (bad input, maintenance, overload, database away) are not failures of ours to report.
export function registerErrorHandler(
  app: FastifyInstance,
  reporter: ErrorReporter = NO_ERROR_REPORTER,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        detail: error.message,
        code: error.code,
        ...(error.fieldErrors && { errors: error.fieldErrors }),
        ...(error instanceof ImpersonationError && error.body),
        ...(error instanceof DetailedBadRequestError && error.extra),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        errors[field] = [...(errors[field] ?? []), issue.message ?? SERVER_MESSAGES.invalidInput];
      }
      return reply
        .status(400)
        .send({ detail: SERVER_MESSAGES.invalidInput, code: ERROR_CODES.invalid, errors });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ detail: SERVER_MESSAGES.serviceUnavailable, code: ERROR_CODES.serviceUnavailable });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'text the database cannot store');
      return reply.status(400).send({ detail: INPUT_LIMIT_MESSAGES.invalidText, code: ERROR_CODES.invalid });
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ detail: error.message, code: error.code ?? ERROR_CODES.invalid });
    }
    request.log.error({ err: error }, 'unhandled error');
    reporter.report(error, {
      tenant: request.tenant?.slug ?? null,
      method: request.method,
      route: request.routeOptions.url,
    });
    return reply.status(500).send({ detail: SERVER_MESSAGES.internal, code: ERROR_CODES.internal });
  });
}
