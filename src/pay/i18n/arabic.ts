import { pay } from '../../../locales/ar.json';
import type { Messages } from './messages';

/** The Arabic texts, typed from the English ones so that a missing key fails the type check. */
const arabic: Messages = pay;
export default arabic;
