// How a message leaves: nodemailer over SMTP (SMTP_URL; STARTTLS when the server offers it, TLS from the start
// with smtps://), or, without SMTP_URL, nowhere: it is written as an .eml file (0600, in a 0700 folder) so whoever
// runs the product sees exactly what would have gone out. Either way it is signed with DKIM when configured, and
// its Message-ID and Date are the ones stored with it, so a retry is the same message.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';
import type { MailTransportInfo } from '../../contract';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../lib/private-files';
import type { MailRow } from './mail-queries';

export interface Delivered {
  via: 'smtp' | 'file';
  /** The .eml file's path (file transport). */
  emlFile: string | null;
}

/** Why an attempt failed, and whether another may succeed. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface MailTransport {
  info: MailTransportInfo;
  send(message: MailRow): Promise<Delivered>;
  close(): void;
}

function mailOf(config: MailConfig, m: MailRow) {
  return {
    from: { name: config.from.name, address: config.from.address },
    to: m.toName ? { name: m.toName, address: m.to } : m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: m.messageId,
    date: new Date(m.createdAt),
    headers: m.headers,
    // Nothing in a message is read from disk or fetched: every part is the stored text.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * What an SMTP failure means: a 5xx reply is a refusal that will not change (failed, with the server's words);
 * a 4xx reply, a refused or dropped connection, a timeout are worth another try.
 */
export function classify(err: unknown): MailSendError {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reply = e.response ? String(e.response).trim() : null;
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return new MailSendError(reply ?? `${e.responseCode} ${e.message ?? ''}`.trim(), true);
  if (typeof e.responseCode === 'number') return new MailSendError(reply ?? `${e.responseCode} ${e.message ?? ''}`.trim(), false);
  return new MailSendError(`${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`, false);
}

/** Which way messages leave, as the Mail screen says it. */
export function transportInfoOf(config: MailConfig): MailTransportInfo {
  return config.smtpUrl ? { mode: 'smtp', host: new URL(config.smtpUrl).hostname, dkim: !!config.dkim } : { mode: 'file', dkim: !!config.dkim };
}

export function createMailTransport(config: MailConfig): MailTransport {
  const dkim = config.dkim ? { domainName: config.dkim.domainName, keySelector: config.dkim.keySelector, privateKey: config.dkim.privateKey } : undefined;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: config.timeoutMs,
      ...(dkim ? { dkim } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      info: transportInfoOf(config),
      async send(message) {
        try {
          await transport.sendMail(mailOf(config, message));
        } catch (err) {
          throw classify(err);
        }
        return { via: 'smtp', emlFile: null };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...(dkim ? { dkim } : {}) });
  return {
    info: transportInfoOf(config),
    async send(message) {
      const info = await transport.sendMail(mailOf(config, message));
      ensurePrivateDir(config.dir, { ours: true });
      const file = path.join(config.dir, `${message.createdAt.slice(0, 10)}-${message.id}-${message.kind}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      return { via: 'file', emlFile: file };
    },
    close: () => transport.close(),
  };
}

/** Removes saved .eml files (an erasure); a file already gone is no error. */
export function removeEmlFiles(files: readonly string[]): void {
  for (const file of files) {
    if (file.endsWith('.eml')) fs.rmSync(file, { force: true });
  }
}
