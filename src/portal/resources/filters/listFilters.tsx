import type { ReactElement } from 'react';
import { DateInput, NullableBooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import type { EntitySchema, PropertySchema } from '../../../schema/types';
import { filterKind } from '../../../schema/variants';
import { portalFormatOf } from '../../formats';
import { enumLabelKey } from '../../forms/uiSchema';
import { RangeLabel } from './RangeLabel';
import { SearchFilterInput } from './SearchFilterInput';

/** The two inputs of a range filter: `<field>_gte` and `<field>_lte`, as the API reads them. */
function rangeInputs(resource: string, name: string, property: PropertySchema): ReactElement[] {
  const ends = [
    { suffix: '_gte', end: 'from' },
    { suffix: '_lte', end: 'to' },
  ] as const;
  return ends.map(({ suffix, end }) => {
    const label = <RangeLabel resource={resource} field={name} end={end} />;
    const source = `${name}${suffix}`;
    return portalFormatOf(property).display === 'money' ? (
      <TextInput key={source} source={source} label={label} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    ) : (
      <DateInput key={source} source={source} label={label} />
    );
  });
}

function equalsInput(resource: string, name: string, property: PropertySchema | undefined): ReactElement {
  if (property?.enum) {
    const choices = property.enum.map((value) => ({ id: String(value), name: enumLabelKey(resource, name, value) }));
    return <SelectInput key={name} source={name} choices={choices} />;
  }
  if (property?.type === 'boolean') return <NullableBooleanInput key={name} source={name} />;
  return <NumberInput key={name} source={name} />;
}

/**
 * The filter inputs of a list, from `x-list.filters` and the kind of each property (`filterKind`,
 * the same function that builds the API's filter schema): the search box, selects for enums,
 * from/to pairs for dates and amounts, text inputs for the rest. Labels come from the catalogue.
 * `omit` leaves out what the list sets itself (a view's fixed filter, its date range).
 */
export function listFilters(entity: EntitySchema, omit: readonly string[] = []): ReactElement[] {
  const resource = entity.$id;
  return entity['x-list'].filters.flatMap((name) => {
    if (omit.includes(name)) return [];
    const property = entity.properties[name];
    switch (filterKind(name, property)) {
      case 'search':
        return [<SearchFilterInput key={name} source={name} alwaysOn />];
      case 'range':
        return rangeInputs(resource, name, property);
      case 'equals':
        return [equalsInput(resource, name, property)];
      case 'contains':
        return [<TextInput key={name} source={name} />];
    }
  });
}
