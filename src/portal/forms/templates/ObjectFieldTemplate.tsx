import Box from '@mui/material/Box';
import { Templates } from '@rjsf/mui';
import { ariaDescribedByIds, titleId, type ObjectFieldTemplateProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate as ComponentType<ObjectFieldTemplateProps>;

/**
 * A flex column, as the field's FormControl around it is, so the title's and the grid's margins
 * add up as they did without the group instead of collapsing.
 */
const column = { display: 'flex', flexDirection: 'column' } as const;

/**
 * A titled nested object (the employee's permissions) as a group named by its title and described
 * by its own error ("At least one permission must be selected"), so a screen reader announces
 * both on entering it. The layout inside is @rjsf/mui's; the untitled form root is left as it is.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  if (!props.title) return <MuiObjectFieldTemplate {...props} />;
  return (
    <Box
      role="group"
      aria-labelledby={titleId(props.fieldPathId)}
      aria-describedby={ariaDescribedByIds(props.fieldPathId)}
      sx={column}
    >
      <MuiObjectFieldTemplate {...props} />
    </Box>
  );
}
