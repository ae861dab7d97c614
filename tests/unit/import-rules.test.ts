import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules `npm run lint` checks (`.dependency-cruiser.cjs`), tried on small trees of files
 * laid out like the project: each broken rule is reported by name, and downward imports pass.
 */

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Writes `files` (path → the paths it imports) into a fresh tree and cruises it; the rules broken, by name. */
async function violationsOf(files: Record<string, string[]>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  roots.push(root);
  for (const [path, imports] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    const lines = imports.map((target, i) => {
      const from = dirname(path)
        .split('/')
        .map(() => '..');
      return `import * as m${i} from '${[...from, target.replace(/\.ts$/, '')].join('/')}';\nvoid m${i};`;
    });
    writeFileSync(file, `${lines.join('\n')}\nexport const here = 1;\n`);
  }
  const result = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx'] },
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return [...new Set(result.output.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe('import rules', () => {
  it('let every layer import the layers under it', async () => {
    expect(
      await violationsOf({
        'src/shared/money.ts': [],
        'src/schema/registry.ts': ['src/shared/money.ts'],
        'src/server/kernel/api-error.ts': ['src/shared/money.ts'],
        'src/server/db/database.ts': [],
        'src/server/storage/records.ts': ['src/server/kernel/api-error.ts', 'src/server/db/database.ts'],
        'src/server/payments/pay.ts': ['src/server/storage/records.ts', 'src/schema/registry.ts'],
        'src/server/messaging/sms.ts': ['src/server/payments/pay.ts'],
        'src/server/context.ts': ['src/server/payments/pay.ts'],
        'src/server/payments/routes.ts': ['src/server/payments/pay.ts', 'src/server/context.ts'],
        'src/server/routes/resources.ts': ['src/server/payments/routes.ts'],
        'src/server/app.ts': ['src/server/routes/resources.ts', 'src/server/seed/seed.ts'],
        'src/server/seed/seed.ts': ['src/server/payments/pay.ts'],
        'src/portal/App.tsx': ['src/schema/registry.ts'],
      }),
    ).toEqual([]);
  });

  it('refuse a cycle, however long', async () => {
    expect(
      await violationsOf({
        'src/server/payments/a.ts': ['src/server/payments/b.ts'],
        'src/server/payments/b.ts': ['src/server/messaging/c.ts'],
        'src/server/messaging/c.ts': ['src/server/payments/a.ts'],
      }),
    ).toEqual(['no-circular']);
  });

  it('refuse storage reaching up into the domain (history and the activity log listen instead)', async () => {
    expect(
      await violationsOf({
        'src/server/storage/records.ts': ['src/server/audit/trail.ts'],
        'src/server/audit/trail.ts': [],
      }),
    ).toEqual(['no-upward-import-from-storage']);
  });

  it('refuse the kernel reaching up into storage', async () => {
    expect(
      await violationsOf({
        'src/server/kernel/validation.ts': ['src/server/storage/records.ts'],
        'src/server/storage/records.ts': [],
      }),
    ).toEqual(['no-upward-import-from-kernel']);
  });

  it('refuse a domain module importing a route, even in its own folder', async () => {
    expect(
      await violationsOf({
        'src/server/payments/pay.ts': ['src/server/payments/routes.ts'],
        'src/server/payments/routes.ts': [],
        'src/server/auth/two-factor.ts': ['src/server/routes/own.ts'],
        'src/server/routes/own.ts': [],
      }),
    ).toEqual(['no-upward-import-from-domain']);
  });

  it('refuse routes reaching into the wiring', async () => {
    expect(
      await violationsOf({
        'src/server/routes/auth.ts': ['src/server/app.ts'],
        'src/server/app.ts': [],
      }),
    ).toEqual(['no-upward-import-from-http']);
  });

  it('keep the foundation and the browser parts off the server', async () => {
    expect(
      await violationsOf({
        'src/schema/registry.ts': ['src/server/storage/records.ts'],
        'src/portal/App.tsx': ['src/server/kernel/api-error.ts'],
        'src/pay/main.tsx': ['src/portal/App.tsx'],
        'src/server/storage/records.ts': [],
        'src/server/kernel/api-error.ts': [],
      }),
    ).toEqual(['browser-imports-no-server', 'foundation-imports-no-part', 'portal-and-payer-pages-apart']);
  });
});
