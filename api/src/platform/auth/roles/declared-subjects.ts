import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { subjects } from '@console/shared-sdk/ability';
import { type declaredSubjectSchema, remoteSubjectsSchema } from '@console/shared-sdk/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import { declaredSubjects } from '../../db/schema.js';
import type { RemotesMap, WebLayout } from '../../web/web.js';

// The subjects the registered remotes bring (their remote.json's `subjects`), learnt into declared_subjects
// when the app starts, so every instance builds its people's rules from the same rows. Learning runs in
// the background: a remote that cannot be read delays nothing and is tried again every minute until it is.
// A row is written only when it changes, since each write makes every instance forget its sessions.

/** How long a remote's description may take to arrive. */
const readTimeoutMs = 5_000;
/** How often a remote that could not be read is tried again. */
export const learnAgainMs = 60_000;

const builtIn = new Set<string>(subjects);

/** A subject a remote declared that was not taken, and why. */
export interface RefusedSubject {
  remote: string;
  name: string;
  reason: string;
}

/** What one pass over the remotes found. */
export interface LearningReport {
  /** Subjects now held as their remotes declared them (written or already so). */
  learnt: string[];
  refused: RefusedSubject[];
  /** Remotes whose description could not be read, and why: each is tried again after `learnAgainMs`. */
  unread: { remote: string; reason: string }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The remotes' subjects being learnt; tests await `ready`. */
    declaredSubjects: DeclaredSubjectsLearning;
  }
}

export interface DeclaredSubjectsLearning {
  /** Settles with the first pass over every remote (read or not); never rejects. */
  ready: Promise<LearningReport>;
  /** Stops trying again, and waits for a pass under way. */
  close: () => Promise<void>;
}

export interface LearningOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** name → manifest URL, as /remotes.json lists them. */
  remotes: RemotesMap;
  /** The remotes served from this machine's disk, whose description is read beside their manifest. */
  served: WebLayout['remotes'];
  /** The console's own address, against which a relative manifest URL of a remote not served here resolves. */
  publicUrl?: string | undefined;
}

/** Where a remote's description is: a file of a remote served here, or a URL beside its manifest. */
type Source = { file: string } | { url: URL };

function sourceOf(name: string, manifest: string, options: LearningOptions): Source | { refused: string } {
  const served = options.served.find((remote) => remote.name === name);
  if (served && manifest === `/remotes/${name}/mf-manifest.json`) {
    return { file: path.join(served.dir, 'remote.json') };
  }
  let url: URL;
  try {
    url = new URL('remote.json', new URL(manifest, options.publicUrl));
  } catch {
    return { refused: `its manifest URL ${manifest} is not an absolute address` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { refused: `its manifest URL ${manifest} is not http or https` };
  }
  return { url };
}

async function readSource(source: Source): Promise<unknown> {
  if ('file' in source) return JSON.parse(await fs.readFile(source.file, 'utf8'));
  const response = await fetch(source.url, { signal: AbortSignal.timeout(readTimeoutMs) });
  if (!response.ok) throw new Error(`${source.url.href} answered ${response.status}`);
  return response.json();
}

/**
 * Holds one declared subject as its remote declares it. A subject another remote holds keeps that remote's
 * claim (the update's WHERE); one that is already as declared is not written again (its IS DISTINCT FROM).
 */
async function upsertSubject(
  options: LearningOptions,
  remote: string,
  subject: z.infer<typeof declaredSubjectSchema>,
): Promise<string | null> {
  const { db } = options;
  const values = {
    name: subject.name,
    remote,
    title: subject.title,
    siteScoped: subject.siteScoped ?? false,
    defaults: subject.defaults,
    learntAt: options.clock.now(),
  };
  await db
    .insert(declaredSubjects)
    .values(values)
    .onConflictDoUpdate({
      target: declaredSubjects.name,
      set: {
        title: sql`excluded.title`,
        siteScoped: sql`excluded.site_scoped`,
        defaults: sql`excluded.defaults`,
        learntAt: sql`excluded.learnt_at`,
      },
      setWhere: sql`${declaredSubjects.remote} = excluded.remote and (
        ${declaredSubjects.title}, ${declaredSubjects.siteScoped}, ${declaredSubjects.defaults}
      ) is distinct from (excluded.title, excluded.site_scoped, excluded.defaults)`,
    });
  const [held] = await db
    .select({ remote: declaredSubjects.remote })
    .from(declaredSubjects)
    .where(eq(declaredSubjects.name, subject.name));
  return held && held.remote !== remote ? `the remote ${held.remote} already declared it` : null;
}

/** Reads one remote and holds its subjects; throws when its description cannot be read. */
async function learnRemote(
  options: LearningOptions,
  name: string,
  source: Source,
  report: LearningReport,
): Promise<void> {
  // Only the subjects are the API's business; the shell checks the rest of the description.
  const parsed = remoteSubjectsSchema.safeParse(await readSource(source));
  if (!parsed.success)
    throw new Error(
      `its remote.json does not declare subjects as a remote's description does: ${parsed.error.message}`,
    );
  for (const subject of parsed.data.subjects ?? []) {
    const refusal = builtIn.has(subject.name)
      ? 'the console has a subject of that name, which a remote cannot widen'
      : await upsertSubject(options, name, subject);
    if (refusal === null) {
      report.learnt.push(subject.name);
    } else {
      report.refused.push({ remote: name, name: subject.name, reason: refusal });
      options.log.warn({ remote: name, subject: subject.name }, `a remote's subject was refused: ${refusal}`);
    }
  }
}

/**
 * Starts learning the remotes' subjects in the background: a first pass over every remote at once, then,
 * every `learnAgainMs`, the remotes that could not be read.
 */
export function learnDeclaredSubjects(options: LearningOptions): DeclaredSubjectsLearning {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const pass = async (names: readonly string[]): Promise<LearningReport> => {
    const report: LearningReport = { learnt: [], refused: [], unread: [] };
    for (const name of names) {
      const manifest = options.remotes[name];
      if (manifest === undefined || closed) continue;
      const source = sourceOf(name, manifest, options);
      if ('refused' in source) {
        options.log.warn({ remote: name }, `a remote's subjects cannot be learnt: ${source.refused}`);
        continue;
      }
      try {
        await learnRemote(options, name, source, report);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        report.unread.push({ remote: name, reason });
        options.log.warn(
          { remote: name, err: error },
          `a remote's description could not be read; trying again in ${learnAgainMs / 1000} s`,
        );
      }
    }
    return report;
  };

  const again = (report: LearningReport) => {
    if (closed || report.unread.length === 0) return;
    timer = setTimeout(() => {
      const next = pass(report.unread.map((unread) => unread.remote)).then(again, (error: unknown) =>
        options.log.error({ err: error }, 'learning the remotes’ subjects failed'),
      );
      running = next;
    }, learnAgainMs);
    timer.unref();
  };

  const ready = pass(Object.keys(options.remotes)).then(
    (report) => {
      again(report);
      return report;
    },
    (error: unknown) => {
      options.log.error({ err: error }, 'learning the remotes’ subjects failed');
      return { learnt: [], refused: [], unread: [] };
    },
  );
  running = ready;

  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
