import MuiLink from '@mui/material/Link';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { useCreatePath, useGetManyAggregate, useResourceDefinition, type Identifier } from 'react-admin';
import type { XReferences } from '../../schema/types';

/** A click on the link opens the referenced record, not the row the link sits in. */
const keepToLink = (event: MouseEvent) => event.stopPropagation();

/**
 * The value of an `x-references` property: the referenced record's `label`, linked to its detail
 * screen. The records of a page are fetched together (react-admin batches `getMany` calls made in
 * the same tick); until they arrive, or if the record cannot be read, the id stands in.
 */
export function ReferenceValue({ spec, id }: { spec: XReferences; id: Identifier }) {
  const { data } = useGetManyAggregate(spec.entity, { ids: [id] });
  const { hasShow } = useResourceDefinition({ resource: spec.entity });
  const createPath = useCreatePath();
  const record = data?.find((candidate) => candidate.id === id);
  const text = record ? String(record[spec.label] ?? id) : `#${id}`;
  if (!hasShow) return text;
  return (
    <MuiLink component={Link} to={createPath({ resource: spec.entity, id, type: 'show' })} onClick={keepToLink}>
      {text}
    </MuiLink>
  );
}
