/**
 * Types of entity schemas. The shapes of our `x-` keywords are generated from their meta-schema,
 * `schemas/meta/x-vocabulary.json` (`npm run generate` writes `src/generated/vocabulary.ts`), which
 * also checks every schema when the registry is checked (`checkRegistry`); `schemas/README.md`
 * documents them from the same file. Only the standard JSON Schema keywords are typed here.
 */
import type {
  CrossRecordKeywords,
  EntityKeywords,
  FieldKeywords,
  MessageKeywords,
  ObjectRuleKeywords,
  PropertyKeywords,
  ValueRuleKeywords,
} from '../generated/vocabulary';

export type {
  Operation,
  Permission,
  VocabularyKeywords,
  XAudit,
  XChildren,
  XBulkAction,
  XCommand,
  XCreate,
  XDateRange,
  XDateRangeRule,
  XFile,
  XFrom,
  XGenerated,
  XLabel,
  XLimit,
  XList,
  XOwn,
  XPeriod,
  XReferences,
  XResource,
  XSection,
  XTransition,
  XTones,
  XTransitions,
  XUi,
  XUnique,
  XView,
  XWhen,
} from '../generated/vocabulary';

/** A property of an entity schema, or a schema below one (nested properties, items). */
export interface PropertySchema
  extends PropertyKeywords, CrossRecordKeywords, FieldKeywords, MessageKeywords, ValueRuleKeywords, ObjectRuleKeywords {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  [keyword: string]: unknown;
}

/** An entity schema: one file of `schemas/`. */
export interface EntitySchema extends EntityKeywords, ObjectRuleKeywords, MessageKeywords {
  $id: string;
  title: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
  [keyword: string]: unknown;
}
