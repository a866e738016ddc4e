import { createHmac, randomBytes } from 'node:crypto';

// How a receiver knows a delivery came from this console and was not replayed: the body is signed with the
// webhook's secret together with the time it was sent, and the receiver refuses an old time. The recipe is
// documented for integrators in the OpenAPI description of /webhook and in the README; keep the three in step.

/** Headers of every delivery. */
export const webhookHeaders = {
  timestamp: 'X-Console-Timestamp',
  signature: 'X-Console-Signature',
  delivery: 'X-Console-Delivery',
  event: 'X-Console-Event',
} as const;

/** A new secret: 32 random bytes, recognisable by its prefix (as in logs or a leaked config). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What a list shows of a secret: enough to tell which one a receiver holds, too little to sign with. */
export function secretPrefixOf(secret: string): string {
  return `${secret.slice(0, 12)}…`;
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>" under the secret>`; the secret is the key as shown. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `v1=${mac}`;
}

/** The recipe integrators are given, as it appears in the OpenAPI description and the README. */
export const verificationRecipe = `Every delivery is a POST with a JSON body and these headers:

- \`X-Console-Timestamp\`: when it was sent, in Unix seconds;
- \`X-Console-Signature\`: \`v1=\` and the hex HMAC-SHA256 of \`<timestamp>.<raw body>\`, keyed with the
  webhook's secret exactly as shown when it was created (including \`whsec_\`);
- \`X-Console-Delivery\`: the delivery's id, the same on every retry: ignore one you have already handled;
- \`X-Console-Event\`: the event's kind (\`TEST\` for a test call).

The body is JSON: the delivery's \`id\`, the event's \`type\` (its kind), \`occurredAt\`, \`organisation\`, \`site\`
(null for the organisation's own), \`groupId\`, \`title\`, \`text\`, \`record\` (its subject, id and address in the
console) and \`details\`. \`groupId\` names the event's group: events of one kind at one site within the
grouping window (5 minutes unless the server says otherwise) share the id of the group's first event. Each
event is still delivered on its own; a receiver may fold a group into one message.

Answer 2xx within 10 seconds. Anything else, or no answer, is retried after 30 s, 2 min, 8 min, 30 min and
2 h; after 6 attempts the delivery is marked failed. Redirects are not followed.

To verify one in Node (compute over the raw body, before any JSON parsing):

\`\`\`js
const crypto = require('node:crypto');

function verify(secret, headers, rawBody) {
  const timestamp = Number(headers['x-console-timestamp']);
  // Refuse old (replayed) deliveries: older than 5 minutes.
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = 'v1=' + crypto.createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');
  const given = String(headers['x-console-signature'] ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
\`\`\`

Slack and Teams: paste an incoming webhook's URL; they show the body's \`text\` field and ignore the rest.`;
