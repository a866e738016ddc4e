import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  readonly description: string;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as a standard .eml file to the outbox
 * folder (DATA_DIR/outbox), which any mail client opens, so a reset link can be followed on a machine
 * with no mail server.
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
  return {
    description: `outbox folder ${options.outboxDir}`,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await fs.writeFile(path.join(options.outboxDir, `${stamp}-${safeTo}.eml`), info.message as Buffer);
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
