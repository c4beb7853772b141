import { describe, expect, it } from 'vitest';
import { brandDisplayName, confirmationEmail, escapeHtml, inviteEmail, resetPasswordEmail } from './email-templates';

describe('email templates', () => {
  const link = 'https://web.example/reset-password/abc_DEF-123';

  it('render subject, text and html with the link', () => {
    const email = resetPasswordEmail({ brandName: 'Trackside', username: 'ada', link, expiresInMinutes: 60 });
    expect(email.template).toBe('reset-password');
    expect(email.subject).toBe('Trackside: reset your password');
    expect(email.text).toContain(link);
    expect(email.text).toContain('expires in 60 minutes');
    expect(email.html).toContain(`<a href="${link}">Reset my password</a>`);
    expect(confirmationEmail({ brandName: 'Jewelry', username: 'x', link, expiresInHours: 168 }).text).toContain('expires in 7 days');
    expect(inviteEmail({ brandName: 'Jewelry', username: 'x', link, expiresInHours: 24, invitedBy: 'sam' }).text).toContain(
      'sam invited you to Jewelry',
    );
  });

  it('escape user-provided values in HTML', () => {
    const email = confirmationEmail({ brandName: 'T', username: '<script>alert(1)</script>', link, expiresInHours: 5 });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&#60;script&#62;');
    expect(email.text).toContain('<script>');
    expect(escapeHtml(`"'&`)).toBe('&#34;&#39;&#38;');
  });

  it('name brands from their id', () => {
    expect(brandDisplayName('trackside')).toBe('Trackside');
    expect(brandDisplayName('race-parts')).toBe('Race Parts');
  });
});
