import { describe, expect, it } from 'vitest';
import { readErrorReportingDsn, startErrorReporting } from './error-reporting';

const docWith = (content: string | null) =>
  ({ querySelector: () => (content === null ? null : { content }) }) as unknown as Pick<Document, 'querySelector'>;

describe('client error reporting', () => {
  it('reads the DSN the gateway wrote into the page, none when absent or blank', () => {
    expect(readErrorReportingDsn(docWith(' http://key@127.0.0.1:9/1 '))).toBe('http://key@127.0.0.1:9/1');
    expect(readErrorReportingDsn(docWith('  '))).toBeNull();
    expect(readErrorReportingDsn(docWith(null))).toBeNull();
  });

  it('stays off without a DSN (the SDK is not loaded)', async () => {
    expect(await startErrorReporting(null)).toBe(false);
  });
});
