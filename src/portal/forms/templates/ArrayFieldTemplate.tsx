import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { buttonId, descriptionId, getUiOptions, titleId, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { formContextOf } from '../formContext';
import { inPhrase, itemNameOf } from './itemName';

/**
 * An array of records (an asset's units): its label, each record as a small card (the item
 * template), and a labelled button below them that says what it adds ("Add unit").
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry, required, schema, title } =
    props;
  const { translate } = formContextOf(registry);
  const options = getUiOptions(uiSchema);
  const label = (options.title as string | undefined) ?? title;
  const name = inPhrase(itemNameOf(uiSchema, label));
  const description = (options.description as string | undefined) ?? schema.description;
  return (
    <Box
      role="group"
      aria-labelledby={titleId(fieldPathId)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={titleId(fieldPathId)} component="h3" variant="body1" sx={{ fontWeight: 500 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      {description && (
        <Typography id={descriptionId(fieldPathId)} variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      {items}
      {canAdd && (
        <Box>
          <Button
            id={buttonId(fieldPathId, 'add')}
            className="rjsf-array-item-add"
            variant="outlined"
            startIcon={<Add />}
            onClick={onAddClick}
            disabled={disabled || readonly}
          >
            {translate('app.form.add_item', { name, _: `Add ${name}` })}
          </Button>
        </Box>
      )}
    </Box>
  );
}
