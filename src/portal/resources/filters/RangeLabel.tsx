import { useTranslate } from 'react-admin';
import { fieldLabelKey } from '../../forms/uiSchema';
import { humanise } from '../../forms/translate';

/** "Expiry date from" / "Expiry date to": the label of one end of a range filter. */
export function RangeLabel({ resource, field, end }: { resource: string; field: string; end: 'from' | 'to' }) {
  const translate = useTranslate();
  const name = translate(fieldLabelKey(resource, field), { _: humanise(field) });
  return <>{translate(end === 'from' ? 'app.list.range_from' : 'app.list.range_to', { field: name })}</>;
}
