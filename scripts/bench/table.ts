import { met, type Figure } from './figures';

/**
 * The bench's one table: a line per figure with its budget and whether the budget was met, grouped
 * by section in the order they ran.
 */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure's value with its unit; scores as the 0–1 Lighthouse reports. */
export function formatValue(value: number, unit: Figure['unit']): string {
  if (unit === 'score') return value.toFixed(2);
  return `${NUMBER.format(value)} ${unit}`;
}

/** "≤ 150 KB", "≥ 0.95". */
export function formatBudget(figure: Figure): string {
  if (!figure.budget) return '';
  const sign = figure.budget.kind === 'max' ? '≤' : '≥';
  return `${sign} ${formatValue(figure.budget.limit, figure.unit)}`;
}

/** "met", "MISSED" or nothing when the figure has no budget. */
export function verdict(figure: Figure): string {
  const result = met(figure);
  return result === undefined ? '' : result ? 'met' : 'MISSED';
}

const pad = (cells: string[], widths: number[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();

/** The plain-text table of every figure. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['section', 'figure', 'on', 'value', 'budget', 'verdict', 'note'];
  const rows = figures.map((figure) => [
    figure.section,
    figure.name,
    figure.on,
    formatValue(figure.value, figure.unit),
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
  const lines = ['| figure | on | value | budget | verdict |', '|---|---|---|---|---|'];
  for (const figure of figures) {
    lines.push(
      `| ${escape(`${figure.section}: ${figure.name}`)} | ${escape(figure.on)} | ${formatValue(figure.value, figure.unit)} | ${formatBudget(figure)} | ${verdict(figure)} |`,
    );
  }
  return lines.join('\n');
}

/** The budgets a run missed. */
export const missed = (figures: readonly Figure[]) => figures.filter((figure) => met(figure) === false);
