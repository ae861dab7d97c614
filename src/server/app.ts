import type Ajv from 'ajv';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ajvOptions } from '../schema/ajv';
import { checkRegistry } from '../schema/check/checkRegistry';
import { formatsFor, installVocabulary, type VocabularyOptions } from '../schema/keywords';
import { entitySchemas } from '../schema/registry';
import { installAuditContext } from './audit/context';
import { withRedaction } from './audit/log-redaction';
import { authenticate } from './http/guard';
import { revokeSessionsOnDisable } from './auth/sessions';
import { bulkUploadRoutes } from './bulk/routes';
import type { ContextOptions, ServerContext } from './context';
import { createContext } from './create-context';
import { exportRoutes } from './export/routes';
import { openDatabase, type DatabaseOptions } from './db/open';
import { ApiError } from './kernel/api-error';
import { installErrorHandling, sendApiError } from './http/error-handler';
import { installHttpConventions } from './http/conventions';
import { installMessaging, type MessagingOptions } from './messaging/install';
import { resendRoutes } from './messaging/resend-route';
import { notificationReadRoutes } from './routes/notifications-read';
import { webhookResendRoutes } from './messaging/webhook-resend-route';
import { SandboxClock } from './messaging/sandbox-clock';
import { installPaymentEffects } from './payments/effects';
import { installOrderRejection } from './sales/order-rejection';
import { installProperty } from './property/install';
import { payRoutes } from './payments/routes';
import { tenantPayRoutes } from './payments/tenant-routes';
import { tenantPaySchemas } from './payments/tenant-schemas';
import { storefrontRoutes } from './sales/routes';
import { stockListingRoutes } from './sales/stock-listing-routes';
import { owedIndexes } from './collections/owed';
import { collectionsRoutes } from './collections/routes';
import { storefrontSchemas } from './sales/schemas';
import { paySchemas } from './payments/schemas';
import { sharedSerializers } from './http/serializers';
import { SHARED_SCHEMAS } from './http/shared-schemas';
import { entityRouteSchemas } from './http/route-schemas';
import { accountRoutes, accountSchemas } from './routes/account';
import { keysRevealRoutes, keysRevealSchemas } from './routes/keys-reveal';
import { assetReportRoutes } from './routes/asset-report';
import { commissionReportRoutes } from './routes/commission-report';
import { merchantUsageReportRoutes } from './routes/merchant-usage-report';
import { authRoutes, authSchemas, sessionRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { merchantStatementRoutes } from './routes/merchant-statement';
import { transactionEnquiryRoutes } from './routes/transaction-enquiry';
import { paymentTransferRoutes } from './routes/payment-transfers';
import { searchRoutes } from './routes/search';
import { moneyTrailRoutes } from './routes/money-trail';
import { fileRoutes } from './routes/files';
import { openapiRoutes, swaggerOptions } from './routes/openapi';
import { ownRoutes } from './routes/own';
import { passwordChangeRoutes, passwordRoutes, passwordSchemas } from './routes/password';
import { referenceRoutes, referenceSchemas } from './routes/reference';
import { registerResources } from './routes/resources';
import { registerTransitions } from './routes/transitions';
import { sandboxClockRoutes } from './routes/sandbox-clock';
import { twoFactorRoutes, twoFactorSchemas, twoFactorSignInRoutes } from './routes/two-factor';
import { STATEMENT_LINES_BACKFILL } from './ledger/statement-lines';
import { rentIssueRoutes } from './rentals/issue-route';
import { rentInvoiceIndexes } from './rentals/rent-issue';
import { seedDemo } from './seed/seed';
import { migrate } from './storage/migrate';
import { servePortal, type PortalOptions } from './web/portal';

export interface BuildOptions extends ContextOptions, MessagingOptions {
  /** Where the data lives; default an in-memory embedded database. */
  database?: DatabaseOptions;
  /** Fill an empty database with the demo merchants and their data (default true). */
  seed?: boolean;
  /** Serve the built portal too (production entry point). */
  portal?: PortalOptions;
  logger?: FastifyServerOptions['logger'];
  /** Proxies trusted to name the client and the scheme (`config.ts`, `TRUST_PROXY`); default none. */
  trustProxy?: boolean | number | string;
  /** How often the outbox retries pending messages; 0 disables the sweep. */
  outboxIntervalMs?: number;
  /** Rows a CSV export reads per statement (default 5,000). */
  exportBatchSize?: number;
  /**
   * Serve `POST /v1/sandbox/clock`, which moves the whole server's clock forward (`SANDBOX_CLOCK`,
   * development and tests only); default off.
   */
  sandboxClock?: boolean;
}

/**
 * Our formats (`webhook-url` as the server's setting allows), keywords and hint vocabulary for
 * Fastify's ajv. The plugin is named `formatsPlugin`: @fastify/ajv-compiler adds ajv-formats itself
 * unless a plugin of that name is given, and ours already installs it.
 */
const vocabularyPlugin = (options: VocabularyOptions) => {
  const formatsPlugin = (ajv: Ajv) => installVocabulary(ajv, options);
  return formatsPlugin;
};

/** Fastify's `trustProxy` from ours: a number of hops becomes the test Fastify's types ask for. */
function trustedProxies(
  trust: BuildOptions['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : (trust ?? false);
}

/**
 * The whole server: checks the schemas, opens and migrates the database, seeds an empty one, and
 * returns a Fastify instance with the /v1 API (and the portal when asked). Closing the instance
 * closes the database.
 */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  // A schema mistake (a misspelled x- key, a permission no employee can hold) stops the start, by file and pointer.
  checkRegistry(options.entities ?? Object.values(entitySchemas));
  const db = await openDatabase(options.database ?? { dataDir: null });
  const vocabulary: VocabularyOptions = { webhooksAllowPrivate: options.webhooksAllowPrivate };
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    trustProxy: trustedProxies(options.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    ajv: {
      // Bodies are checked exactly as sent: no coercion, no defaults added, no fields silently dropped.
      customOptions: { ...ajvOptions, coerceTypes: false, useDefaults: false, removeAdditional: false },
      plugins: [vocabularyPlugin(vocabulary)],
    },
    // The response serialiser checks conditional schemas (if/then, anyOf) with an ajv of its own,
    // which needs our formats too: it would otherwise warn of each one and ignore it.
    serializerOpts: { ajv: { formats: formatsFor(vocabulary) } },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
  });
  let ctx: ServerContext;
  try {
    const entities = options.entities ?? Object.values(entitySchemas);
    await migrate(db, entities, [
      ...STATEMENT_LINES_BACKFILL,
      ...rentInvoiceIndexes(entities),
      ...owedIndexes(entities),
    ]);
    ctx = await createContext(db, options, app.log);
    installPaymentEffects(ctx);
    installOrderRejection(ctx);
    installProperty(ctx);
    revokeSessionsOnDisable(ctx.effects, ctx.sessions);
    if (options.seed !== false) await seedDemo(ctx);
  } catch (error) {
    await db.close();
    throw error;
  }

  app.decorate('bawaba', ctx);
  const sandboxClock = options.sandboxClock ? new SandboxClock(() => app.scheduler) : null;
  app.decorateRequest('caller', null);
  app.decorateRequest('pendingFiles', null);
  app.addHook('onClose', async () => {
    sandboxClock?.reset();
    await ctx.outbox.stop();
    await ctx.uploads.close();
    await db.close();
  });

  installHttpConventions(app);
  installAuditContext(app);
  installErrorHandling(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: 10 * 1024 * 1024, files: 5 } });
  await app.register(fastifySwagger, swaggerOptions(ctx.publicUrl, ctx.entities));
  for (const schema of [
    ...SHARED_SCHEMAS,
    ...ctx.entities.flatMap(entityRouteSchemas),
    ...authSchemas,
    ...passwordSchemas,
    ...twoFactorSchemas,
    ...accountSchemas,
    ...keysRevealSchemas,
    ...referenceSchemas,
    ...paySchemas,
    ...tenantPaySchemas,
    ...storefrontSchemas,
  ]) {
    app.addSchema(schema);
  }

  await app.register(
    async (v1) => {
      authRoutes(v1, ctx);
      passwordRoutes(v1, ctx);
      twoFactorSignInRoutes(v1, ctx);
      referenceRoutes(v1, ctx);
      fileRoutes(v1, ctx);
      payRoutes(v1, ctx);
      tenantPayRoutes(v1, ctx);
      storefrontRoutes(v1, ctx);
      openapiRoutes(v1, () => app.swagger());
      await v1.register(async (signedIn) => {
        signedIn.addHook('onRequest', authenticate(ctx));
        accountRoutes(signedIn, ctx);
        keysRevealRoutes(signedIn, ctx);
        sessionRoutes(signedIn, ctx);
        passwordChangeRoutes(signedIn, ctx);
        twoFactorRoutes(signedIn, ctx);
        assetReportRoutes(signedIn, ctx);
        stockListingRoutes(signedIn, ctx);
        collectionsRoutes(signedIn, ctx);
        commissionReportRoutes(signedIn, ctx);
        merchantStatementRoutes(signedIn, ctx);
        merchantUsageReportRoutes(signedIn, ctx);
        dashboardRoutes(signedIn, ctx);
        transactionEnquiryRoutes(signedIn, ctx);
        paymentTransferRoutes(signedIn, ctx);
        moneyTrailRoutes(signedIn, ctx);
        searchRoutes(signedIn, ctx);
        bulkUploadRoutes(signedIn, ctx);
        registerResources(signedIn, ctx);
        registerTransitions(signedIn, ctx);
        exportRoutes(signedIn, ctx, { batchSize: options.exportBatchSize });
        ownRoutes(signedIn, ctx);
        resendRoutes(signedIn, ctx);
        rentIssueRoutes(signedIn, ctx);
        notificationReadRoutes(signedIn, ctx);
        webhookResendRoutes(signedIn, ctx);
        if (sandboxClock) sandboxClockRoutes(signedIn, sandboxClock);
      });
    },
    { prefix: '/v1' },
  );

  const fallback = options.portal ? await servePortal(app, options.portal) : null;
  // Answers by calling send (not by returning the reply), so a streamed index.html is awaited once.
  app.setNotFoundHandler((request, reply) => {
    if (!fallback?.(request, reply)) void sendApiError(request, reply, new ApiError(404, 'app.message.not_found'));
  });

  installMessaging(app, ctx, options);
  if (options.outboxIntervalMs !== 0) ctx.outbox.start(options.outboxIntervalMs ?? 5_000);
  return app;
}
