/** @jsxImportSource preact */
import type { PayMethod } from '../../shared/pay';
import { useI18n } from '../i18n/context';

/** The ways the link may be paid, as radio buttons (arrow keys move between them). */
export function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PayMethod[];
  value: PayMethod;
  onChange: (method: PayMethod) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset class="methods">
      <legend>{t('method.legend')}</legend>
      <div class="method-options">
        {methods.map((method) => (
          <label key={method} class={method === value ? 'method method-on' : 'method'}>
            <input
              type="radio"
              name="method"
              value={method}
              checked={method === value}
              onChange={() => onChange(method)}
            />
            <span>{t(`method.${method}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
