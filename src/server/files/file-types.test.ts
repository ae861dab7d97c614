import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../schema/registry';
import { HTML_PAGE, SVGS } from '../../../tests/support/uploads/crafted';
import { markupOf, mimeOfExtension, sniff } from './file-types';

/** Document uploads (SPEC §5: jpg, png, jpeg, pdf, txt, doc) are recognised by content alone. */

const COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const directory = (name: string) => Buffer.concat([COMPOUND, Buffer.alloc(504), Buffer.from(name, 'utf16le')]);

describe('sniff', () => {
  it('knows a Word 97–2003 document by its compound file and WordDocument stream', () => {
    expect(sniff(directory('WordDocument'))).toEqual({ mime: 'application/msword', ext: 'doc' });
  });

  it('does not take another compound file (a spreadsheet) for a Word document', () => {
    expect(sniff(directory('Workbook'))).toBeNull();
  });

  it('knows plain text in any language, with tabs and line breaks', () => {
    const text = Buffer.from('Licence no.\t384512\r\nرخصة تجارية\n');
    expect(sniff(text)).toEqual({ mime: 'text/plain', ext: 'txt' });
  });

  it('refuses binary content, invalid UTF-8 and empty files as text', () => {
    expect(sniff(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull();
    expect(sniff(Buffer.from([0x61, 0x62, 0xc3, 0x28]))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });

  it('still puts signatures first: a PDF is a PDF, not text', () => {
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
  });

  it('serves stored documents with their type', () => {
    expect(mimeOfExtension('doc')).toBe('application/msword');
    expect(mimeOfExtension('txt')).toBe('text/plain');
  });
});

describe('markup', () => {
  it('knows SVG behind a declaration, a comment, a doctype or a byte order mark, in any case', () => {
    for (const [dress, svg] of Object.entries(SVGS)) expect(markupOf(svg), dress).toBe('svg');
    expect(markupOf(Buffer.from('<!DOCTYPE svg><x/>'))).toBe('svg');
  });

  it('knows other markup, and leaves text that merely mentions a tag alone', () => {
    expect(markupOf(HTML_PAGE)).toBe('markup');
    expect(markupOf(Buffer.from('<?xml version="1.0"?><invoice/>'))).toBe('markup');
    expect(markupOf(Buffer.from('Logo drawn as <svg> by the agency'))).toBeNull();
  });

  it('is never plain text, nor any type a field may accept', () => {
    for (const file of [...Object.values(SVGS), HTML_PAGE]) expect(sniff(file)).toBeNull();
    expect(mimeOfExtension('svg')).toBeUndefined();
    expect(mimeOfExtension('html')).toBeUndefined();
  });
});

describe('x-file accept lists of every schema', () => {
  const known = [
    'image/png',
    'image/jpeg',
    'image/webp',
    'image/gif',
    'application/pdf',
    'application/msword',
    'text/plain',
  ];
  it('name only types recognised by content, never SVG', () => {
    const accepted = Object.values(entitySchemas).flatMap((entity) =>
      Object.values(entity.properties).flatMap((property) => property['x-file']?.accept ?? []),
    );
    expect(accepted.length).toBeGreaterThan(0);
    for (const type of accepted) expect(known).toContain(type);
    expect(accepted).not.toContain('image/svg+xml');
  });
});
