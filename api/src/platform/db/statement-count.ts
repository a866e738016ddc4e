import type { Logger } from 'drizzle-orm';

/**
 * Every SQL statement this process has sent through drizzle (transactions' begin and commit included), for
 * the metrics endpoint: the benchmark divides its growth by the requests served to get statements per
 * request. A drizzle logger, so no driver is patched; the background queue's own connection is not counted.
 */
export const statementCount = { total: 0 };

export const countingLogger: Logger = {
  logQuery() {
    statementCount.total += 1;
  },
};
