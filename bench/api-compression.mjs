// What compressing the API's answers costs and saves, so the threshold and levels in
// api/src/platform/http/compression.ts are chosen by figures: for each list's JSON (as the API answers it),
// its bytes and the CPU time of one compression at gzip levels 1 and 6 and brotli qualities 1, 4 and 11, then
// requests per second of the list with and without `Accept-Encoding: br, gzip` (what the server's chosen
// level costs under load). `npm run bench:api` calls it on its PostgreSQL load; on its own,
// `node bench/api-compression.mjs [--seconds N] [--no-build]` starts the built API on an embedded PGlite with
// the demo and measures the demo's lists. It prints; it asserts nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { startConsole } from './console-server.mjs';

const brotli = (quality) => (body) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (level) => (body) => zlib.gzipSync(body, { level });

const encodings = [
  { name: 'gzip 1', compress: gzip(1) },
  { name: 'gzip 6', compress: gzip(6) },
  { name: 'brotli 1', compress: brotli(1) },
  { name: 'brotli 4', compress: brotli(4) },
  { name: 'brotli 11', compress: brotli(11) },
];

/** CPU milliseconds of one compression of `body`: the process's CPU time over enough runs for 200 ms of it. */
function cpuMsPerCompression(compress, body) {
  for (let warm = 0; warm < 5; warm += 1) compress(body);
  const started = process.cpuUsage();
  let runs = 0;
  let spentMs = 0;
  while (spentMs < 200 || runs < 10) {
    compress(body);
    runs += 1;
    const { user, system } = process.cpuUsage(started);
    spentMs = (user + system) / 1000;
  }
  return spentMs / runs;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * @param {object} options
 * @param {string} options.base        the API's address
 * @param {string} options.token       an access token that reads the lists
 * @param {{ name: string, url: string }[]} options.lists  calls under /api/v1/ whose answers are measured
 * @param {number} options.seconds     per load measurement
 * @param {number} options.connections concurrent connections of the load
 * @returns the figures, for BENCH_JSON
 */
export async function measureCompression({ base, token, lists, seconds, connections }) {
  const { default: autocannon } = await import('autocannon');
  const results = [];
  console.log(
    '\n## Compressing a list (bytes and CPU per answer at each level; requests/s with and without)',
  );
  for (const list of lists) {
    const url = `${base}/api/v1/${list.url}`;
    const response = await fetch(url, { headers: { authorization: token, 'accept-encoding': 'identity' } });
    if (!response.ok) throw new Error(`${list.name}: ${response.status} ${await response.text()}`);
    const body = Buffer.from(await response.arrayBuffer());
    const rows = JSON.parse(body.toString('utf8')).data?.list?.length;
    console.log(`\n${list.name}: ${kb(body.length)} of JSON${rows === undefined ? '' : `, ${rows} rows`}`);
    const levels = encodings.map(({ name, compress }) => {
      const bytes = compress(body).length;
      const cpuMs = cpuMsPerCompression(compress, body);
      console.log(
        `  ${name.padEnd(10)} ${kb(bytes).padStart(9)} (${((100 * bytes) / body.length).toFixed(1).padStart(4)} %)` +
          `  ${cpuMs.toFixed(3).padStart(7)} ms CPU`,
      );
      return { name, bytes, cpuMs };
    });
    const load = async (headers) => {
      const result = await autocannon({
        url,
        connections,
        duration: seconds,
        headers: { authorization: token, ...headers },
      });
      return { rps: result.requests.average, failed: result.non2xx + result.errors + result.timeouts };
    };
    const plain = await load({ 'accept-encoding': 'identity' });
    const compressed = await load({ 'accept-encoding': 'br, gzip' });
    const note = ({ failed }) => (failed > 0 ? ` (${failed} failed)` : '');
    console.log(
      `  requests/s at ${connections} connections: ${plain.rps.toFixed(0)} as it is${note(plain)}, ` +
        `${compressed.rps.toFixed(0)} compressed by the server${note(compressed)}`,
    );
    results.push({ name: list.name, jsonBytes: body.length, rows, levels, plain, compressed });
  }
  return results;
}

/** Run on its own: the built API on a fresh PGlite with the demo, and the demo's longest lists. */
async function standalone() {
  const { ensureBuilt, ensureInstalled } = await import('../scripts/lib.mjs');
  ensureInstalled();
  if (!process.argv.includes('--no-build')) ensureBuilt();
  const secondsArg = process.argv.indexOf('--seconds');
  const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
  const running = await startConsole();
  try {
    const base = running.url;
    const call = async (route, init = {}) => {
      const response = await fetch(`${base}/api/v1/${route}`, init);
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return (await response.json()).data;
    };
    const { accessToken: token } = await call('authentication/web-app-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@harbourvine.example', password: 'Demo-pass-2026' }),
    });
    const sites = await call('site-panel/simple-list', { headers: { authorization: token } });
    const brighton = sites.find((site) => site.name.includes('Brighton'))._id;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await measureCompression({
      base,
      token,
      seconds,
      connections: 10,
      lists: [
        {
          name: 'temperature logs, 100 rows',
          url: `temperature-logs/web-app-list-for-web?siteID=${brighton}&startDate=${monthAgo}&endDate=${today}&limit=100`,
        },
        {
          name: "the day's tasks",
          url: `master-task/web-app-list?siteID=${brighton}&taskListDate=${today}&sort=expireOn&limit=100`,
        },
        { name: 'staff, one site', url: `staff-people/web-app-list?siteID=${brighton}&limit=100` },
      ],
    });
  } finally {
    await running.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await standalone();
