import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import type { EntitySchema } from '../../../schema/types';
import { TransitionButtons, useAllowedTransitions } from '../TransitionButtons';

/** A click in the menu must not open the row's record as well. */
const keepInside = (event: MouseEvent) => event.stopPropagation();

/**
 * A row's status actions behind one button (⋮): a column of buttons takes the room of one icon,
 * however many the status allows. The menu opens below the button towards the inside of the
 * page, on the left in English and the right in Arabic, and the popover keeps it in the window.
 * It stays mounted when closed, so that an action's confirmation outlives the menu.
 */
export function RowActionsMenu({ entity, record }: { entity: EntitySchema; record: RaRecord }) {
  const translate = useTranslate();
  const theme = useTheme();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const allowed = useAllowedTransitions(entity, record);
  if (allowed.length === 0) return null;
  const inward = theme.direction === 'rtl' ? 'left' : 'right';
  return (
    <Box component="span" onClick={keepInside} sx={{ display: 'inline-flex' }}>
      <IconButton
        size="small"
        aria-label={translate('app.list.row_actions')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        keepMounted
        anchorOrigin={{ vertical: 'bottom', horizontal: inward }}
        transformOrigin={{ vertical: 'top', horizontal: inward }}
        // Choosing an action closes the menu; its confirmation, if any, opens on its own.
        onClickCapture={() => setAnchor(null)}
      >
        <Box
          role="group"
          aria-label={translate('app.transition.actions')}
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', p: 0.5 }}
        >
          <TransitionButtons entity={entity} record={record} />
        </Box>
      </Popover>
    </Box>
  );
}
