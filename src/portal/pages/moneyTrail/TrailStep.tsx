import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { getEntitySchema } from '../../../schema/registry';
import { toneOf } from '../../../schema/tones';
import { formatKwd } from '../../../shared/money';
import type { TrailEntity } from '../../../shared/money-trail';
import { humanise } from '../../forms/translate';
import { enumLabelKey } from '../../forms/uiSchema';
import { formatDate } from '../../resources/format';
import { useResourcePath } from '../../resources/screenPlace';
import { StatusChip } from '../../resources/StatusChip';

/**
 * An amount in KWD in the user's language, kept left to right inside Arabic text; one below zero
 * (what a refund took off a transfer) with a minus sign.
 */
export function Amount({ value }: { value: string | null | undefined }) {
  const [language = 'en'] = useLocaleState();
  const negative = value?.startsWith('-') ?? false;
  const shown = formatKwd(negative ? value?.slice(1) : value, language);
  return (
    <bdi style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{negative ? `−${shown}` : shown}</bdi>
  );
}

/** A date (and time) in the user's language. */
export function When({ value, withTime = true }: { value: string | null | undefined; withTime?: boolean }) {
  const [language = 'en'] = useLocaleState();
  if (!value) return null;
  return <>{formatDate(value, language, withTime)}</>;
}

/** A record's status as a chip coloured by its schema's tone, labelled from the catalogue. */
export function TrailStatus({ entity, status }: { entity: TrailEntity; status: string }) {
  const translate = useTranslate();
  const property = getEntitySchema(entity).properties.status;
  return (
    <StatusChip
      label={translate(enumLabelKey(entity, 'status', status), { _: humanise(status) })}
      tone={toneOf('status', property, status)}
    />
  );
}

/** A link to a record's page, by its human reference (its id when it has none). */
export function RecordLink({ entity, id, label }: { entity: TrailEntity; id: number; label: string | null }) {
  const resourcePath = useResourcePath();
  return (
    <MuiLink component={Link} to={resourcePath({ resource: entity, id, type: 'show' })} sx={{ fontWeight: 600 }}>
      <bdi>{label ?? `#${id}`}</bdi>
    </MuiLink>
  );
}

/**
 * One step of the trail on its vertical line: a dot, what the step is (the entity's name), its
 * record linked, status and amount on one line, and its details and the steps under it below.
 */
export function TrailStep(props: {
  entity: TrailEntity;
  id: number;
  label: string | null;
  status: string;
  amount: string;
  /** A word after the entity's name ("Part 1"). */
  note?: string;
  details?: ReactNode;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="li"
      sx={{ position: 'relative', listStyle: 'none', pl: { xs: 1.5, sm: 3 }, pb: 2 }}
      data-step={props.entity}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          left: -7,
          top: 6,
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          border: 2,
          borderColor: 'background.paper',
        }}
      />
      <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6 }}>
        {translate(`resources.${props.entity}.name`, { smart_count: 1, _: humanise(props.entity) })}
        {props.note ? ` · ${props.note}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <RecordLink entity={props.entity} id={props.id} label={props.label} />
        <TrailStatus entity={props.entity} status={props.status} />
        <Typography component="span" sx={{ fontWeight: 600, marginInlineStart: 'auto' }}>
          <Amount value={props.amount} />
        </Typography>
      </Box>
      {props.details && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {props.details}
        </Typography>
      )}
      {props.children && (
        <Box
          component="ol"
          sx={{ m: 0, mt: 1.5, p: 0, borderLeft: 2, borderColor: 'divider', ml: { xs: 0, sm: 0.75 } }}
        >
          {props.children}
        </Box>
      )}
    </Box>
  );
}
