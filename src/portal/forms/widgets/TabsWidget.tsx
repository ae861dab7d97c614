import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { Permission } from '../../../schema/types';
import { mayChoose } from '../../resources/access';
import { formContextOf } from '../formContext';

/**
 * An enum whose value changes what the form asks for (an invoice's kind) as tabs across the top,
 * named by the field's label. Options listed in `x-ui.exclude` are not offered, nor those whose
 * permission (`x-permissions`) the user lacks.
 */
export function TabsWidget({ id, label, value, options, disabled, readonly, onChange, registry }: WidgetProps) {
  const { access } = formContextOf(registry);
  const excluded = (options.exclude ?? []) as unknown[];
  const needed = (options.permissions ?? {}) as Record<string, Permission>;
  const enumOptions = (options.enumOptions ?? []).filter(
    (option) =>
      !excluded.includes(option.value) && (access === undefined || mayChoose(needed[String(option.value)], access)),
  );
  const current = enumOptions.some((option) => option.value === value) ? value : false;
  return (
    <Tabs
      id={id}
      value={current}
      onChange={(_event, next: unknown) => {
        if (!disabled && !readonly) onChange(next);
      }}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={label}
      aria-describedby={ariaDescribedByIds(id)}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
    >
      {enumOptions.map((option) => (
        <Tab
          key={String(option.value)}
          value={option.value}
          label={option.label}
          disabled={disabled || readonly}
          id={`${id}-${String(option.value)}`}
        />
      ))}
    </Tabs>
  );
}
