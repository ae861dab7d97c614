/** @jsxImportSource preact */
import { TEST_CARDS } from '../../shared/pay';
import { useI18n } from '../i18n/context';
import { formatCardNumber } from './cardInput';

const OUTCOMES = Object.keys(TEST_CARDS) as (keyof typeof TEST_CARDS)[];

/**
 * Says plainly that this is the sandbox and which test cards do what; a tap on a number puts it
 * in the card number field.
 */
export function SandboxNote({ onUse }: { onUse: (number: string) => void }) {
  const { t } = useI18n();
  return (
    <aside class="sandbox" aria-labelledby="sandbox-title">
      <h2 id="sandbox-title">{t('sandbox.title')}</h2>
      <p>{t('sandbox.note')}</p>
      <ul>
        {OUTCOMES.map((outcome) => (
          <li key={outcome}>
            <button
              type="button"
              class="test-card"
              dir="ltr"
              onClick={() => onUse(formatCardNumber(TEST_CARDS[outcome]))}
            >
              {formatCardNumber(TEST_CARDS[outcome])}
            </button>
            <span>{t(`sandbox.${outcome}`)}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
