import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../http/errors.js';
import { markApiKeyUsed, usedEveryMs } from './repository.js';

// What every call made with an API key costs beside its own work: a count against the key's limit per
// minute, and a note of when, from where and with what the key was last used, which the console lists.

/** The longest program name kept of a key's last use. */
const userAgentMax = 500;
const minuteMs = 60_000;

/**
 * Registers the per-key limit and the last-use note for every route registered after it. The limit is
 * @fastify/rate-limit's, counted per key (its id) in this instance's memory: calls without a key are not
 * counted. It runs after the route's authentication, which moves to onRequest as the route is registered
 * (guard.ts registerAuthFirst), so it knows the key.
 */
export async function registerApiKeyCalls(app: FastifyInstance, perMinute: number) {
  // When this instance last noted each key's use: most calls then cost no statement at all.
  const noted = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const key = request.auth?.apiKey;
    if (!key) return;
    const at = app.deps.clock.now();
    const last = noted.get(key.id);
    if (last !== undefined && at.getTime() - last < usedEveryMs) return;
    noted.set(key.id, at.getTime());
    const agent = request.headers['user-agent'];
    const use = { at, ip: request.ip, userAgent: agent ? agent.slice(0, userAgentMax) : null };
    // After the reply has gone: a busy integration's calls never wait for the note.
    app.afterReply.run(reply, 'noting an API key’s use', () => markApiKeyUsed(app.deps.db, key.id, use));
  });
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: minuteMs,
    hook: 'onRequest',
    keyGenerator: (request) => request.auth?.apiKey?.id ?? '',
    allowList: (request) => !request.auth?.apiKey,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(
        `This API key made more than ${context.max} calls in a minute. Try again in ${seconds} second(s).`,
        seconds,
      );
    },
  });
}
