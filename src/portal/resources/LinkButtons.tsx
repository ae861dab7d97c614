import Timeline from '@mui/icons-material/Timeline';
import { Link, matchPath } from 'react-router';
import { Button, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { linksOf } from '../../schema/recordPage';
import { actionLabelKey } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { humanise } from '../forms/translate';
import { RECORD_PAGES } from '../pages/pagePaths';
import { mayDo } from './access';
import { usePortalEntities } from './usePortalEntities';

/**
 * A button per page the record's page links to (`x-resource.links`: its money trail), shown when
 * the page is one of the back office's record pages and the user passes that page's gate.
 */
export function LinkButtons({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  const translate = useTranslate();
  const entities = usePortalEntities();
  const { permissions } = usePermissions<PortalPermissions>();
  return linksOf(entity, record).flatMap(({ name, path }) => {
    const page = RECORD_PAGES.find((candidate) => matchPath(candidate.path, path));
    const gate = entities.find((candidate) => candidate.$id === page?.entity);
    if (!gate || !mayDo(gate, 'show', permissions) || !mayDo(entity, 'show', permissions)) return [];
    return [
      <Button
        key={name}
        component={Link}
        to={path}
        label={translate(actionLabelKey(entity.$id, name), { _: humanise(name) })}
      >
        <Timeline />
      </Button>,
    ];
  });
}
