// The inspection pack's live memory, which the server's resident set cannot show: V8 keeps garbage until it
// needs the room, so a resident set that grows may be garbage alone. Run by bench/api.mjs with --expose-gc
// against its scratch database: it writes one site's pack as a PDF with the built API's own code, throws
// the bytes away, and every 100 ms forces a full collection and reads what is still held (the JS heap, and
// the buffers outside it). What it prints is the most the pack ever kept alive, above what was held before
// it started, as one JSON line: { ms, bytes, baselineMb, livePeakMb }. The forced collections slow the pack;
// its time is measured through the API, not here.
//
// Usage: node --expose-gc bench/pack-memory.mjs <database url> <organisation id> <site id> <start date> <end date>
import path from 'node:path';
import { Writable } from 'node:stream';
import { clearInterval, setInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';
import { jurisdictionOf } from '@console/shared-sdk/contract';
import { root } from '../scripts/lib.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const [url, orgId, siteId, startDate, endDate] = process.argv.slice(2);
if (!endDate)
  throw new Error(
    'usage: pack-memory.mjs <database url> <organisation id> <site id> <start date> <end date>',
  );

const built = (file) => import(pathToFileURL(path.join(root, 'api', 'dist', file)).href);
const { openDatabase } = await built('platform/db/client.js');
const { packSite, producePack } = await built('domains/reports/report/pack-content.js');
const { pdfPack } = await built('domains/reports/report/pack-pdf.js');

const handle = await openDatabase({ kind: 'postgres', url });
const live = () => {
  globalThis.gc();
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 1048576;
};
try {
  const site = await packSite(handle.db, orgId, siteId);
  const target = {
    orgId,
    site: {
      id: site.id,
      name: site.name,
      timeZoneId: site.timeZoneId,
      address: '',
      timing: site.timing,
      // As the API's pack does: the site's rule set gives the pack's unit, date order and legend.
      jurisdiction: jurisdictionOf(site.jurisdiction),
    },
    startDate,
    endDate,
    producer: { id: '00000000-0000-0000-0000-000000000000', name: 'Bench', role: 'Bench' },
    verifyUrl: 'http://localhost/verify',
  };
  const baselineMb = live();
  let livePeakMb = baselineMb;
  const sampler = setInterval(() => (livePeakMb = Math.max(livePeakMb, live())), 100);
  const started = Date.now();
  const pack = pdfPack(target);
  let bytes = 0;
  const done = new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    sink.on('finish', resolve);
    sink.on('error', reject);
    pack.document.pipe(sink);
  });
  await producePack(handle.db, target, new Date(), pack.writer);
  await done;
  clearInterval(sampler);
  livePeakMb = Math.max(livePeakMb, live());
  console.log(JSON.stringify({ ms: Date.now() - started, bytes, baselineMb, livePeakMb }));
} finally {
  await handle.close();
}
