/** @jsxImportSource preact */
import { formatKwd } from '../../shared/money';
import type { TenantItem } from '../../shared/tenant-pay';
import { formatDate } from '../format';
import { useI18n } from '../i18n/context';
import { ItemLabel, itemKey } from './ItemLabel';

/**
 * The tenant's unpaid rent invoices and deposits, each with a checkbox, and the total of those
 * chosen (exact in fils, `totalOf`). Every item starts chosen; "Select all" chooses them all again.
 */
export function ItemChoice({
  items,
  chosen,
  total,
  onChange,
}: {
  items: TenantItem[];
  /** Keys (`itemKey`) of the items chosen. */
  chosen: ReadonlySet<string>;
  /** KWD, three decimals. */
  total: string;
  onChange: (chosen: Set<string>) => void;
}) {
  const { language, t } = useI18n();
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  const allChosen = items.every((item) => chosen.has(itemKey(item)));
  return (
    <section class="card items" aria-labelledby="items-title">
      <fieldset class="plain">
        <legend id="items-title" class="items-title">
          {t('tenant.choose')}
        </legend>
        <p class="hint">{t('tenant.choose_hint')}</p>
        {items.length > 1 ? (
          <label class="item-all">
            <input
              type="checkbox"
              checked={allChosen}
              onChange={(event) =>
                onChange(event.currentTarget.checked ? new Set(items.map(itemKey)) : new Set<string>())
              }
            />
            {t('tenant.select_all')}
          </label>
        ) : null}
        <ul class="item-list">
          {items.map((item) => {
            const key = itemKey(item);
            const on = chosen.has(key);
            return (
              <li key={key}>
                <label class={on ? 'item item-on' : 'item'}>
                  <input type="checkbox" checked={on} onChange={(event) => toggle(key, event.currentTarget.checked)} />
                  <ItemLabel item={item}>
                    {item.kind === 'rent_invoice' ? (
                      <span class="item-meta">
                        <span>
                          {item.due_date ? t('tenant.due', { date: formatDate(item.due_date, language) }) : null}
                        </span>
                        <span class={item.overdue ? 'badge badge-overdue' : 'badge badge-payable'}>
                          {item.overdue ? t('tenant.overdue') : t('tenant.unpaid')}
                        </span>
                      </span>
                    ) : null}
                  </ItemLabel>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <dl class="totals">
        <div class="totals-grand">
          <dt>{t('tenant.total')}</dt>
          <dd>{formatKwd(total, language)}</dd>
        </div>
      </dl>
      <p class="items-count" role="status">
        {t('tenant.selected', { smart_count: chosen.size })}
      </p>
    </section>
  );
}
