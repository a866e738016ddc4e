import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { fromDatabase } from './error-handler.js';

// Foreign-key violations and lost races come from the database itself (PGlite and PostgreSQL word them
// alike); whatever route meets one, the client gets a clear 400 or 409, never a 500.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function failure(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await ctx.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

test('a reference to a record that does not exist is a 400', async () => {
  const error = await failure(
    sql`insert into site_members (site_id, user_id, created_at) values (${'0190a000-0000-7000-8000-00000000dead'}, ${ctx.demo.siteAdmin.id}, now())`,
  );
  expect(fromDatabase(error)).toEqual({
    status: 400,
    message: 'A referenced record does not exist',
    code: 'VALIDATION_ERROR',
  });
});

test('removing a record others still refer to is a 409', async () => {
  const error = await failure(sql`delete from sites where id = ${ctx.demo.sites.brighton.id}`);
  expect(fromDatabase(error)).toEqual({
    status: 409,
    message: 'Other records still refer to this one',
    code: 'CONFLICT',
  });
});

test('a deadlock or a serialisation failure is a 503 to send again, saying nothing was saved', async () => {
  // PostgreSQL ends one of two transactions that wait for each other's rows; raised here by its code, as
  // PGlite's one connection cannot deadlock.
  for (const code of ['deadlock_detected', 'serialization_failure']) {
    const error = await failure(
      sql.raw(`do $$ begin raise exception 'stand-in' using errcode = '${code}'; end $$`),
    );
    expect(fromDatabase(error)).toEqual({
      status: 503,
      message: 'The same records were being changed at that moment: nothing was saved, send it again',
      code: 'SERVER_BUSY',
      headers: { 'retry-after': '1' },
    });
  }
});
