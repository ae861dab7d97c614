/** stylis ships no type declarations; the portal uses only its vendor prefixer plugin. */
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';

  export const prefixer: StylisPlugin;
  export type Middleware = StylisPlugin;
}
