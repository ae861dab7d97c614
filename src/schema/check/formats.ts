import { KNOWN_FORMATS } from '../formats';
import { quoted, type CrossCheck } from './context';
import { pointerTo } from './problems';

/** Every `format`, at any depth, is one all the layers know (`KNOWN_FORMATS`). */
export const checkFormats: CrossCheck = ({ subschemas, report }) => {
  const known: readonly unknown[] = KNOWN_FORMATS;
  for (const [schema, at] of subschemas)
    if (schema.format !== undefined && !known.includes(schema.format))
      report(pointerTo(at, 'format'), `unknown format ${quoted(schema.format)}: one of ${KNOWN_FORMATS.join(', ')}`);
};
