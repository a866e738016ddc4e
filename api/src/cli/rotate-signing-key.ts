/**
 * Rotates the keys access tokens are signed with: a new Ed25519 key signs from now on, and the one it
 * replaces still verifies the tokens it signed until they have all expired (an access token's lifetime and
 * a minute), after which a later rotation drops it. Services reading /.well-known/jwks.json see both.
 *
 *   npm run rotate-signing-key --workspace @console/api [-- --stage]
 *
 * It uses the server's configuration. The key set in a file (DATA_DIR/jwt-signing-keys.json, or
 * JWT_SIGNING_KEYS_FILE) is rewritten in place, and running servers take the change within a second. A set
 * given in JWT_SIGNING_KEYS cannot be rewritten from here: the rotated set is printed, to be set in its
 * place on every instance.
 *
 * `--stage` adds the new key without letting it sign, for instances that read their keys only at start
 * (JWT_SIGNING_KEYS): set the staged set everywhere first, then rotate again (which promotes the staged
 * key) and set that, and no instance ever meets a token signed with a key it does not know.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config/config.js';
import { keySetLocation, rotateSigningKeys } from '../platform/auth/signing-keys.js';

async function main() {
  const { values } = parseArgs({ options: { stage: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const now = new Date();
  const location = keySetLocation(config);
  const rotation = await rotateSigningKeys(config, now, { stage: values.stage });
  const kept = rotation.set.keys.length;
  const dropped =
    rotation.dropped.length > 0 ? `; dropped ${rotation.dropped.join(', ')} (past their overlap)` : '';
  const what = values.stage
    ? `Staged key ${rotation.kid}: published, not signing yet. Rotate again once every instance has it.`
    : `Key ${rotation.kid} signs access tokens from now on.`;
  if (location.kind === 'setting') {
    // The set holds private keys: it goes to stdout alone, to be piped into a secret store, not into a log.
    console.error(`${what} The set holds ${kept} key(s)${dropped}.`);
    console.error('Set JWT_SIGNING_KEYS to the set below on every instance:');
    console.log(JSON.stringify(rotation.set));
    return;
  }
  console.log(`${what} ${rotation.file} holds ${kept} key(s)${dropped}.`);
  if (!location.configured && config.jwtSecret !== undefined) {
    console.log(
      'Other instances with their own DATA_DIR keep their own key set: with several instances, share one ' +
        'with JWT_SIGNING_KEYS_FILE or JWT_SIGNING_KEYS.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
