// A local SMTP server for the tests (smtp-server, on a free port of 127.0.0.1, no TLS, any sender and recipient),
// which keeps what it receives, parsed by mailparser as a mail client reads it, and plays the faults the mail
// queue must survive, each for the next N deliveries:
//   'temporary'  421 to MAIL FROM: the service is not available now (try again)
//   'permanent'  550 to RCPT TO: no such mailbox (give up, keep the reply)
//   'drop'       the connection cut during DATA, half the message read
//   'silent'     the server accepts the connection and never says a word (no greeting)
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export type SmtpFault = 'temporary' | 'permanent' | 'drop' | 'silent';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  rcptTo: string[];
  mailFrom: string;
  raw: Buffer;
  parsed: ParsedMail;
  /** A header's value as it was written (unfolded), by its name in any case. */
  header: (name: string) => string | undefined;
  receivedAt: number;
}

export interface FakeSmtp {
  url: string;
  port: number;
  inbox: ReceivedMail[];
  /** How many deliveries were attempted (a MAIL FROM, or a silent connection). */
  attempts: () => number;
  /** Plays `fault` for the next `times` deliveries. */
  fail: (fault: SmtpFault, times?: number) => void;
  /** Waits until the inbox holds `n` messages (or one passes `match`). */
  waitFor: (n: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  clear: () => void;
  close: () => Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const inbox: ReceivedMail[] = [];
  const faults: SmtpFault[] = [];
  let attempts = 0;
  const sockets = new Set<net.Socket>();
  const faultOf = new WeakMap<SMTPServerSession, SmtpFault | undefined>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'fake-smtp',
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      if (faults[0] === 'silent') {
        faults.shift();
        attempts++;
        return; // never answered: no greeting, ever
      }
      callback();
    },
    onMailFrom(_address, session, callback) {
      attempts++;
      const fault = faults.shift();
      faultOf.set(session, fault);
      if (fault === 'temporary') return callback(smtpError('4.3.2 Service not available, try again later', 421));
      callback();
    },
    onRcptTo(_address, session, callback) {
      if (faultOf.get(session) === 'permanent') return callback(smtpError('5.1.1 No such mailbox here', 550));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      if (faultOf.get(session) === 'drop') {
        stream.once('data', () => {
          for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
        });
        stream.resume();
        return;
      }
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            inbox.push({
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
              header: (name) => {
                const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
                return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
              },
              receivedAt: Date.now(),
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  const inner = (server as unknown as { server: net.Server }).server;
  inner.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (inner.address() as net.AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    attempts: () => attempts,
    fail: (fault, times = 1) => {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    waitFor: async (n, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (inbox.length < n) {
        if (Date.now() > deadline) throw new Error(`fake SMTP: ${inbox.length} of ${n} messages after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return inbox;
    },
    clear: () => {
      inbox.length = 0;
      faults.length = 0;
      attempts = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
