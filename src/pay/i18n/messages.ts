import { pay as english } from '../../../locales/en.json';

/**
 * The payer pages' texts: the `pay` subtree of the catalogues only. Importing the one top-level
 * key lets the bundler drop the rest of `en.json` (the portal's thousands of labels); Arabic is a
 * separate chunk that only Arabic visitors download.
 */

export type Messages = typeof english;

/** Dotted keys of every message, e.g. `card.number`: a mistyped key fails the type check. */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MessageKey = Keys<Messages>;

export { english };
