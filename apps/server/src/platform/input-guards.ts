import { ERROR_CODES, INPUT_LIMIT_MESSAGES, MAX_JSON_DEPTH } from '@attest/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.js';
import { jsonNestsDeeperThan } from './json-depth.js';
import { findNul } from './nul-search.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

// Issue 12: bounds every request before any schema runs, for every route at once.
export function registerInputGuards(app: FastifyInstance): void {
  // Fastify's own parser (secure-json-parse, with the app's __proto__ and constructor poisoning
  // options) still parses; ours first refuses invalid UTF-8 and nesting deeper than the limit, so a
  // hostile body can neither stall the event loop in a recursive schema nor overflow the stack.
  // Fastify's bodyLimit (413) applies before this runs.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'ignore',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      done(new BadRequestError(INPUT_LIMIT_MESSAGES.invalidUtf8), undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new BadRequestError(INPUT_LIMIT_MESSAGES.tooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // PostgreSQL cannot store U+0000 in text (SQLSTATE 22021, 22P05): refuse it in any string of the
  // query, the path or the body, with the field it was found in. After the access rules, so a
  // caller who may not use the route learns nothing about its input.
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const field = findNul(input);
      if (field !== null) {
        throw new BadRequestError(INPUT_LIMIT_MESSAGES.nulCharacter, {
          [field || 'non_field_errors']: [INPUT_LIMIT_MESSAGES.nulCharacter],
        });
      }
    }
  });
}

// Fastify answers a path it cannot decode (%FF) or a parameter over maxParamLength itself, before
// any route or error handler: this gives those answers the API's {detail, code} too.
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply.status(tooLong ? 414 : (error.statusCode ?? 400)).send({
    detail: tooLong ? INPUT_LIMIT_MESSAGES.addressPartTooLong : INPUT_LIMIT_MESSAGES.invalidAddress,
    code: ERROR_CODES.invalid,
  });
}
