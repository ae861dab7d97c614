import Create from '@mui/icons-material/Create';
import Tune from '@mui/icons-material/Tune';
import { Link } from 'react-router';
import { Button, TopToolbar, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import type { EntitySchema } from '../../schema/types';
import { allows } from '../../schema/operations';
import type { PortalPermissions } from '../data/authProvider';
import { mayDo } from './access';
import { screenPath, sectionScreenPath } from './screenPaths';
import { useScreenPlace } from './screenPlace';
import { sectionLabel, sectionsOf } from './sections';
import { CommandButtons } from './CommandButtons';
import { CreateFromButtons } from './CreateFromButtons';
import { LinkButtons } from './LinkButtons';
import { TransitionButtons } from './TransitionButtons';
import { useEntitySchema } from './useEntitySchema';

/** `x-resource.editable`: whether the record may still be changed. */
const editable = (entity: EntitySchema, record: RaRecord) =>
  Object.entries(entity['x-resource'].editable ?? {}).every(([property, values]) => values.includes(record[property]));

/**
 * The detail screen's actions: edit (when the entity may be updated, by this user), one button per section of the schema (`x-resource.sections`)
 * one per command the record allows (`x-resource.commands`) and one per action its status allows now
 * (`x-transitions`), one per record it offers to create from it (`x-resource.creates`), and one
 * per page it links to (`x-resource.links`).
 */
export function ShowActions() {
  const entity = useEntitySchema();
  const record = useRecordContext();
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions>();
  const place = useScreenPlace();
  const mayUpdate = allows(entity, 'update') && mayDo(entity, 'update', permissions);
  return (
    // On a phone the actions wrap onto more lines rather than run off the screen.
    <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {record && mayUpdate && editable(entity, record) && (
        <Button component={Link} to={screenPath(entity, 'edit', record.id, place)} label="ra.action.edit">
          <Create />
        </Button>
      )}
      {record &&
        mayUpdate &&
        sectionsOf(entity).map(([name, { fields }]) => (
          <Button
            key={name}
            component={Link}
            to={sectionScreenPath(entity, name, record.id)}
            label={sectionLabel(entity, fields, translate)}
          >
            <Tune />
          </Button>
        ))}
      {record && <CommandButtons entity={entity} record={record} />}
      {record && <TransitionButtons entity={entity} record={record} />}
      {record && <CreateFromButtons entity={entity} record={record} />}
      {record && <LinkButtons entity={entity} record={record} />}
    </TopToolbar>
  );
}
