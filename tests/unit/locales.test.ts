import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { entitySchemas } from '../../src/schema/registry';
import type { PropertySchema } from '../../src/schema/types';
import { type Catalogue, flattenCatalogue } from '../../src/shared/i18n';

const english = flattenCatalogue(en as Catalogue);
const arabic = flattenCatalogue(ar as Catalogue);

describe('catalogues', () => {
  it('have the same keys in English and Arabic', () => {
    const onlyEnglish = [...english.keys()].filter((key) => !arabic.has(key));
    const onlyArabic = [...arabic.keys()].filter((key) => !english.has(key));
    expect({ onlyEnglish, onlyArabic }).toEqual({ onlyEnglish: [], onlyArabic: [] });
  });

  it('keep the same placeholders in both languages', () => {
    // Plural forms may name the count in some forms and not others: the set of names must agree.
    const placeholders = (text: string) =>
      [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();
    for (const [key, text] of english)
      expect([key, placeholders(arabic.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  it('give a counted message two forms in English and six (or a plain two) in Arabic', () => {
    const forms = (text: string) => text.split('||||').length;
    const wrong = [...english].filter(([key, text]) => {
      const arabicForms = forms(arabic.get(key) ?? '');
      return forms(text) === 1 ? arabicForms !== 1 : forms(text) !== 2 || ![2, 6].includes(arabicForms);
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('translate every Arabic message (no English left behind)', () => {
    const untranslated = [...arabic].filter(
      // Placeholders are names, not English: a message made only of them and signs reads in any language.
      ([key, text]) =>
        text === english.get(key) &&
        /[a-z]{3}/i.test(text.replace(/%\{\w+\}/g, '')) &&
        !key.startsWith('app.language.'),
    );
    expect(untranslated).toEqual([]);
  });
});

describe.each(Object.values(entitySchemas))('labels of $title', (entity) => {
  const fields: [string, PropertySchema][] = [];
  const walk = (prefix: string, properties: Record<string, PropertySchema>) => {
    for (const [name, property] of Object.entries(properties)) {
      fields.push([prefix + name, property]);
      if (property.properties) walk(`${prefix}${name}.`, property.properties);
    }
  };
  walk('', entity.properties);

  it.each(fields)('%s has a label and enum labels in both languages', (field, property) => {
    const base = `resources.${entity.$id}`;
    for (const catalogue of [english, arabic]) {
      expect(catalogue.get(`${base}.fields.${field}`), `${base}.fields.${field}`).toBeTruthy();
      const values = property.enum ?? property.items?.enum ?? [];
      for (const value of values) {
        expect(catalogue.get(`${base}.enums.${field}.${String(value)}`), `${field}=${String(value)}`).toBeTruthy();
      }
    }
  });
});
