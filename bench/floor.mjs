// The floor beside the API in bench/api.mjs: bench/floor-server.mjs started on the bench's database, its CPU
// time and requests served read around a measurement, and the check that its answers are the API's (the
// same shape, the same records in the same order), so that the floor cannot drift from what it stands for.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../scripts/lib.mjs';
import { fetchRetried } from './postgres-api.mjs';

/** Starts the floor on the database at `databaseUrl`, verifying tokens with the keys of the API at `apiUrl`. */
export async function startFloor(databaseUrl, apiUrl) {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'floor-server.mjs')], {
    env: {
      ...process.env,
      FLOOR_DATABASE_URL: databaseUrl,
      FLOOR_JWKS_URL: `${apiUrl}/.well-known/jwks.json`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor stopped at start (exit ${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line).port));
  });
  // Anything it prints later (an error it answered 500 for) goes to the bench's output.
  lines.on('line', (line) => console.log(`floor: ${line}`));
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function stopFloor(floor) {
  if (floor.child.exitCode !== null) return;
  floor.child.kill('SIGTERM');
  await new Promise((resolve) => floor.child.once('exit', resolve));
}

/** The floor's CPU seconds and the requests it has answered so far. */
export async function floorUsage(floor) {
  return fetchRetried(`${floor.url}/floor/usage`).then((reply) => reply.json());
}

const kindOf = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where two answers differ in shape (an object's member names, a value's kind, a list's length) or in the
 * records they hold (`_id` values, in order), as one sentence; undefined when they agree. `sameRecords`
 * false compares shapes alone (two completions, of two tasks), a null against a value being one of theirs.
 */
export function answerDifference(api, floor, { sameRecords = true } = {}) {
  const walk = (a, b, at) => {
    const kind = kindOf(a);
    // Two records (`sameRecords` false) may differ in a field one holds and the other leaves null (a task
    // due in a slot and one due at a time): a value of theirs, not the answer's shape.
    if (!sameRecords && (a === null || b === null)) return undefined;
    if (kind !== kindOf(b))
      return `${at || 'the answer'} is ${kind} from the API, ${kindOf(b)} from the floor`;
    if (kind === 'array') {
      if (a.length !== b.length)
        return `${at} holds ${a.length} entries from the API, ${b.length} from the floor`;
      for (let n = 0; n < a.length; n += 1) {
        const found = walk(a[n], b[n], `${at}[${n}]`);
        if (found) return found;
      }
      return undefined;
    }
    if (kind !== 'object') {
      if (sameRecords && at.endsWith('._id') && a !== b)
        return `${at} is ${a} from the API, ${b} from the floor`;
      return undefined;
    }
    const names = (value) => Object.keys(value).sort();
    const [aNames, bNames] = [names(a), names(b)];
    const onlyApi = aNames.filter((name) => !(name in b));
    const onlyFloor = bNames.filter((name) => !(name in a));
    if (onlyApi.length || onlyFloor.length) {
      return (
        `${at || 'the answer'} has ${onlyApi.length ? `${onlyApi.join(', ')} only from the API` : ''}` +
        `${onlyApi.length && onlyFloor.length ? ' and ' : ''}` +
        `${onlyFloor.length ? `${onlyFloor.join(', ')} only from the floor` : ''}`
      );
    }
    for (const name of aNames) {
      const found = walk(a[name], b[name], `${at}.${name}`);
      if (found) return found;
    }
    return undefined;
  };
  return walk(api, floor, '');
}

/**
 * The places where two answers of the same shape hold different values, for the reader (a time of the
 * request, a name sorted by another collation): how many, and the first few.
 */
export function valueDifferences(api, floor) {
  const found = [];
  const walk = (a, b, at) => {
    if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
      for (const name of Object.keys(a))
        walk(a[name], b?.[name], Array.isArray(a) ? `${at}[${name}]` : `${at}.${name}`);
      return;
    }
    if (a !== b) found.push(`${at}: ${JSON.stringify(a)} / ${JSON.stringify(b)}`);
  };
  walk(api, floor, '');
  return found;
}

/**
 * Checks the history chain of organisation `orgId` from `fromPosition` on, as the API's record check does:
 * each entry follows the one before (its position, its predecessor's hash) and its content matches its hash.
 * The staff sync's ticks and completions write these entries through the API and through the floor alike.
 */
export async function checkChainTail(databaseUrl, orgId, fromPosition) {
  const { entryHash } = await import('../api/dist/platform/history/history.js');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select * from record_history where org_id = $1 and position >= $2 order by position`,
      [orgId, fromPosition],
    );
    let previous = null;
    for (const row of rows) {
      const entry = {
        orgId: row.org_id,
        siteId: row.site_id,
        subject: row.subject,
        recordId: row.record_id,
        action: row.action,
        changes: row.changes,
        reason: row.reason,
        actorId: row.actor_id,
        actorName: row.actor_name,
        at: row.at,
        position: row.position,
        previousHash: row.previous_hash,
      };
      if (previous && (row.position !== previous.position + 1 || row.previous_hash !== previous.hash))
        return {
          entries: rows.length,
          problem: `entry ${row.position} does not follow entry ${previous.position}`,
        };
      if (entryHash(entry) !== row.hash)
        return { entries: rows.length, problem: `entry ${row.position} does not match its hash` };
      previous = row;
    }
    return { entries: rows.length, problem: undefined };
  } finally {
    await client.end();
  }
}
