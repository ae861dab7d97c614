import type { WidgetProps } from '@rjsf/utils';

/** A calendar date (`format: date`) with the browser's date picker; the label never overlaps it. */
export function DateWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return <BaseInputTemplate {...props} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
}
