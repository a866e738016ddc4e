import argon2 from 'argon2';

export interface PasswordHashCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended memory-hard setting. */
export const productionHashCost: PasswordHashCost = { memoryCost: 65_536, timeCost: 3 };

let cost: PasswordHashCost = productionHashCost;

/**
 * Sets the cost of new hashes for this process (config PASSWORD_HASH_MEMORY_KIB / PASSWORD_HASH_TIME_COST).
 * Only the tests lower it, to seed dozens of accounts per file in milliseconds; existing hashes carry their
 * own parameters, so verifying is unaffected.
 */
export function setPasswordHashCost(next: PasswordHashCost) {
  cost = next;
}

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, { type: argon2.argon2id, ...cost });

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    // Spend the same time as a real check, so a missing password cannot be told apart by timing.
    await hashPassword(password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
