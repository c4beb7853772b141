import { describe, expect, it } from 'vitest';
import { SocialSecrets } from './social-secrets';

describe('social provider secrets at rest', () => {
  it('seal to an opaque text that opens with the same key only', () => {
    const secrets = new SocialSecrets('a-long-master-secret-a-long-master-secret');
    const sealed = secrets.seal('client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(secrets.open(sealed)).toBe('client-secret-123');
    expect(secrets.seal('client-secret-123')).not.toBe(sealed);
    expect(new SocialSecrets('another-master-secret-another-master').open(sealed)).toBeNull();
  });

  it('refuse tampered or malformed texts', () => {
    const secrets = new SocialSecrets('a-long-master-secret-a-long-master-secret');
    const sealed = secrets.seal('x');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(secrets.open(parts.join('.'))).toBeNull();
    expect(secrets.open('garbage')).toBeNull();
  });
});
