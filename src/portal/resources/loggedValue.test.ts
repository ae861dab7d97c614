import { describe, expect, it } from 'vitest';
import { registryProblems } from '../../schema/check/checkRegistry';
import { productWith, reported } from '../../schema/check/testSchemas';
import { entitySchemas } from '../../schema/registry';
import { loggedLabel } from './RecordValue';

/** A change history row's old and new values (`x-ui.valueFor`): an enum field's value is shown by its label. */

const { change_history } = entitySchemas;
const row = (field: string, value: string) => ({ entity: 'unit', field, old_value: value });

describe('a logged value', () => {
  it("of an enum field is the field's value, to be shown by its label", () => {
    expect(
      loggedLabel(change_history, row('rental_status', 'rented'), change_history.properties.old_value, 'rented'),
    ).toEqual({
      resource: 'unit',
      field: 'rental_status',
      value: 'rented',
    });
  });

  it('of any other field, or not one of the enum, is shown as it is', () => {
    expect(
      loggedLabel(change_history, row('name', 'Flat 1A'), change_history.properties.old_value, 'Flat 1A'),
    ).toBeNull();
    expect(
      loggedLabel(change_history, row('rental_status', 'gone'), change_history.properties.old_value, 'gone'),
    ).toBeNull();
  });

  it('names a property that holds a field name, or the schema is refused', () => {
    expect(
      reported(registryProblems(productWith('change_history', '/properties/new_value/x-ui/valueFor', 'entity'))),
    ).toEqual([
      'schemas/change_history.json#/properties/new_value/x-ui/valueFor: "entity" is no x-ui.fieldOf property of change_history',
    ]);
  });
});
