import pino, { type DestinationStream, type Logger } from 'pino';

// PostgreSQL errors carry the offending values in extra fields: `detail` ("Key (email)=(ann@…) already
// exists", "Failing row contains (…, ann@…, 555-…)"), `where` and `internalQuery` may quote them too. The
// message and code are what an operator needs; those fields stay out of the logs.
const VALUE_BEARING_ERROR_FIELDS = ['detail', 'where', 'internalQuery', 'parameters', 'bindings'];

function errWithoutValues(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  for (const field of VALUE_BEARING_ERROR_FIELDS) delete out[field];
  return out;
}

/**
 * JSON lines; redaction is a second guard behind the rule that nothing logs bodies, e-mails or passwords.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: ['*.email', '*.password', 'email', 'password', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: { err: errWithoutValues },
  };
  return destination ? pino(options, destination) : pino(options);
}
