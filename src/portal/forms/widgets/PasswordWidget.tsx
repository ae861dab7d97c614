import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { formContextOf } from '../formContext';

/** A new password (`format: strong-password`), with a named button to show what was typed. */
export function PasswordWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  const { translate } = formContextOf(props.registry);
  const [visible, setVisible] = useState(false);
  const toggleLabel = translate(visible ? 'app.auth.hide_password' : 'app.auth.show_password');
  return (
    <BaseInputTemplate
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} onClick={() => setVisible((shown) => !shown)} edge="end">
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
        htmlInput: { autoComplete: 'new-password', dir: 'ltr' },
      }}
    />
  );
}
