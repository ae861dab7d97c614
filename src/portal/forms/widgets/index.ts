import { Widgets } from '@rjsf/mui';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CheckboxesWidget } from './CheckboxesWidget';
import { ChoiceWidget } from './ChoiceWidget';
import { DateWidget } from './DateWidget';
import { FileWidget } from './FileWidget';
import { MoneyWidget } from './MoneyWidget';
import { PasswordWidget } from './PasswordWidget';
import { ReferencesWidget } from './ReferencesWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { SwitchWidget } from './SwitchWidget';
import { TabsWidget } from './TabsWidget';

/**
 * Every widget a derived uiSchema may name, registered once. The object is created at module
 * level so rjsf sees the same registry on every render (a new object would remount the fields).
 */
export const formWidgets: RegistryWidgetsType = {
  textarea: Widgets.TextareaWidget,
  checkboxes: CheckboxesWidget,
  money: MoneyWidget,
  password: PasswordWidget,
  file: FileWidget,
  date: DateWidget,
  reference: ReferenceWidget,
  references: ReferencesWidget,
  tabs: TabsWidget,
  choice: ChoiceWidget,
  // Every boolean property: rjsf picks its checkbox widget by this name.
  CheckboxWidget: SwitchWidget,
};

export type FormWidgetName =
  'textarea' | 'checkboxes' | 'money' | 'password' | 'file' | 'date' | 'reference' | 'references' | 'tabs' | 'choice';
