import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schema/registry';
import type { PropertySchema } from '../../src/schema/types';
import { WebhookDispatcher } from '../../src/server/messaging/webhook-dispatcher';
import type { ResolvedAddress } from '../../src/server/messaging/webhook-target';
import { queueWebhook } from '../../src/server/messaging/webhooks';
import { ACCOUNTS, Client, writableOf } from './helpers/client';
import { kuwaitDate } from './helpers/pay';
import { DRIVERS, startServer, type TestServer, merchantIdOf, firstSuccessfulTransaction } from './helpers/server';
import { webhookEndpoint, type WebhookEndpoint } from './helpers/webhook-endpoint';

/**
 * Webhooks go to https addresses on the public internet only (a server without
 * `webhooksAllowPrivate`): a URL naming this machine or a private network is refused when it is
 * saved, on every schema property that holds a webhook URL, and a host name resolving to such an
 * address is refused when the webhook is sent — logged as failed, never retried, and the address
 * never connected to.
 */

type Row = Record<string, unknown> & { id: number };

const REFUSED_URLS = [
  'http://hooks.example.com/bawaba',
  'https://127.0.0.1/hooks',
  'https://[::1]/hooks',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.5/hooks',
  'https://[::ffff:127.0.0.1]/hooks',
  'https://localhost/hooks',
  'https://user:secret@hooks.example.com/hooks',
];

const MESSAGES = {
  en: 'Use an https address on the public internet',
  ar: 'استخدم عنوان https على الإنترنت العام',
};

/** Schema properties that hold a webhook URL, by entity. */
function webhookProperties(): [string, string, PropertySchema][] {
  return Object.values(entitySchemas).flatMap((entity) =>
    Object.entries(entity.properties)
      .filter(([name]) => /webhook/i.test(name) && name.endsWith('url'))
      .map(([name, property]): [string, string, PropertySchema] => [entity.$id, name, property]),
  );
}

describe('webhook URL rule in the schemas', () => {
  it('is on every property that holds a webhook URL', () => {
    const found = webhookProperties();
    expect(found.map(([entity, name]) => `${entity}.${name}`)).toEqual(
      expect.arrayContaining([
        'invoice.webhook_url',
        'merchant.webhook_url',
        'notification_setting.webhook_url',
        'subscription.webhook_url',
      ]),
    );
    for (const [, , property] of found) expect(property.format).toBe('webhook-url');
  });
});

describe.each(DRIVERS)('webhook addresses (%s)', (driver) => {
  let server: TestServer;
  let merchant: Client;
  let endpoint: WebhookEndpoint;
  let merchantId: number;
  let transaction: Row;

  beforeAll(async () => {
    server = await startServer(driver);
    merchant = await Client.signIn(server.app, ACCOUNTS.merchant);
    endpoint = await webhookEndpoint();
    merchantId = await merchantIdOf(server, ACCOUNTS.merchant.email);
    transaction = await firstSuccessfulTransaction(server, merchantId);
  });
  afterAll(async () => {
    await server?.close();
    await endpoint?.close();
  });

  const ctx = () => server.app.bawaba;
  const count = async (entity: string) => {
    const [{ total }] = await ctx().db.query<{ total: number }>(
      `select count(*)::integer as total from ${ctx().stores.get(entity)?.table}`,
    );
    return total;
  };

  /** Each way a merchant saves a webhook URL: the request, and what must be unchanged after a refusal. */
  const writes: [string, (url: string, locale: 'en' | 'ar') => ReturnType<Client['post']>, () => Promise<unknown>][] = [
    [
      'a new invoice',
      (url, locale) =>
        merchant.post(
          '/v1/invoice',
          { kind: 'quick', customer_name: 'Hook Test', mobile: '96550001234', amount: '1.000', webhook_url: url },
          { locale },
        ),
      () => count('invoice'),
    ],
    [
      'a new subscription',
      (url, locale) =>
        merchant.post(
          '/v1/subscription',
          {
            customer_name: 'Hook Test',
            mobile: '96550001234',
            amount: '2.000',
            frequency: 'monthly',
            number_of_periods: 2,
            start_date: kuwaitDate(0),
            webhook_url: url,
          },
          { locale },
        ),
      () => count('subscription'),
    ],
    [
      'the merchant profile',
      async (url, locale) => {
        const profile = (await merchant.get('/v1/profile/merchant')).json() as Row;
        return merchant.put(
          '/v1/profile/merchant',
          { ...writableOf('merchant', profile), webhook_url: url },
          { locale },
        );
      },
      async () => (await merchant.get('/v1/profile/merchant')).json(),
    ],
    [
      'the notification settings',
      (url, locale) =>
        merchant.put(
          '/v1/push-notification/settings',
          { push_enabled: true, push_sub_users: false, webhook_url: url },
          { locale },
        ),
      async () => (await merchant.get('/v1/push-notification/settings')).json(),
    ],
  ];

  describe.each(writes)('saving %s', (_name, write, state) => {
    it.each(REFUSED_URLS)('refuses %s in English and Arabic, writing nothing', async (url) => {
      const before = await state();
      for (const locale of ['en', 'ar'] as const) {
        const refused = await write(url, locale);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors).toEqual({ webhook_url: MESSAGES[locale] });
      }
      expect(await state()).toEqual(before);
    });

    it('accepts an https address of a public host', async () => {
      const saved = await write('https://hooks.example.com/bawaba', 'en');
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      expect(saved.json().webhook_url).toBe('https://hooks.example.com/bawaba');
    });
  });

  const queue = (webhookUrl: string) =>
    ctx().db.transaction(
      async (tx) =>
        (await queueWebhook(tx, ctx(), merchantId, { transaction, invoiceReference: null, webhookUrl })) as Row,
    );
  const deliveryOf = async (id: number) =>
    (await ctx().db.query<Row>(`select * from webhook_deliveries where id = $1::integer`, [id]))[0];
  /** A dispatcher of this server whose resolver answers `addresses` for every host name. */
  const resolvingTo = (...addresses: string[]) => {
    const asked: string[] = [];
    const dispatcher = new WebhookDispatcher(ctx(), {
      resolve: async (host): Promise<ResolvedAddress[]> => {
        asked.push(host);
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    });
    return { dispatcher, asked };
  };

  /** Sends `url` with `dispatcher`: the delivery is failed at once with `error`, and nothing connected. */
  async function expectRefused(dispatcher: WebhookDispatcher, url: string, error: string) {
    const queued = await queue(url);
    const now = new Date();
    await dispatcher.dispatch(now);
    const failed = {
      status: 'failed',
      attempts: 1,
      response_status: null,
      next_attempt_at: null,
      delivered_at: null,
      last_error: error,
    };
    expect(await deliveryOf(queued.id)).toMatchObject(failed);
    // Not retried: the address will not become public by waiting.
    await dispatcher.dispatch(new Date(now.getTime() + 365 * 86_400_000));
    expect(await deliveryOf(queued.id)).toMatchObject(failed);
    expect(endpoint.connections.count).toBe(0);
    expect(endpoint.received).toEqual([]);
  }

  it('refuses a host name that resolves to a loopback address, and never connects to it', async () => {
    const { dispatcher, asked } = resolvingTo('127.0.0.1');
    await expectRefused(
      dispatcher,
      endpoint.url('/hooks', 'hooks.merchant.test', 'https'),
      'refused: hooks.merchant.test resolves to 127.0.0.1, a loopback address',
    );
    expect(asked).toEqual(['hooks.merchant.test']);
  });

  it('refuses a host name when any of its addresses is private, IPv4-mapped ones included', async () => {
    await expectRefused(
      resolvingTo('93.184.216.34', '10.0.0.5').dispatcher,
      endpoint.url('/hooks', 'mixed.merchant.test', 'https'),
      'refused: mixed.merchant.test resolves to 10.0.0.5, a private network address',
    );
    await expectRefused(
      resolvingTo('::ffff:127.0.0.1').dispatcher,
      endpoint.url('/hooks', 'mapped.merchant.test', 'https'),
      'refused: mapped.merchant.test resolves to ::ffff:127.0.0.1, a loopback address',
    );
    await expectRefused(
      resolvingTo('169.254.169.254').dispatcher,
      endpoint.url('/hooks', 'metadata.merchant.test', 'https'),
      'refused: metadata.merchant.test resolves to 169.254.169.254, a link-local (or cloud metadata) address',
    );
  });

  it('refuses a URL saved before the rule, without resolving it', async () => {
    const { dispatcher, asked } = resolvingTo('93.184.216.34');
    await expectRefused(
      dispatcher,
      endpoint.url('/plain', 'hooks.merchant.test'),
      'refused: only https URLs are called',
    );
    await expectRefused(
      dispatcher,
      endpoint.url('/ip', '127.0.0.1', 'https'),
      'refused: 127.0.0.1 is a loopback address',
    );
    expect(asked).toEqual([]);
  });

  it("is the server's own setting: its dispatcher refuses the local endpoint", async () => {
    await expectRefused(server.app.scheduler.webhooks, endpoint.url(), 'refused: only https URLs are called');
  });
});
