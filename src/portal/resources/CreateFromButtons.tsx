import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { Link } from 'react-router';
import { Button, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { allows } from '../../schema/operations';
import { offeredCreates } from '../../schema/recordPage';
import { actionLabelKey } from '../../schema/relations';
import type { EntitySchema } from '../../schema/types';
import type { PortalPermissions } from '../data/authProvider';
import { humanise } from '../forms/translate';
import { mayDo } from './access';
import { screenPath } from './screenPaths';
import { usePortalEntities } from './usePortalEntities';

/**
 * A button per record the shown record offers to create from it (`x-resource.creates`: a refund
 * of a successful transaction), while it matches and the user may create the target: it opens
 * the target's create form started with the prefilled values (react-admin's `?source=`), where
 * the fields filled from a reference (`x-from`) follow it as when it is chosen by hand.
 */
export function CreateFromButtons({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  const translate = useTranslate();
  const entities = usePortalEntities();
  const { permissions } = usePermissions<PortalPermissions>();
  return offeredCreates(entity, record).flatMap(({ name, entity: targetName, values }) => {
    const target = entities.find((candidate) => candidate.$id === targetName);
    if (!target || !allows(target, 'create') || !mayDo(target, 'create', permissions)) return [];
    const to = `${screenPath(target, 'create')}?source=${encodeURIComponent(JSON.stringify(values))}`;
    return [
      <Button
        key={name}
        component={Link}
        to={to}
        label={translate(actionLabelKey(entity.$id, name), { _: humanise(name) })}
      >
        <AddCircleOutline />
      </Button>,
    ];
  });
}
