import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer, outboxFileName, outboxRetentionMs } from './mailer.js';

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

test('a hundred e-mails to one person in one millisecond, from two servers on one outbox, are a hundred files', async () => {
  const outboxDir = path.join(dir, 'outbox');
  // The clock stands still: every message is written in the same millisecond (timers run as usual).
  jest.useFakeTimers({
    now: new Date('2026-03-02T09:00:00.000Z'),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  const mailers = [1, 2].map(() => createMailer({ outboxDir, from: 'Console <no-reply@console.test>' }));
  try {
    await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        mailers[n % 2]?.send({ to: 'chef@example.com', subject: `Alert ${n}`, text: `Alert number ${n}` }),
      ),
    );
    const names = await fs.readdir(outboxDir);
    expect(names).toHaveLength(100);
    const subjects = await Promise.all(
      names.map(
        async (name) => /^Subject: (.*)$/m.exec(await fs.readFile(path.join(outboxDir, name), 'utf8'))?.[1],
      ),
    );
    expect(new Set(subjects).size).toBe(100);
  } finally {
    jest.useRealTimers();
    for (const mailer of mailers) mailer.close?.();
  }
});

test('a message sent again with its Message-ID is kept once, as first written, and named by that ID', async () => {
  const outboxDir = path.join(dir, 'outbox');
  const mailer = createMailer({ outboxDir, from: 'Console <no-reply@console.test>' });
  try {
    const messageId = '<alert-0190aaaa/../x@console.test>';
    await mailer.send({ to: 'chef@example.com', subject: 'First', text: 'one', messageId });
    await mailer.send({ to: 'chef@example.com', subject: 'Again', text: 'two', messageId });
    expect(await fs.readdir(outboxDir)).toEqual([outboxFileName(messageId)]);
    expect(outboxFileName(messageId)).toBe('alert-0190aaaa%2F..%2Fx@console.test.eml');
    expect(await fs.readFile(path.join(outboxDir, outboxFileName(messageId)), 'utf8')).toMatch(
      /^Subject: First$/m,
    );
  } finally {
    mailer.close?.();
  }
});
