import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '@trackside/identity-service';
import { errorCode, errorMessage, IdentityTestApp } from '../support/identity-test-app';

const UPDATE = `mutation($id: ID!, $data: editUserInput) { updateUser(input: { where: { id: $id }, data: $data }) { user { id socialLinks { instagram } avatar } } }`;

/** Issue 18, L10: the probe stored a `javascript:` avatar url and arbitrary JSON through updateUser. */
describe('profile links (e2e, PostgreSQL)', () => {
  let app: IdentityTestApp;
  let seller: string;
  const sellerId = demoUserId('trackside', 'seller');

  beforeAll(async () => {
    app = await IdentityTestApp.create();
    seller = (await app.login('seller@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
  });
  afterAll(async () => {
    await app?.close();
  });

  const update = (data: Record<string, unknown>) => app.gql(UPDATE, { id: sellerId, data }, { token: seller });

  it('probe: a javascript: avatar, arbitrary avatar JSON and a javascript: social link are refused, storing nothing', async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ avatar: { url: 'javascript:alert(document.cookie)' } }, 'avatar url must start with http://, https:// or /.'],
      [{ avatar: { url: '/uploads/a.png', payload: { deeply: ['nested', 'json'] } } }, 'avatar has an unknown field: payload.'],
      [
        { avatar: { url: '/uploads/a.png', formats: { small: { url: 'javascript:alert(1)' } } } },
        'avatar format urls must start with http://, https:// or /.',
      ],
      [{ socialLinks: { instagram: 'javascript:alert(1)' } }, 'Social links must be a handle or start with http:// or https://.'],
    ];
    for (const [data, message] of refusals) {
      const result = await update(data);
      expect(errorCode(result), JSON.stringify(data)).toBe('user.validation');
      expect(errorMessage(result)).toBe(message);
    }
    const me = await app.gql<{ meFull: { avatar: unknown; socialLinks: { instagram: string | null } | null } }>(
      `{ meFull { avatar socialLinks { instagram } } }`,
      {},
      { token: seller },
    );
    expect(JSON.stringify(me.data!.meFull)).not.toMatch(/javascript|payload/);
  });

  it('keeps an uploaded avatar and a handle or https social link', async () => {
    const avatar = {
      id: 'f1',
      url: '/uploads/trackside/f1/original.png',
      name: 'me.png',
      mime: 'image/png',
      alternativeText: null,
      caption: null,
    };
    const saved = await update({ avatar, socialLinks: { instagram: 'https://instagram.com/seller' } });
    expect(saved.errors).toBeUndefined();
    expect((await update({ socialLinks: { instagram: '@seller' } })).errors).toBeUndefined();
  });
});
