import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer, outboxRetentionMs } from './mailer.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'console-outbox-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

test('outbox messages hold live links, so only the server user can read them', async () => {
  const outboxDir = path.join(dir, 'outbox');
  const mailer = createMailer({ outboxDir, from: 'Console <no-reply@console.test>' });
  try {
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Reset',
      text: 'http://x/reset-password?token=abc',
    });
    const [name] = await fs.readdir(outboxDir);
    expect(await modeOf(outboxDir)).toBe(0o700);
    expect(await modeOf(path.join(outboxDir, name ?? ''))).toBe(0o600);
  } finally {
    mailer.close?.();
  }
});

test('messages older than the longest link lifetime are removed when the mailer starts', async () => {
  const outboxDir = path.join(dir, 'outbox');
  await fs.mkdir(outboxDir);
  const old = path.join(outboxDir, 'old.eml');
  const recent = path.join(outboxDir, 'recent.eml');
  await fs.writeFile(old, 'old');
  await fs.writeFile(recent, 'recent');
  const past = new Date(Date.now() - outboxRetentionMs - 60_000);
  await fs.utimes(old, past, past);
  const mailer = createMailer({ outboxDir, from: 'Console <no-reply@console.test>' });
  try {
    for (let i = 0; i < 50 && (await fs.readdir(outboxDir)).includes('old.eml'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await fs.readdir(outboxDir)).sort()).toEqual(['recent.eml']);
  } finally {
    mailer.close?.();
  }
});
