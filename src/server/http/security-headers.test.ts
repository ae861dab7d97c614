import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { Severity } from 'csp_evaluator/dist/finding.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { Version } from 'csp_evaluator/dist/csp.js';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, policyFor } from './security-headers';

/** What Google's CSP Evaluator finds in a policy, at `Severity.MEDIUM` or worse (HIGH, SYNTAX, MEDIUM). */
function seriousFindings(policy: string): string[] {
  return new CspEvaluator(new CspParser(policy).csp, Version.CSP3)
    .evaluate()
    .filter((finding) => finding.severity <= Severity.MEDIUM)
    .map((finding) => `${finding.directive} ${finding.value ?? ''}: ${finding.description}`);
}

const scriptSources = (policy: string) =>
  (/(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? /(?:^|; )default-src ([^;]*)/.exec(policy)?.[1] ?? '').split(' ');

describe('content security policy', () => {
  it.each(Object.entries(CONTENT_SECURITY_POLICY))(
    '%s: the CSP Evaluator finds nothing high or medium',
    (_, policy) => {
      expect(seriousFindings(policy)).toEqual([]);
    },
  );

  it.each(Object.entries(CONTENT_SECURITY_POLICY))('%s: no inline scripts, no plugins, never framed', (_, policy) => {
    expect(scriptSources(policy)).not.toContain("'unsafe-inline'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it.each(Object.entries(CONTENT_SECURITY_POLICY))('%s: runs no code built from strings', (_, policy) => {
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('wasm-unsafe-eval');
  });

  it('lets the portal and the payer pages run our own script files only', () => {
    expect(scriptSources(CONTENT_SECURITY_POLICY.portal)).toEqual(["'self'"]);
    expect(scriptSources(CONTENT_SECURITY_POLICY.pay)).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY.portal).toContain("worker-src 'self'");
  });

  it('picks the policy by address', () => {
    expect(policyFor('/v1/invoice?filter=%7B%7D')).toBe(CONTENT_SECURITY_POLICY.api);
    expect(policyFor('/smspay/INV-2026-000001')).toBe(CONTENT_SECURITY_POLICY.pay);
    expect(policyFor('/transaction-receipt/v1/700000000123')).toBe(CONTENT_SECURITY_POLICY.pay);
    expect(policyFor('/invoice/invoice-list')).toBe(CONTENT_SECURITY_POLICY.portal);
    expect(policyFor('/static/index-3f2a1b.js')).toBe(CONTENT_SECURITY_POLICY.portal);
  });
});
