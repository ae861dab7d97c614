import Tune from '@mui/icons-material/Tune';
import { Link } from 'react-router';
import { Button, EditButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { sectionLabel, sectionPath, sectionsOf } from './sections';
import { useEntitySchema } from './useEntitySchema';

/** The detail screen's actions: edit, and one button per section of the schema (`x-resource.sections`). */
export function ShowActions() {
  const entity = useEntitySchema();
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <TopToolbar>
      <EditButton />
      {record &&
        sectionsOf(entity).map(([name, { fields }]) => (
          <Button
            key={name}
            component={Link}
            to={sectionPath(name, { resource: entity.$id, id: record.id })}
            label={sectionLabel(entity, fields, translate)}
          >
            <Tune />
          </Button>
        ))}
    </TopToolbar>
  );
}
