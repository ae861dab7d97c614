import { TEST_CARDS, type CardInput, type PayMethod } from '../../shared/pay';
import type { Random } from './random';

/**
 * What demo payers bring to a payment: a card of the sandbox (which decides the outcome, as a real
 * network would), a wallet or cash. These are the seed's only random payment inputs; what comes of
 * them is the processor's and the product's doing.
 */

export type CardOutcome = keyof typeof TEST_CARDS;

/** A sandbox test card in `holder`'s name, valid for years yet. */
export const testCard = (outcome: CardOutcome, holder: string): CardInput => ({
  number: TEST_CARDS[outcome],
  holder,
  expiry: '12/30',
  cvv: '123',
});

/** Mostly cards that go through; some declined or short of funds, a few left pending by the network. */
export function pickCard(random: Random, pendingOften = false): CardOutcome {
  return random.pick<CardOutcome>([
    ...Array<CardOutcome>(12).fill('success'),
    'declined',
    'declined',
    'insufficientFunds',
    ...Array<CardOutcome>(pendingOften ? 4 : 1).fill('pending'),
    ...Array<CardOutcome>(pendingOften ? 2 : 0).fill('unanswered'),
  ]);
}

/** One method of those `offered`, cards twice as likely as any other. */
export function pickMethod(random: Random, offered: readonly PayMethod[]): PayMethod {
  const weighted = offered.flatMap((method) => (method === 'card' ? [method, method] : [method]));
  return random.pick(weighted);
}

const digits = (random: Random, length: number) =>
  Array.from({ length }, (_, i) => random.int(i === 0 ? 1 : 0, 9)).join('');

export const kuwaitiMobile = (random: Random) => `965${random.pick(['5', '6', '9'])}${digits(random, 7)}`;

/** A Kuwaiti civil ID's twelve digits. */
export const civilId = (random: Random) => digits(random, 12);

export const CUSTOMERS = [
  'Abdulaziz Al-Mutawa',
  'شيخة الصباح',
  'Dalal Al-Kharafi',
  'فهد العنزي',
  'Ravi Menon',
  'بدر الشمالي',
  'Noor Hamdan',
  'منيرة البسام',
  'Jassim Al-Failakawi',
  'أنوار القطان',
  'Elena Petrova',
  'حمد المطيري',
];

/**
 * The mobile each demo payer of `CUSTOMERS` pays with, the same every time: the merchant's customer
 * records carry it too, so their totals are those payers' real payments.
 */
export function payerMobile(name: string): string {
  let hash = 7;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9_999_991;
  return `965${['5', '6', '9'][hash % 3]}${String(hash).padStart(7, '0')}`;
}
