import fs from 'node:fs';
import path from 'node:path';
import { stateFile } from './global-setup';

// The console under test has no SMTP server: it writes each e-mail as an .eml file to DATA_DIR/outbox
// (README "Configuration"). These helpers read the links out of them, as a person would click them.

/** The outbox of the suite's console (global-setup records its data folder). */
export function suiteOutbox(): string {
  const { dataDir } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { dataDir: string };
  return path.join(dataDir, 'outbox');
}

/** An .eml file's body as text: quoted-printable decoded (long lines and `=` are encoded that way). */
export function emlText(eml: string): string {
  const [headers = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The address in a message's To header (the console sends each e-mail to one person), lower case. */
function recipientOf(eml: string): string | undefined {
  const [headers = ''] = eml.split(/\r?\n\r?\n/);
  const to = /^To:\s*(.*)$/im.exec(headers)?.[1]?.trim();
  return (/<([^>]+)>/.exec(to ?? '')?.[1] ?? to)?.toLowerCase();
}

/**
 * Waits for the newest message to `address` that was written after `since` (ms since the epoch) and
 * returns the path and query of the set-password link in it (the console's, or the kitchen app's for staff),
 * to open against the console under test (the link's host is the server's PUBLIC_URL, which a test server
 * on a random port does not set).
 */
export async function linkMailedTo(
  address: string,
  since: number,
  outbox = suiteOutbox(),
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    // Files are named by Message-ID: the recipient is read from each message's To header, the newest by
    // the time it was written.
    const fresh = names
      .filter((name) => name.endsWith('.eml'))
      .map((name) => path.join(outbox, name))
      .map((file) => ({ file, written: fs.statSync(file).mtimeMs }))
      .filter(({ written }) => written >= since - 1000)
      .map(({ file, written }) => ({ file, written, eml: fs.readFileSync(file, 'utf8') }))
      .filter(({ eml }) => recipientOf(eml) === address.toLowerCase())
      .sort((a, b) => a.written - b.written);
    const newest = fresh.at(-1);
    if (newest) {
      const link = /https?:\/\/\S+?(\/(?:kitchen\/)?(?:reset-password|invite)\?token=[^\s"<>]+)/.exec(
        emlText(newest.eml),
      )?.[1];
      if (!link) throw new Error(`${newest.file} holds no set-password link`);
      return link;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
