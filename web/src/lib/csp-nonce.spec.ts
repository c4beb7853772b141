import { describe, expect, it } from 'vitest';
import { readCspNonce } from './csp-nonce';

const docWith = (meta: Partial<HTMLMetaElement> | null) => ({ querySelector: () => meta }) as unknown as Pick<Document, 'querySelector'>;

describe('readCspNonce', () => {
  it('reads the nonce property (browsers hide the attribute once the policy applies)', () => {
    expect(readCspNonce(docWith({ nonce: 'n0nce', getAttribute: () => '' }))).toBe('n0nce');
  });

  it('falls back to the attribute, and is undefined without the meta', () => {
    expect(readCspNonce(docWith({ nonce: '', getAttribute: () => 'attr' }))).toBe('attr');
    expect(readCspNonce(docWith(null))).toBeUndefined();
  });
});
