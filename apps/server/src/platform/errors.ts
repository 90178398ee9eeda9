import { ERROR_CODES, SERVER_MESSAGES } from '@attest/shared';

// The API's typed errors; the error handler maps each to its status and `{detail, code}` body.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = SERVER_MESSAGES.invalidInput, fieldErrors?: Record<string, string[]>) {
    super(400, ERROR_CODES.invalid, message, fieldErrors);
  }
}

// A 400 whose body carries more than {detail, code}: a workflow action's per-field problems.
export class DetailedBadRequestError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly extra: Record<string, unknown>,
  ) {
    super(400, code, message);
  }
}

export class AuthenticationFailedError extends AppError {
  constructor(message: string = SERVER_MESSAGES.invalidCredentials) {
    super(400, ERROR_CODES.authenticationFailed, message);
  }
}

export class NotAuthenticatedError extends AppError {
  constructor() {
    super(401, ERROR_CODES.notAuthenticated, SERVER_MESSAGES.notAuthenticated);
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message: string = SERVER_MESSAGES.permissionDenied,
    code: string = ERROR_CODES.permissionDenied,
  ) {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = SERVER_MESSAGES.notFound, code: string = ERROR_CODES.notFound) {
    super(404, code, message);
  }
}

// Brute-force protection (docs/security.md): the answer carries Retry-After in seconds.
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = SERVER_MESSAGES.tooManyAttempts,
  ) {
    super(429, ERROR_CODES.throttled, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message: string = SERVER_MESSAGES.serviceUnavailable,
    code: string = ERROR_CODES.serviceUnavailable,
  ) {
    super(503, code, message);
  }
}

export type ImpersonationErrorBody = {
  error_tag: string;
  impersonator: { id: number; name: string };
  impersonatee: { id: number; name: string };
};

// Status 434 (spec 1 sections 6 and 8): names both people so the web app can pick its sentence.
export class ImpersonationError extends AppError {
  constructor(
    message: string,
    readonly body: ImpersonationErrorBody,
  ) {
    super(434, ERROR_CODES.impersonation, message);
  }
}
