/**
 * Creates a platform admin (role ADMIN, no organisation): the first account of a production install, whose
 * database is not seeded with the demo. The password is read from CONSOLE_ADMIN_PASSWORD, or asked for
 * (twice, not echoed) when run in a terminal; it must pass the same strength rule as every other password.
 *
 *   npm run create-admin --workspace api -- --email you@example.com [--first-name Ada] [--last-name Lovelace]
 *
 * It uses the server's configuration (DATABASE_URL, or the embedded database in DATA_DIR, which must not be
 * in use by a running server).
 */
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@console/shared-sdk/contract';
import { assertStrongPassword } from '../platform/auth/password-strength.js';
import { loadConfig } from '../platform/config/config.js';
import { openDatabase } from '../platform/db/client.js';
import { HttpError } from '../platform/http/errors.js';
import { setPasswordHashCost } from '../platform/auth/passwords.js';
import { findLiveUserByEmail, insertUser } from '../platform/auth/users/repository.js';

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') {
            stdin.off('data', onData);
            stdout.write('\n');
            resolve(typed);
            return;
          }
          if (char === '\u0003') {
            stdin.off('data', onData);
            reject(new Error('Cancelled'));
            return;
          }
          typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

async function readPassword(): Promise<string> {
  const fromEnvironment = process.env.CONSOLE_ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (!process.stdin.isTTY) {
    throw new Error('Set CONSOLE_ADMIN_PASSWORD, or run this in a terminal to be asked for the password.');
  }
  const first = await askHidden('Password for the new platform admin: ');
  const second = await askHidden('The same password again: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

/** The first message of a validation failure, for the terminal. */
function reason(error: unknown): string {
  if (error instanceof HttpError) return Object.values(error.fieldErrors ?? {})[0]?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string', default: 'Platform' },
      'last-name': { type: 'string', default: 'Admin' },
    },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) throw new Error("Give the admin's e-mail address: --email you@example.com");
  const firstName = values['first-name'];
  const lastName = values['last-name'];

  const password = await readPassword();
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'The password is not valid.');
  assertStrongPassword(password, 'password', [email.data, firstName, lastName]);

  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    if (await findLiveUserByEmail(database.db, email.data)) {
      throw new Error(`An account with the e-mail address ${email.data} already exists.`);
    }
    const admin = await insertUser(
      database.db,
      {
        orgId: null,
        email: email.data,
        firstName,
        lastName,
        role: 'ADMIN',
        password,
      },
      new Date(),
    );
    console.log(`Created the platform admin ${admin.email} (${admin.id}). Sign in on the web console.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(reason(error));
  process.exit(1);
});
