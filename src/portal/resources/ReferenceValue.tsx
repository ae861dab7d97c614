import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import { Fragment, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useGetManyAggregate, useLocaleState, useResourceDefinition, type Identifier } from 'react-admin';
import { referenceText } from '../../schema/relations';
import type { XReferences } from '../../schema/types';
import { useResourcePath } from './screenPlace';

/** A click on the link opens the referenced record, not the row the link sits in. */
const keepToLink = (event: MouseEvent) => event.stopPropagation();

/**
 * The value of an `x-references` property: the referenced record's `label` in the user's language,
 * linked to its detail screen; several (an array of references) separated by commas. The records
 * of a page are fetched together (react-admin batches `getMany` calls made in the same tick);
 * until they arrive, or for a record that cannot be read, the id stands in.
 */
export function ReferenceValue({ spec, ids }: { spec: XReferences; ids: readonly Identifier[] }) {
  const { data } = useGetManyAggregate(spec.entity, { ids: [...ids] });
  const { hasShow } = useResourceDefinition({ resource: spec.entity });
  const [language] = useLocaleState();
  const resourcePath = useResourcePath();
  const separator = language === 'ar' ? '، ' : ', ';
  return (
    <Box component="span">
      {ids.map((id, index) => {
        const record = data?.find((candidate) => candidate.id === id);
        const text = record ? referenceText(spec, record, language) : `#${id}`;
        return (
          <Fragment key={String(id)}>
            {index > 0 && separator}
            {hasShow ? (
              <MuiLink
                component={Link}
                to={resourcePath({ resource: spec.entity, id, type: 'show' })}
                onClick={keepToLink}
              >
                <bdi>{text}</bdi>
              </MuiLink>
            ) : (
              <bdi>{text}</bdi>
            )}
          </Fragment>
        );
      })}
    </Box>
  );
}
