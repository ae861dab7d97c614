import type { FastifyInstance } from 'fastify';
import { adminOnly } from '../http/guard';
import { errorResponses } from '../http/shared-schemas';
import type { SandboxClock } from '../messaging/sandbox-clock';

/** A year and a day: more would only be a typing slip. */
const MAX_MINUTES = 366 * 24 * 60;

const body = {
  type: 'object',
  required: ['advance_minutes'],
  additionalProperties: false,
  properties: {
    advance_minutes: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_MINUTES,
      description: 'How many minutes to move the clock forward',
    },
  },
} as const;

const answer = {
  type: 'object',
  required: ['now', 'tick'],
  properties: {
    now: { type: 'string', format: 'date-time' },
    tick: {
      type: 'object',
      description: 'What the tick run at the new time did, by kind: how many records each step handled.',
      properties: {
        invoices: { type: 'integer' },
        uploads: { type: 'integer' },
        charges: { type: 'integer' },
        swept: { type: 'integer' },
        transfers: { type: 'integer' },
        webhooks: { type: 'integer' },
        rent: { type: 'integer', description: "Rent invoices issued on their tenants' sending days" },
      },
    },
  },
} as const;

/**
 * `POST /sandbox/clock` `{ advance_minutes }` (only on a server started with `SANDBOX_CLOCK=1`;
 * elsewhere the path does not exist, 404): the merchant's admin moves the server's clock forward
 * and runs the scheduler once at the new time (`SandboxClock`). The clock is the whole server's,
 * every merchant's: a development and test tool, never a production one.
 */
export function sandboxClockRoutes(app: FastifyInstance, clock: SandboxClock): void {
  app.post(
    '/sandbox/clock',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['sandbox'],
        summary: "Move the sandbox server's clock forward",
        description:
          'Development servers only (`SANDBOX_CLOCK=1`; 404 elsewhere). Moves the clock every time rule reads ' +
          '`advance_minutes` forward (it keeps running from there), then runs one scheduler tick at the new time: ' +
          'pending test cards settle, links expire, scheduled SMS leave, webhooks due are sent. Answers the new ' +
          'time and what the tick did. 403 for an employee.',
        body,
        response: { 200: answer, ...errorResponses },
      },
    },
    async (request) => {
      const { advance_minutes: minutes } = request.body as { advance_minutes: number };
      const { now, tick } = await clock.advance(minutes);
      return { now: now.toISOString(), tick };
    },
  );
}
