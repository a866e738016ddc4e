import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from './storage.js';

test('uploaded files and their folders are the server user only', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'console-storage-'));
  try {
    const storage = new LocalStorage(path.join(root, 'uploads'));
    await storage.put('org/2026/file.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;
    expect(await modeOf(path.join(root, 'uploads', 'org'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'uploads', 'org', '2026'))).toBe(0o700);
    expect(await modeOf(path.join(root, 'uploads', 'org', '2026', 'file.pdf'))).toBe(0o600);
    expect(await modeOf(path.join(root, 'uploads', 'org', '2026', 'file.pdf.type'))).toBe(0o600);
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
});
