import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { fieldError } from '../http/errors.js';

/**
 * zxcvbn's score 0–4; 3 ("safely unguessable: moderate protection from offline slow-hash attacks") is the
 * lowest it recommends for accounts. "12345678", "password" and names or words with a digit score 0–2.
 */
export const minimumPasswordScore = 3;

// Built once: the dictionaries are large (which is also why this check lives on the server only).
const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

/**
 * Refuses a common or guessable password with zxcvbn's own explanation as the field error. `userInputs` are
 * words the password must not lean on (the user's e-mail and names).
 */
export function assertStrongPassword(password: string, field: string, userInputs: readonly string[] = []) {
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  const result = zxcvbn.check(password, words);
  if (result.score >= minimumPasswordScore) return;
  const reason = result.feedback.warning ?? 'This password is too easy to guess.';
  const suggestion = result.feedback.suggestions[0] ?? 'Add another word or two; uncommon words are better.';
  throw fieldError(field, `${reason} ${suggestion}`.replace(/\s+/g, ' ').trim());
}
