import pino, { type Logger } from 'pino';

/** JSON lines; redaction is a second guard behind the rule that nothing logs bodies, e-mails or passwords. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['*.email', '*.password', 'email', 'password', 'req.headers.cookie'], censor: '[redacted]' },
  });
}
