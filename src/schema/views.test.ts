import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';
import { type Catalogue, flattenCatalogue } from '../shared/i18n';
import { accessDenial, type AccessProfile } from './access';
import { GROUPS } from './groups';
import { allows, operationsOf } from './operations';
import { entitySchemas } from './registry';
import { filterSchema } from './variants';
import { dateRangeOf, hasRouteParameters, routeParameter, viewsOf, withViewGate } from './views';
import { reportSchema } from '../../tests/support/report-schema';

const catalogues = { en: flattenCatalogue(en as Catalogue), ar: flattenCatalogue(ar as Catalogue) };

describe.each(Object.values(entitySchemas))('list keywords of $title', (entity) => {
  const filters = filterSchema(entity).properties ?? {};

  it.each(viewsOf(entity))('view %s filters on properties, is labelled and fits its route', (name, view) => {
    for (const [key, value] of Object.entries(view.filter ?? {})) {
      expect(filters, `${entity.$id}.${name}: filter ${key}`).toHaveProperty(key);
      const parameter = routeParameter(value);
      if (parameter) expect(view.route).toContain(`:${parameter}`);
    }
    for (const column of view.columns ?? []) expect(entity.properties, column).toHaveProperty(column);
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(catalogue.get(`resources.${entity.$id}.views.${name}`), `${language}: ${name}`).toBeTruthy();
    }
    expect(allows(entity, 'list'), 'a view is a list').toBe(true);
  });

  it('ranges dates on a date property, and names a known group', () => {
    for (const rule of [entity['x-list'].dateRange, ...viewsOf(entity).map(([, view]) => view.dateRange)]) {
      if (!rule) continue;
      expect(['date', 'date-time']).toContain(entity.properties[rule.field]?.format);
      expect(Boolean(rule.maxMonths) || Boolean(rule.maxDays) || Boolean(rule.withinDays)).toBe(true);
    }
    const group = entity['x-resource'].group ?? 'other';
    expect(GROUPS).toContain(group);
  });
});

describe('menu groups', () => {
  it.each(GROUPS)('%s has a label in both languages', (group) => {
    for (const catalogue of Object.values(catalogues)) expect(catalogue.get(`app.menu.groups.${group}`)).toBeTruthy();
  });
});

describe('view routes', () => {
  it('are not claimed twice', () => {
    const routes = Object.values(entitySchemas).flatMap((entity) => viewsOf(entity).map(([, view]) => view.route));
    expect(routes.length).toBe(new Set(routes).size);
  });
});

describe('views of an entity', () => {
  const staff: AccessProfile = {
    role: 'employee',
    services: { pos_terminal: true },
    permissions: { general: ['reports'] },
  };

  it("are gated by their own service and permission, else by the entity's", () => {
    expect(accessDenial(reportSchema, staff)).toBe('permission');
    expect(accessDenial(withViewGate(reportSchema, 'incomplete'), staff)).toBeNull();
    expect(accessDenial(withViewGate(reportSchema, 'terminal'), staff)).toBe('permission');
    const admin: AccessProfile = { role: 'admin', services: { pos_terminal: false }, permissions: {} };
    expect(accessDenial(withViewGate(reportSchema, 'on_hold'), admin)).toBe('service');
    expect(accessDenial(withViewGate(reportSchema, 'unknown'), admin)).toBeNull();
  });

  it('have their own date range, else the entity’s', () => {
    expect(dateRangeOf(reportSchema, 'incomplete')).toEqual({ field: 'created_at', maxDays: 7, withinDays: 7 });
    expect(dateRangeOf(reportSchema, 'terminal')).toEqual({ field: 'created_at', maxMonths: 6 });
    expect(dateRangeOf(reportSchema)).toEqual({ field: 'created_at', maxMonths: 6 });
  });

  it('know their route parameters', () => {
    expect(routeParameter(':terminal_id')).toBe('terminal_id');
    expect(routeParameter('incomplete')).toBeNull();
    expect(hasRouteParameters({ route: '/unit/tenant-list/:unit_id' })).toBe(true);
    expect(hasRouteParameters({ route: '/report/incomplete' })).toBe(false);
  });

  it('are named in the filter schema, which also takes what views and date ranges filter on', () => {
    const properties = filterSchema(reportSchema).properties ?? {};
    expect(properties.view).toEqual({ type: 'string', enum: ['incomplete', 'terminal', 'on_hold'] });
    expect(properties).toHaveProperty('terminal_id', { type: 'integer' });
    expect(properties).toHaveProperty('on_hold', { type: 'boolean' });
    expect(properties).toHaveProperty('created_at_gte');
  });

  it('sit on entities offering all five operations unless they say otherwise', () => {
    expect(operationsOf(reportSchema)).toEqual(['list', 'show']);
    expect(operationsOf(entitySchemas.employee)).toEqual(['list', 'show', 'create', 'update', 'delete']);
  });
});
