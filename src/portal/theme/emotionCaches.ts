import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * One emotion cache per text direction. The right-to-left one runs every style through
 * `stylis-plugin-rtl` (margins, paddings, borders and positions are mirrored), so MUI and
 * react-admin components need no direction-aware code of their own. Different keys keep the two
 * sets of class names apart when the language is switched live.
 */
const caches: Record<'ltr' | 'rtl', EmotionCache> = {
  ltr: createCache({ key: 'mui', prepend: true }),
  rtl: createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] }),
};

/** The emotion cache for a text direction (the same object every call, so React keeps the tree). */
export function emotionCacheFor(direction: 'ltr' | 'rtl'): EmotionCache {
  return caches[direction];
}
