import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { buttonId, type ArrayFieldItemTemplateProps, type UiSchema } from '@rjsf/utils';
import { formContextOf } from '../formContext';
import { inPhrase } from './itemName';

/**
 * One record of an array as a small card: a heading that names and numbers it ("Unit 2"), the
 * record's fields, and a labelled remove button ("Remove unit") whose accessible name also says
 * which ("Remove unit 2"). The card is a group named by its heading.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, uiSchema, registry } = props;
  const { translate } = formContextOf(registry);
  const { index, hasRemove, onRemoveItem, disabled, readonly, fieldPathId } = buttonsProps;
  const name = ((uiSchema as UiSchema | undefined)?.['ui:title'] as string | undefined) ?? '';
  const number = index + 1;
  const heading = translate('app.form.item_title', { name, number, _: `${name} ${number}` });
  const headingId = `${fieldPathId.$id}__heading`;
  const remove = translate('app.form.remove_item', { name: inPhrase(name), _: `Remove ${name}` });
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h4" variant="subtitle2">
          {heading}
        </Typography>
        {hasToolbar && hasRemove && (
          <Button
            id={buttonId(fieldPathId, 'remove')}
            className="rjsf-array-item-remove"
            color="error"
            size="small"
            startIcon={<DeleteOutline />}
            onClick={onRemoveItem}
            disabled={disabled || readonly}
            aria-label={translate('app.form.remove_item', {
              name: `${inPhrase(name)} ${number}`,
              _: `Remove ${name} ${number}`,
            })}
          >
            {remove}
          </Button>
        )}
      </Box>
      {children}
    </Paper>
  );
}
