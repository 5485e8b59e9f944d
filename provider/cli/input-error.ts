/**
 * Input the command-line tools cannot read (not a preview's or a plan's JSON, a name that is not
 * one): told as it is, without a stack trace, for the user to fix. Its own file: the preview's
 * reader and the policy reader both throw it, and neither imports the other for it.
 */
export class InputError extends Error {}
