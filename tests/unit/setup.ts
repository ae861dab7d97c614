import { configure } from '@testing-library/dom';

/**
 * Waiting for a screen to change (`waitFor`, `findBy…`) allows five seconds rather than one: on a
 * busy machine a download or a re-render of the whole portal takes longer than a second, and a test
 * that waits for what will happen must not fail for the machine's speed.
 */
configure({ asyncUtilTimeout: 5000 });
