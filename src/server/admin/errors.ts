/** A mistake in an operator's command line: printed as it is, exit status 1. */
export class AdminError extends Error {}
