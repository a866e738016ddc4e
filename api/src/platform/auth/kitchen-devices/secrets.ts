import { randomBytes, randomInt } from 'node:crypto';
import { hashToken } from '../tokens.js';

// A kitchen tablet's two secrets. The enrolment code is typed on a tablet, so it is short: 8 digits from
// the system's random source, valid an hour, usable once, and only guessable at the enrolment call's rate
// limit. The device secret the code is traded for is long (32 random bytes) and lives on the tablet. Only
// the SHA-256 of either is kept: both are random, so no slow hash is needed, and each is found by one index
// read.

const codeDigits = 8;
/** What every device secret starts with, so one pasted somewhere is recognisable. */
const secretPrefix = 'kd_';

/** 8 digits, e.g. "48219375" (shown as "4821-9375"). */
export const newEnrolmentCode = () => String(randomInt(0, 10 ** codeDigits)).padStart(codeDigits, '0');

export const newDeviceSecret = () => `${secretPrefix}${randomBytes(32).toString('base64url')}`;

/** The hash an enrolment code or a device secret is kept and looked up by. */
export const hashDeviceSecret = (secret: string) => hashToken(secret);
