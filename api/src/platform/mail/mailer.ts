import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID, when a message must keep one identity however often it is handed to the mail server
   * (an alert's e-mail sent again after a crash): receiving servers and clients drop the duplicate.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  /** Stops background housekeeping (the outbox's clean-up). */
  close?(): void;
}

/** The longest a link in an e-mail stays valid (an invitation): older outbox messages hold only dead links. */
export const outboxRetentionMs = 7 * 24 * 60 * 60_000;

/** Removes outbox messages older than the retention; returns how many went. */
export async function removeExpiredOutboxMessages(outboxDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now - stat.mtimeMs > outboxRetentionMs) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * An outbox file's name: the Message-ID without its angle brackets, every character but letters, digits
 * and `@._-` written as `%XX`, so that two IDs never share a name and none can leave the folder.
 */
export function outboxFileName(messageId: string): string {
  const bare = messageId.replace(/^<|>$/g, '');
  const safe = Array.from(Buffer.from(bare, 'utf8'), (byte) => {
    const char = String.fromCharCode(byte);
    return /[a-zA-Z0-9@._-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `${safe}.eml`;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as a standard .eml file to the outbox
 * folder (DATA_DIR/outbox), which any mail client opens, so a reset link can be followed on a machine
 * with no mail server. The messages hold live links, so the folder and files are the server user's only,
 * and messages older than the longest link lifetime are removed at start and every hour.
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      description: `SMTP ${new URL(options.smtpUrl).host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const cleanUp = () => {
    removeExpiredOutboxMessages(options.outboxDir).catch((error: unknown) =>
      console.error('outbox clean-up failed', error),
    );
  };
  cleanUp();
  const housekeeping = setInterval(cleanUp, 60 * 60_000);
  // Housekeeping alone must not keep the process alive.
  housekeeping.unref();
  return {
    description: `outbox folder ${options.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      // mkdir leaves an existing folder's mode alone; folders from older versions were world-readable.
      await fs.chmod(options.outboxDir, 0o700);
      // Named by its Message-ID (nodemailer makes a unique one when the sender gives none) and created
      // exclusively: two messages written in one millisecond, by one server or two on a shared folder, are
      // two files, and none is ever overwritten. A name taken already holds this very message (a sender
      // that keeps one Message-ID sent it again after a crash), so it is kept as it is, as a mail server
      // drops the duplicate.
      try {
        await fs.writeFile(
          path.join(options.outboxDir, outboxFileName(info.messageId)),
          info.message as Buffer,
          {
            mode: 0o600,
            flag: 'wx',
          },
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    },
    close() {
      clearInterval(housekeeping);
    },
  };
}

/** Keeps messages in memory; tests read the links out of them. */
export class MemoryMailer implements Mailer {
  readonly description = 'memory';
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  lastTo(address: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === address).at(-1);
  }
}
