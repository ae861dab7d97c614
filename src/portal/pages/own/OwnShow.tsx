import { ownGate } from '../../../schema/access';
import Edit from '@mui/icons-material/Edit';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Link } from 'react-router';
import {
  Button,
  type RaRecord,
  Loading,
  RecordContextProvider,
  ResourceContextProvider,
  Title,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { getEntitySchema } from '../../../schema/registry';
import type { EntitySchema } from '../../../schema/types';
import { RecordSections } from '../../resources/RecordSections';
import { SecretsProvider } from '../../resources/SecretValue';
import { ownOf, useOwnRecord } from './ownApi';
import { OwnGate } from './OwnGate';
import { ownEditTitle, ownSectionTitle, ownTitle } from './ownLabels';

/**
 * Edit, and one button per section of `own.sections` (payment settings), as on a record's detail
 * screen. react-admin's toolbar grows (`flex: 1`) on phones to fill a row; here it sits in the
 * page's column, where growing would push the record a screen's height down.
 */
function OwnActions({ entity }: { entity: EntitySchema }) {
  const translate = useTranslate();
  const { routes, sections = {} } = ownOf(entity);
  return (
    <TopToolbar sx={{ flex: { xs: '0 0 auto' } }}>
      {routes.edit && (
        <Button component={Link} to={routes.edit} label={ownEditTitle(entity, translate)}>
          <Edit />
        </Button>
      )}
      {Object.entries(sections).map(([name, { route }]) => (
        <Button key={name} component={Link} to={route} label={ownSectionTitle(entity, name, translate)}>
          <Tune />
        </Button>
      ))}
    </TopToolbar>
  );
}

function OwnDetails({ entity }: { entity: EntitySchema }) {
  const translate = useTranslate();
  const { record, error } = useOwnRecord(entity);
  return (
    <>
      <Title title={ownTitle(entity, translate)} />
      <OwnActions entity={entity} />
      <Card>
        {error ? (
          <CardContent>
            <Alert severity="error">{error.message}</Alert>
          </CardContent>
        ) : record ? (
          <RecordContextProvider value={record as RaRecord}>
            <SecretsProvider>
              <RecordSections entity={entity} />
            </SecretsProvider>
          </RecordContextProvider>
        ) : (
          <Loading />
        )}
      </Card>
    </>
  );
}

/**
 * The detail screen of the merchant's own record of `entity` (`x-resource.own.routes.show`, e.g.
 * `/account/profile`): its fields in sections as on any record's page (internal ones left out, the
 * merchant's keys masked until the password is typed again), with its edit and section buttons.
 */
export default function OwnShow({ entity: name }: { entity: string }) {
  const entity = getEntitySchema(name);
  return (
    <ResourceContextProvider value={entity.$id}>
      <OwnGate entity={ownGate(entity)}>
        <OwnDetails entity={entity} />
      </OwnGate>
    </ResourceContextProvider>
  );
}
