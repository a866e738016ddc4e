import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { consoleUrl, demoPassword, launchBrowser, logins, newContext } from './support/browser';
import { api } from './support/api';

// Issue 23: anyone holding an inspection pack checks it on the console's public /verify page, without an
// account. The pack is downloaded through the API as the organisation admin (the download is what puts it
// in the register), then handed to a browser that never signed in: the exact bytes are authentic and name
// the site; the same file with one byte changed is not recognised and names nobody.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

jest.setTimeout(240_000);

const brighton = /^The Harbour Kitchen, Brighton/;

interface Pack {
  bytes: Buffer;
  fileName: string;
  siteName: string;
  producer: string;
}

/** Brighton's inspection pack as a PDF, downloaded as the organisation admin with the default range. */
async function downloadPack(): Promise<Pack> {
  const { accessToken, userData } = await api<{
    accessToken: string;
    userData: { firstName: string; lastName: string };
  }>('POST', 'authentication/web-app-login', null, {
    email: logins.organizationAdmin,
    password: demoPassword,
  });
  const sites = await api<{ _id: string; name: string }[]>('GET', 'site-panel/simple-list', accessToken);
  const site = sites.find((one) => brighton.test(one.name));
  if (!site) throw new Error('no Brighton site');
  const query = new URLSearchParams({ siteID: site._id, format: 'PDF' });
  const response = await fetch(`${consoleUrl()}/api/v1/report/inspection-pack/download?${query}`, {
    headers: { authorization: accessToken, accept: '*/*' },
  });
  if (!response.ok) throw new Error(`inspection-pack/download: ${response.status} ${await response.text()}`);
  // Read to the end: the server registers the pack once the whole file has been sent.
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : 'Inspection pack.pdf';
  return { bytes, fileName, siteName: site.name, producer: userData.firstName };
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Drops `bytes` on the page's drop zone as a file, the way a file dragged from the desktop arrives. */
async function dropFile(p: Page, bytes: Buffer, name: string) {
  const dataTransfer = await p.evaluateHandle(
    ({ base64, fileName }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], fileName, { type: 'application/pdf' }));
      return transfer;
    },
    { base64: bytes.toString('base64'), fileName: name },
  );
  const zone = p.getByRole('region', { name: 'Drop a pack file here' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const errorPopup = (p: Page) => p.getByRole('dialog').filter({ has: p.locator('#error-popup-title') });

test('a downloaded pack is authentic on the public page; one byte changed, it is not recognised', async () => {
  const pack = await downloadPack();

  // A browser that has never signed in, straight to the page's address.
  const p = await (await newContext(browser)).newPage();
  const problems: string[] = [];
  p.on('pageerror', (error) => problems.push(`uncaught ${error.message}`));
  await p.goto(`${consoleUrl()}/verify`);
  await p.getByRole('heading', { level: 1, name: 'Verify an inspection pack' }).waitFor();
  expect(p.url()).toBe(`${consoleUrl()}/verify`);
  expect(await p.title()).toBe('Verify an inspection pack · Compliance Console');
  expect(await p.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await dropFile(p, pack.bytes, pack.fileName);
  const authentic = p.getByRole('heading', { level: 2, name: 'Authentic inspection pack' });
  await authentic.waitFor({ timeout: 60_000 });
  const verdict = p.locator('[aria-live="polite"]').filter({ has: authentic });
  const words = (await verdict.innerText()).replace(/\s+/g, ' ');
  expect(words).toContain(
    `This is an authentic inspection pack. It was produced by this console for ${pack.siteName}, covering `,
  );
  expect(words).toMatch(/covering \d{1,2} \w{3,4} \d{4} to \d{1,2} \w{3,4} \d{4}, by /);
  expect(words).toContain(pack.producer);
  expect(words).toContain('PDF document');
  expect(words).toContain(sha256(pack.bytes));

  // The same file with one byte changed, chosen with the file button this time.
  const changed = Buffer.from(pack.bytes);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = changed[middle]! ^ 0x01;
  await verdict.getByRole('button', { name: 'Check another file' }).click();
  await authentic.waitFor({ state: 'detached' });
  // Under a name of its own: the page shows the file's name, which is the holder's, not the server's word.
  await p.getByLabel('Choose a pack file').setInputFiles({
    name: 'copy handed over.pdf',
    mimeType: 'application/pdf',
    buffer: changed,
  });
  const unknown = p.getByRole('heading', { level: 2, name: 'Not recognised' });
  await unknown.waitFor({ timeout: 60_000 });
  const unknownWords = (await p.locator('[aria-live="polite"]').filter({ has: unknown }).innerText()).replace(
    /\s+/g,
    ' ',
  );
  expect(unknownWords).toContain(
    'This file is not a pack this console produced, or it has been changed since.',
  );
  expect(unknownWords).toContain(sha256(changed));
  // Nothing of whose pack it might have been.
  expect(unknownWords).not.toContain(pack.siteName);
  expect(unknownWords).not.toContain('Harbour');

  expect(await errorPopup(p).count()).toBe(0);
  expect(problems).toEqual([]);
  await p.context().close();
});

test('the sign-in page links to the public page', async () => {
  const p = await (await newContext(browser)).newPage();
  await p.goto(`${consoleUrl()}/login`);
  await p.getByRole('link', { name: 'Verify an inspection pack' }).click();
  await p.waitForURL(`${consoleUrl()}/verify`);
  await p.getByRole('region', { name: 'Drop a pack file here' }).waitFor();
  await p.context().close();
});
