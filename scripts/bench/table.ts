import { met, type Figure } from './figures';

/**
 * The bench's one table: a line per figure with, where it has one, its floor and its ratio to it,
 * then its budget and whether the budget was met, grouped by section in the order they ran.
 */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure's value with its unit; scores as the 0–1 Lighthouse reports. */
export function formatValue(value: number, unit: Figure['unit']): string {
  if (unit === 'score') return value.toFixed(2);
  return `${NUMBER.format(value)} ${unit}`;
}

/** "1.5×": a multiple of the floor. */
export const formatRatio = (ratio: number) => `${NUMBER.format(ratio)}×`;

/** The floor with its unit and the ratio to it, or nothing for a figure without a floor. */
const floorCells = (figure: Figure): [string, string] =>
  figure.floor === undefined
    ? ['', '']
    : [formatValue(figure.floor, figure.unit), figure.ratio === undefined ? '' : formatRatio(figure.ratio)];

const SIGNS = { max: '≤', min: '≥', exact: '=' } as const;

/** "≤ 150 KB", "≥ 0.95", "≤ 1.5×" (of the floor), "= 50 count". */
export function formatBudget(figure: Figure): string {
  if (!figure.budget) return '';
  const sign = SIGNS[figure.budget.kind];
  const { limit } = figure.budget;
  return `${sign} ${figure.budget.of === 'ratio' ? formatRatio(limit) : formatValue(limit, figure.unit)}`;
}

/** "met", "MISSED" or nothing when the figure has no budget. */
export function verdict(figure: Figure): string {
  const result = met(figure);
  return result === undefined ? '' : result ? 'met' : 'MISSED';
}

const pad = (cells: string[], widths: number[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();

/** The plain-text table of every figure. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['section', 'figure', 'on', 'value', 'floor', 'ratio', 'budget', 'verdict', 'note'];
  const rows = figures.map((figure) => [
    figure.section,
    figure.name,
    figure.on,
    formatValue(figure.value, figure.unit),
    ...floorCells(figure),
    formatBudget(figure),
    verdict(figure),
    figure.note ?? '',
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [pad(header, widths), rule, ...rows.map((row) => pad(row, widths))].join('\n');
}

/** The same table in Markdown, for the README's "Performance" section. */
export function renderMarkdown(figures: readonly Figure[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const lines = ['| figure | on | value | floor | ratio | budget | verdict |', '|---|---|---|---|---|---|---|'];
  for (const figure of figures) {
    const [floor, ratio] = floorCells(figure);
    lines.push(
      `| ${escape(`${figure.section}: ${figure.name}`)} | ${escape(figure.on)} | ${formatValue(figure.value, figure.unit)} | ${floor} | ${ratio} | ${formatBudget(figure)} | ${verdict(figure)} |`,
    );
  }
  return lines.join('\n');
}

/** The budgets a run missed. */
export const missed = (figures: readonly Figure[]) => figures.filter((figure) => met(figure) === false);
