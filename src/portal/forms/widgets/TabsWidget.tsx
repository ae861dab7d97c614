import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * An enum whose value changes what the form asks for (an invoice's kind) as tabs across the top,
 * named by the field's label. Options listed in `x-ui.exclude` are not offered.
 */
export function TabsWidget({ id, label, value, options, disabled, readonly, onChange }: WidgetProps) {
  const excluded = (options.exclude ?? []) as unknown[];
  const enumOptions = (options.enumOptions ?? []).filter((option) => !excluded.includes(option.value));
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
