import { describe, expect, it } from 'vitest';
import {
  checkLoginInput,
  checkProfileChanges,
  checkRegistration,
  hasTooManyDollars,
  isStrongPassword,
  isValidEmail,
  isValidUsername,
  loginRefusal,
  passwordProblem,
} from './account-rules';

const valid = { email: 'Ada@Example.com ', password: 'Sup3r$ecret', username: 'ada1815', firstName: ' Ada ', lastName: 'King' };
const open = { allowRegister: true, defaultRoleExists: true };

describe('registration rules', () => {
  it('accepts a valid registration and normalises it', () => {
    expect(checkRegistration(valid, open)).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: 'Sup3r$ecret', username: 'ada1815', firstName: 'Ada', lastName: 'King' },
    });
  });

  it('answers the first broken rule in Strapi’s order, then the form rules', () => {
    const code = (input: Record<string, unknown>, settings = open) => {
      const result = checkRegistration(input, settings);
      return result.ok ? 'ok' : result.code;
    };
    const everythingWrong = { email: 'bad', password: 'a$b$c$d$', username: '!', firstName: '', lastName: '' };
    expect(code(everythingWrong, { allowRegister: false, defaultRoleExists: false })).toBe('Auth.advanced.allow_register');
    expect(code({ ...everythingWrong, password: '' })).toBe('Auth.form.error.password.provide');
    expect(code({ ...everythingWrong, email: ' ' })).toBe('Auth.form.error.email.provide');
    expect(code(everythingWrong, { allowRegister: true, defaultRoleExists: false })).toBe('Auth.form.error.password.format');
    expect(code({ ...everythingWrong, password: 'weak' }, { allowRegister: true, defaultRoleExists: false })).toBe(
      'Auth.form.error.role.notFound',
    );
    expect(code({ ...everythingWrong, password: 'weak' })).toBe('Auth.form.error.email.format');
    expect(code({ ...everythingWrong, email: 'a@b.co', password: 'weak' })).toBe('Auth.form.error.password.strength');
    expect(code({ ...everythingWrong, email: 'a@b.co', password: 'Str0ng!pw' })).toBe('Auth.form.error.firstName.provide');
    expect(code({ ...everythingWrong, email: 'a@b.co', password: 'Str0ng!pw', firstName: 'A' })).toBe('Auth.form.error.lastName.provide');
    expect(code({ ...valid, username: '   ' })).toBe('Auth.form.error.username.provide');
    expect(code({ ...valid, username: 'a b c d' })).toBe('Auth.form.error.username.format');
  });
});

describe('password rules', () => {
  it('refuses more than three $ (exactly three is fine)', () => {
    expect(hasTooManyDollars('$$$')).toBe(false);
    expect(hasTooManyDollars('$$$$')).toBe(true);
    expect(passwordProblem('A$b$c$d$9')).toBe('Auth.form.error.password.format');
  });

  it('needs 8 characters, an uppercase letter, a digit and a special character', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Abcde1!')).toBe(false);
    expect(isStrongPassword('abcdef1!')).toBe(false);
    expect(isStrongPassword('Abcdefg!')).toBe(false);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
    expect(isStrongPassword('ABCDEF1!')).toBe(true);
    expect(passwordProblem(`A1!${'x'.repeat(200)}`)).toBe('Auth.form.error.password.tooLong');
  });
});

describe('emails and display names', () => {
  it('recognises email addresses', () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.org', 'x@y.demo']) expect(isValidEmail(email)).toBe(true);
    for (const email of ['', 'a', 'a@b', 'a@b.c', 'a b@c.com', '@b.com', 'a@@b.com', `${'a'.repeat(250)}@b.com`])
      expect(isValidEmail(email)).toBe(false);
  });

  it('allows 4 to 20 letters and digits', () => {
    expect(isValidUsername('abcd')).toBe(true);
    expect(isValidUsername('A'.repeat(20))).toBe(true);
    for (const name of ['abc', 'A'.repeat(21), 'a_bc', 'ab cd', 'abé1']) expect(isValidUsername(name)).toBe(false);
  });
});

describe('login', () => {
  it('needs an email, then a password', () => {
    expect(checkLoginInput({ email: '', password: '' })).toEqual({ ok: false, code: 'Auth.form.error.email.provide' });
    expect(checkLoginInput({ email: 'a@b.co', password: '' })).toEqual({ ok: false, code: 'Auth.form.error.password.provide' });
    expect(checkLoginInput({ email: ' A@B.co ', password: 'x' })).toEqual({ ok: true, email: 'a@b.co', password: 'x' });
  });

  it('tells blocked before unconfirmed, and unconfirmed only when the brand requires confirmation', () => {
    expect(loginRefusal({ blocked: true, confirmed: false }, true)).toBe('Auth.form.error.blocked');
    expect(loginRefusal({ blocked: false, confirmed: false }, true)).toBe('Auth.form.error.confirmed');
    expect(loginRefusal({ blocked: false, confirmed: false }, false)).toBeNull();
    expect(loginRefusal({ blocked: false, confirmed: true }, true)).toBeNull();
  });
});

describe('profile changes', () => {
  it('checks only the fields sent', () => {
    expect(checkProfileChanges({})).toBeNull();
    expect(checkProfileChanges({ firstName: ' ' })).toBe('Auth.form.error.firstName.provide');
    expect(checkProfileChanges({ lastName: null })).toBe('Auth.form.error.lastName.provide');
    expect(checkProfileChanges({ username: 'ok' })).toBe('Auth.form.error.username.format');
    expect(checkProfileChanges({ website: 'www.example.com' })).toBe('Auth.form.error.website.format');
    expect(checkProfileChanges({ website: 'HTTPS://example.com' })).toBeNull();
    expect(checkProfileChanges({ website: '' })).toBeNull();
  });
});
