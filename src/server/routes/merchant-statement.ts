import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operationGate } from '../../schema/access';
import { dateRangeProblem } from '../../schema/listDateRange';
import {
  STATEMENT_KINDS,
  STATEMENT_MAX_MONTHS,
  STATEMENT_MAX_PAGE,
  type MerchantStatement,
} from '../../shared/merchant-statement';
import { callerOf } from '../auth/caller';
import type { ServerContext } from '../context';
import { statementFile, type StatementFormat } from '../export/statement-file';
import { checkAccess } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import { ApiError, fieldError } from '../kernel/api-error';
import { languageOf, t } from '../kernel/language';
import { statementOf, type StatementRange } from '../ledger/statement';
import { STATEMENT_ACCOUNTS } from '../ledger/statement-lines';

/**
 * The merchant statement (SPEC §1), behind the transactions report's gate, of the caller's
 * merchant only:
 * - `GET /report/merchant-statement?from&to[&range]`: opening balance, the lines of `range` with
 *   their running balance, money in and out, closing balance and whether it reconciles with the
 *   ledger (`ledger/statement.ts`);
 * - `GET /report/merchant-statement/download?from&to&format=csv|xlsx`: every line as a file, in
 *   the caller's language, with the opening and closing balances and the totals.
 */

const kwd = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{3}$' };
// Days of the ledger's era: an instant before year 1 has no ISO form the database reads.
const day = { type: 'string', format: 'date', pattern: '^(19[7-9][0-9]|2[0-9]{3})-[0-9]{2}-[0-9]{2}$' };
const dates = { from: { ...day, description: 'First Kuwait day' }, to: { ...day, description: 'Last Kuwait day' } };
const rangeDescription =
  `\`from\` and \`to\` are Kuwait days (midnight to midnight, UTC+3). Answers 400 when either is missing, ` +
  `\`from\` is after \`to\` or they are more than ${STATEMENT_MAX_MONTHS} months apart, in the caller's language.`;

const documentSchema = {
  type: ['object', 'null'],
  required: ['entity', 'id', 'number'],
  properties: {
    entity: { type: 'string', enum: ['transaction', 'refund', 'capture', 'payment_transfer'] },
    id: { type: 'integer' },
    number: { type: ['string', 'null'] },
  },
};

const lineSchema = {
  type: 'object',
  required: ['id', 'at', 'kind', 'description', 'debit', 'credit', 'informational', 'amount', 'balance'],
  properties: {
    id: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    kind: { type: 'string', enum: [...STATEMENT_KINDS] },
    description: { type: 'string' },
    document: {
      ...documentSchema,
      description: 'The refund, capture or transfer the line carries out, else its payment',
    },
    transaction: documentSchema,
    invoice_reference: { type: ['string', 'null'] },
    debit: kwd,
    credit: kwd,
    informational: { type: 'boolean', description: 'A move inside the balance: no debit or credit' },
    amount: kwd,
    balance: { ...kwd, description: 'The balance after the line' },
  },
};

const statementSchema = {
  type: 'object',
  required: [
    'merchant',
    'from',
    'to',
    'accounts',
    'opening_balance',
    'money_in',
    'money_out',
    'closing_balance',
    'ledger_balance',
    'reconciles',
    'total',
    'range',
    'lines',
  ],
  properties: {
    merchant: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, name_ar: { type: ['string', 'null'] } },
    },
    from: { type: 'string' },
    to: { type: 'string' },
    accounts: { type: 'array', items: { type: 'string' }, description: 'The ledger accounts that make the balance' },
    opening_balance: kwd,
    money_in: kwd,
    money_out: kwd,
    closing_balance: { ...kwd, description: 'Opening balance + money in − money out' },
    ledger_balance: { ...kwd, description: "The balance at the end of `to`, from the ledger's daily sums" },
    reconciles: { type: 'boolean', description: '`closing_balance` equals `ledger_balance`' },
    total: { type: 'integer', minimum: 0, description: 'Lines in the period' },
    range: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    lines: { type: 'array', items: lineSchema },
  },
};

/** 400 (in the caller's language) for a range the statement does not cover. */
function checkedDates(query: { from?: string; to?: string }): { from: string; to: string } {
  const problem = dateRangeProblem({ field: 'at', maxMonths: STATEMENT_MAX_MONTHS }, query);
  if (problem) {
    const field = problem.filter.endsWith('_gte') ? 'from' : 'to';
    throw new ApiError(400, problem.key, { [field]: { key: problem.key, params: problem.params } }, problem.params);
  }
  return { from: query.from as string, to: query.to as string };
}

/** `range` as lists take it: JSON `[first, last]`, at most `STATEMENT_MAX_PAGE` lines. */
function rangeOf(raw: string | undefined): StatementRange {
  if (raw === undefined) return [0, STATEMENT_MAX_PAGE - 1];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('range', 'app.message.invalid_json');
  }
  const index = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!Array.isArray(value) || value.length !== 2 || !index(value[0]) || !index(value[1]) || value[1] < value[0])
    throw fieldError('range', 'validation.type');
  return [value[0], Math.min(value[1], value[0] + STATEMENT_MAX_PAGE - 1)];
}

/** The caller's statement of the checked dates, its lines described in the caller's language. */
async function statementFor(
  ctx: ServerContext,
  request: FastifyRequest,
  dates: { from: string; to: string },
  range?: StatementRange,
): Promise<MerchantStatement> {
  const { merchant } = callerOf(request);
  const language = languageOf(request);
  const figures = await statementOf(ctx.db, merchant.id, dates.from, dates.to, range);
  return {
    merchant: { id: merchant.id, name: merchant.name, name_ar: merchant.name_ar },
    ...figures,
    lines: figures.lines.map((line) => ({
      ...line,
      description: t(language, `app.merchant_statement.lines.${line.kind}`),
    })),
  };
}

/** Registers the statement and its download when the server serves transactions. */
export function merchantStatementRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const transaction = ctx.entities.find((entity) => entity.$id === 'transaction');
  if (!transaction) return;
  const gate = operationGate(transaction, 'list');
  const onRequest = async (request: FastifyRequest) => checkAccess(callerOf(request), gate);
  const balance = STATEMENT_ACCOUNTS.map((account) => `\`${account}\``).join(', ');

  app.get(
    '/report/merchant-statement',
    {
      onRequest,
      schema: {
        tags: ['transaction'],
        summary: 'Merchant statement: opening balance, every movement with its running balance, closing balance',
        description:
          `${rangeDescription}\n\nThe balance is what the gateway owes the merchant: the ledger accounts ${balance}. ` +
          'Payments and captures are credits; refunds, admin charges, commission and transfers paid to the bank are ' +
          'debits; a transfer made, held or released moves money inside the balance and is an informational line. ' +
          'Lines are paged with `range` (JSON `[first, last]`, at most ' +
          `${STATEMENT_MAX_PAGE} lines; 400 when it is not such a pair) and counted in \`total\` and \`Content-Range\`. \`reconciles\` is computed: ` +
          'the opening balance plus every line equals the balance the ledger holds at the end of `to`.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...dates,
            range: { type: 'string', maxLength: 100, description: 'JSON [first, last] line index' },
          },
        },
        response: { 200: statementSchema, ...errorResponses },
      },
    },
    async (request, reply): Promise<MerchantStatement> => {
      const query = request.query as { from?: string; to?: string; range?: string };
      const dates = checkedDates(query);
      const statement = await statementFor(ctx, request, dates, rangeOf(query.range));
      const [first, last] = statement.range;
      reply.header('content-range', `lines ${first}-${last}/${statement.total}`);
      return statement;
    },
  );

  app.get(
    '/report/merchant-statement/download',
    {
      onRequest,
      schema: {
        tags: ['transaction'],
        summary: 'Download the merchant statement as CSV or XLSX',
        description:
          `${rangeDescription}\n\nEvery line of the period, with the opening balance, the totals of debits and ` +
          'credits and the closing balance; headings, kinds and descriptions in the language of the `locale` header ' +
          '(or `Accept-Language`). Amounts in KWD with three decimals; times in Kuwait time.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...dates, format: { type: 'string', enum: ['csv', 'xlsx'], default: 'csv' } },
        },
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: {
            description: 'The file, as an attachment',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', format: 'binary' },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { from?: string; to?: string; format?: StatementFormat };
      const dates = checkedDates(query);
      const statement = await statementFor(ctx, request, dates);
      const file = statementFile(statement, languageOf(request), query.format ?? 'csv');
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(typeof file.bytes === 'string' ? file.bytes : Buffer.from(file.bytes));
    },
  );
}
