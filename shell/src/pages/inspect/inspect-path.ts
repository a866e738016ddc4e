/**
 * The public page an inspector link opens: the contract's `inspectorPagePath`, followed by the link's token.
 * Written out here because the shell's routes are in every visit's download, and importing the constant
 * would bring the links' contract (its zod schemas) with it; the page's test checks the two agree.
 */
export const inspectPath = '/inspect';

/** The route of the page, the token as its one parameter. */
export const inspectRoute = `${inspectPath}/:token`;
