import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended memory-hard setting. */
export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    // Spend the same time as a real check, so a missing password cannot be told apart by timing.
    await argon2.hash(password, { type: argon2.argon2id });
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
