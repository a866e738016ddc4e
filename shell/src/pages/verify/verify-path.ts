/**
 * The public page where anyone checks an inspection pack: the contract's `packVerifyPath`, which every pack
 * prints. Written out here because the shell's routes and the sign-in page are in every visit's download,
 * and importing the constant would bring the pack's contract (its zod schemas) with it; the page's test
 * checks the two agree.
 */
export const verifyPath = '/verify';
