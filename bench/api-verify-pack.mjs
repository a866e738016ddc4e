// The public pack check under a flood: `clients` clients, each from an address of its own, upload a pack of
// 32 MiB (the most the check takes) to POST /report/verify-pack at once; a client answered 503 tries again
// after the Retry-After it was given, until its pack is checked. Meanwhile one client asks GET /health again
// and again, from a thread of its own so that the uploads' writing does not delay its clock; the server's
// resident memory is sampled throughout. Prints /health's p50, p99 and slowest answer (goal: p99 under
// 100 ms), the server's memory before and at its highest, the answers, and how long the flood lasted.
// `npm run bench:api` calls it on its PostgreSQL load; on its own,
// `node bench/api-verify-pack.mjs [--clients N] [--no-build]` starts the built API on an embedded PGlite
// (VERIFY_PACK_CONCURRENCY from the environment, as the server reads it). It prints; it asserts nothing.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { startConsole } from './console-server.mjs';

const MiB = 1024 * 1024;
/** The check's own limit (shared-sdk's packVerifyMaxBytes). */
const packBytes = 32 * MiB;
const boundary = '----bench-verify-pack';
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pack.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n',
);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const piece = Buffer.alloc(64 * 1024, 0x25);

/** One upload of a 32 MiB pack, written in 64 KiB pieces as the connection takes them. */
function upload(url, address) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + packBytes + tail.length),
        'x-forwarded-for': address,
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode, retryAfter: Number(response.headers['retry-after'] ?? 1) }),
      );
    });
    let written = 0;
    const writeMore = () => {
      while (written < packBytes) {
        const part = piece.subarray(0, Math.min(piece.length, packBytes - written));
        written += part.length;
        if (!request.write(part)) {
          request.once('drain', writeMore);
          return;
        }
      }
      request.end(tail);
    };
    request.write(head);
    writeMore();
  });
}

// GET /health one after another until told to stop; posts each answer's milliseconds.
const healthProbe = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let running = true;
parentPort.on('message', () => (running = false));
(async () => {
  const times = [];
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  parentPort.postMessage(times);
})();
`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The flood and what it cost. `residentMiB()`: the server's resident memory in MiB now (from /proc, or its
 * /metrics).
 */
export async function measureVerifyPack({ base, residentMiB, clients = 16 }) {
  const url = `${base}/api/v1/report/verify-pack`;
  const rssBefore = await residentMiB();
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await residentMiB());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const probe = new Worker(healthProbe, { eval: true, workerData: { url: `${base}/health` } });
  const healthTimes = new Promise((resolve) => probe.once('message', resolve));

  const answers = { checked: 0, busy: 0, other: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const address = `198.18.${Math.floor(client / 250)}.${(client % 250) + 1}`;
      for (;;) {
        const { status, retryAfter } = await upload(url, address);
        if (status === 503) {
          answers.busy += 1;
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          continue;
        }
        if (status === 200) answers.checked += 1;
        else answers.other += 1;
        return;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  probe.postMessage('stop');
  const times = (await healthTimes).sort((a, b) => a - b);
  await probe.terminate();
  sampling = false;
  await sampler;

  const result = {
    clients,
    packMiB: packBytes / MiB,
    seconds: Number(seconds.toFixed(1)),
    answers,
    health: {
      requests: times.length,
      p50Ms: Number(percentile(times, 50).toFixed(1)),
      p99Ms: Number(percentile(times, 99).toFixed(1)),
      maxMs: Number(times.at(-1).toFixed(1)),
      over100Ms: times.filter((ms) => ms > 100).length,
    },
    rssMiB: { before: Math.round(rssBefore), peak: Math.round(rssPeak) },
  };
  console.log(
    `\nPOST /report/verify-pack flooded: ${clients} clients × ${result.packMiB} MiB at once, each retrying ` +
      `after its 503 until checked: ${answers.checked} checked, ${answers.busy} answered 503 on the way` +
      `${answers.other ? `, ${answers.other} other` : ''}, ${result.seconds} s in all`,
  );
  console.log(
    `  GET /health meanwhile (${times.length} one after another): p50 ${result.health.p50Ms} ms, ` +
      `p99 ${result.health.p99Ms} ms (goal under 100), ${result.health.over100Ms} over 100 ms, slowest ` +
      `${result.health.maxMs} ms`,
  );
  console.log(`  server RSS ${result.rssMiB.before} MiB before, ${result.rssMiB.peak} MiB at most during`);
  return result;
}

/** Run on its own: the built API on a fresh PGlite, its memory read from /metrics. */
async function standalone() {
  const { ensureBuilt, ensureInstalled } = await import('../scripts/lib.mjs');
  ensureInstalled();
  if (!process.argv.includes('--no-build')) ensureBuilt();
  const clientsArg = process.argv.indexOf('--clients');
  const clients = clientsArg > 0 ? Number(process.argv[clientsArg + 1]) : 16;
  const metricsToken = `bench-metrics-${process.pid}-${Date.now()}`;
  // The server started below inherits these: its memory is read from /metrics, and each client's address
  // is its own (as behind a load balancer), so the per-address limit is not what is measured.
  process.env.METRICS_TOKEN = metricsToken;
  process.env.TRUST_PROXY = 'true';
  process.env.SEED_DEMO = 'false';
  const running = await startConsole();
  try {
    const residentMiB = async () => {
      const text = await fetch(`${running.url}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      }).then((response) => response.text());
      return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0) / MiB;
    };
    console.log(`VERIFY_PACK_CONCURRENCY=${process.env.VERIFY_PACK_CONCURRENCY ?? '(default)'}`);
    await measureVerifyPack({ base: running.url, residentMiB, clients });
  } finally {
    await running.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await standalone();
