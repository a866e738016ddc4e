import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Level } from 'pino';
import { Readiness, startingListener } from './platform/start-up/readiness.js';

// The process listens before anything else, so an orchestrator sees it alive within a second on any
// database: `/health` answers at once, `/ready` says what is still being done, and every other request is
// asked to come back (503, Retry-After) until the app is built on the opened database. Only what listening
// needs is loaded first; the app's modules (seconds of loading on a busy machine) come after (serve.ts).

const levels: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * PORT and HOST as the configuration reads them (platform/config/config.ts, which checks every setting and
 * says what is wrong), read here without loading it; undefined when they are not valid.
 */
function listenAddress(env: NodeJS.ProcessEnv): { port: number; host: string } | undefined {
  // As zod's coerce and default read them there: Number() of what is set, the default only when unset.
  const port = env.PORT === undefined ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return undefined;
  return { port, host: env.HOST ?? '0.0.0.0' };
}

/** The address a listening server answers on, as a URL (an IPv6 host in brackets). */
function addressOf(server: http.Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

async function main() {
  const address = listenAddress(process.env);
  if (!address) {
    // The configuration's own check says what is wrong.
    (await import('./platform/config/config.js')).loadConfig();
    throw new Error(`Invalid configuration: PORT: ${process.env.PORT}`);
  }
  const level = process.env.LOG_LEVEL;
  const log = pino({
    // Until the configuration is read (serve.ts sets its level).
    level: level && levels.includes(level) ? (level as Level | 'silent') : 'info',
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });
  const readiness = new Readiness();
  const loading = readiness.begin('loading the server');
  let answer: http.RequestListener = startingListener(readiness);
  const server = http.createServer((request, response) => answer(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info(`listening at ${addressOf(server)}`);
  const { serve } = await import('./serve.js');
  await serve({
    server,
    answerWith: (listener) => {
      answer = listener;
    },
    log,
    readiness,
    loading,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
