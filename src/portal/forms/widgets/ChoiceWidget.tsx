import { Widgets } from '@rjsf/mui';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect } from 'react';
import type { Permission } from '../../../schema/types';
import { mayChoose } from '../../resources/access';
import { formContextOf } from '../formContext';

/**
 * A short enum (how an invoice reaches the payer) as one row of radio buttons. Options whose
 * permission (`x-permissions`) the user lacks are not offered, and a value they may not choose (the
 * default) moves to the first they may; nothing is shown when none is left.
 */
export function ChoiceWidget(props: WidgetProps) {
  const { options, registry } = props;
  const { access } = formContextOf(registry);
  const needed = (options.permissions ?? {}) as Record<string, Permission>;
  const enumOptions = (options.enumOptions ?? []).filter(
    (option) => access === undefined || mayChoose(needed[String(option.value)], access),
  );
  const first = enumOptions[0]?.value as unknown;
  const allowed = enumOptions.some((option) => option.value === props.value);
  const { onChange } = props;
  useEffect(() => {
    if (!allowed && first !== undefined) onChange(first);
  }, [allowed, first, onChange]);
  if (enumOptions.length === 0) return null;
  return <Widgets.RadioWidget {...props} options={{ ...options, enumOptions, inline: true }} />;
}
