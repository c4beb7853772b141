import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '@trackside/gateway-service';
import { DEMO_PASSWORD, demoUserId } from '@trackside/identity-service';
import { startAuctionProcess, type AuctionProcess } from '../support/auction-process';
import { CookieJar, followUntil, startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';
import { startTestGateway } from '../../../gateway/test/support/test-gateway';
import { IdentityTestApp, TEST_JWT_SECRET, type GqlResult } from '../support/identity-test-app';
import { IdentityEventStore } from '../../src/infrastructure/event-store.provider';
import { announceAuctionPackage } from '../../../auction/test/support/catalogue-announcements';
import { waitUntil } from '@trackside/testing';

/**
 * The identity subgraph composed with the auction subgraph by the real gateway: the auction's
 * user references (seller, bidder) resolve to identity's UsersPermissionsUser, and the gateway's
 * REST routes reach identity.
 */
describe('identity in the federated graph (e2e, gateway, PostgreSQL)', () => {
  let identity: IdentityTestApp;
  let auction: AuctionProcess;
  let gateway: RunningGateway;
  let idp: OidcTestProvider;

  beforeAll(async () => {
    idp = await startOidcTestProvider({ redirectUris: ['http://web.test/auth/oidc/callback'] });
    identity = await IdentityTestApp.create({ env: { SOCIAL_ALLOW_HTTP_ISSUERS: 'true' } });
    auction = await startAuctionProcess({ databaseUrl: identity.databaseUrl, jwtSecret: TEST_JWT_SECRET });
    // The catalogue's PricingPackagePriced for the auction package the lots name (createAuction checks it).
    await announceAuctionPackage(identity.service.app.get(IdentityEventStore).store, 'trackside', 'basic');
    gateway = await startTestGateway({
      jwtSecret: TEST_JWT_SECRET,
      subgraphs: { auction: auction.url, identity: identity.service.url },
      env: { IDENTITY_URL: identity.service.url, BRAND_HOSTS: 'jewels.test=jewelry' },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await auction?.close();
    await identity?.close();
    await idp?.close();
  });

  async function viaGateway<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlResult<T>> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GqlResult<T>;
  }

  it('signs in through the gateway and resolves the seller of a lot from identity', async () => {
    const login = await viaGateway<{ loginUser: { jwt: string; user: { id: string; username: string } } }>(
      `mutation { loginUser(email: "seller@trackside.demo", password: "${DEMO_PASSWORD}") { jwt user { id username } } }`,
    );
    expect(login.errors).toBeUndefined();
    const token = login.data!.loginUser.jwt;
    expect(login.data!.loginUser.user).toEqual({ id: demoUserId('trackside', 'seller'), username: 'seller' });

    const created = await viaGateway<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: 'Lancia Stratos HF',
          sellerType: 'Private',
          userDescription: 'Group 4 rally car.',
          reserve: 0,
          currency: 'USD',
          dataFields: {},
          address: { country: 'IT' },
          contactInfo: { name: 'Sally Seller', email: 'seller@trackside.demo' },
          hasAgreedToTerms: true,
          packageId: 'basic',
          paymentType: 'ONE_TIME',
        },
      },
      token,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createAuction.auction.id;

    const lot = await viaGateway<{ auction: { user: { id: string; username: string; email: string | null } } }>(
      `query($id: ID!) { auction(id: $id) { user { id username email } } }`,
      { id },
      token,
    );
    expect(lot.errors).toBeUndefined();
    // The seller sees their own email; the reference was resolved by identity with the forwarded token.
    expect(lot.data!.auction.user).toEqual({ id: demoUserId('trackside', 'seller'), username: 'seller', email: 'seller@trackside.demo' });

    const me = await viaGateway<{ meFull: { username: string } }>(`{ meFull { username } }`, {}, token);
    expect(me.data).toEqual({ meFull: { username: 'seller' } });
  });

  it('routes the REST paths of identity', async () => {
    const response = await fetch(`${gateway.url}/auth/send-email-confirmation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@trackside.demo' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'already.confirmed' });

    const post = (path: string, body: unknown) =>
      fetch(`${gateway.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const subscribed = await post('/subscribe', { email: 'gateway.reader@example.test', fields: { name: 'Reader' }, brand: 'trackside' });
    expect(subscribed.status).toBe(200);
    expect(await subscribed.json()).toEqual({ ok: true, email: 'gateway.reader@example.test' });
    const contact = await post('/email', {
      template: 'CONTACT_US',
      subject: 'Hi',
      'v:name': 'Ada',
      'v:email': 'ada@example.test',
      brand: 'trackside',
    });
    expect(await contact.json()).toMatchObject({ ok: true, message: expect.stringContaining('Thank you for reaching out to Trackside.') });
    const connect = await fetch(`${gateway.url}/connect/nope`, { redirect: 'manual' });
    expect(connect.status).toBe(404);
    expect(await connect.json()).toMatchObject({ code: 'Auth.form.error.provider.disabled' });
    const callback = await fetch(`${gateway.url}/auth/nope/callback?error_code=200&brand=trackside`, {
      headers: { accept: 'application/json' },
    });
    expect(callback.status).toBe(400);
    expect(await callback.json()).toMatchObject({ code: 'Auth.form.error.social.denied' });
  });

  it('runs the social sign-in through the gateway: /connect, the provider, then the JSON callback', async () => {
    const staff = (await identity.login('staff@trackside.demo', DEMO_PASSWORD)).data!.loginUser.jwt;
    const configured = await viaGateway(
      `mutation($input: SocialProviderInput!) { upsertSocialProvider(input: $input) { provider } }`,
      { input: { provider: 'oidc', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret } },
      staff,
    );
    expect(configured.errors).toBeUndefined();
    idp.addAccount('gateway-subject', { email: 'gateway.social@example.test', email_verified: true, given_name: 'Gia' });
    idp.signInAs('gateway-subject');
    const jar = new CookieJar();
    const returned = await followUntil(jar, `${gateway.url}/connect/oidc`, 'http://web.test/auth/oidc/callback');
    expect(jar.get(gateway.url, 'trackside_social')).toBeTruthy();
    const response = await jar.fetch(`${gateway.url}/auth/oidc/callback${returned.search}&brand=trackside`, { accept: 'application/json' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { jwt: string; user: { email: string; confirmed: boolean } };
    expect(answer.user).toMatchObject({ email: 'gateway.social@example.test', confirmed: true });
    const me = await viaGateway<{ meFull: { email: string } }>(`{ meFull { email } }`, {}, answer.jwt);
    expect(me.data).toEqual({ meFull: { email: 'gateway.social@example.test' } });
  });

  it('delivers "email the seller" from the auction service through identity’s outbox (SellerEmailRequested)', async () => {
    const login = async (role: string) => (await identity.login(`${role}@trackside.demo`, DEMO_PASSWORD)).data!.loginUser.jwt;
    const created = await viaGateway<{ createAuction: { auction: { id: string } } }>(
      `mutation($data: AuctionInput!) { createAuction(input: { data: $data }) { auction { id } } }`,
      {
        data: {
          title: 'Jaguar E-Type',
          sellerType: 'Private',
          userDescription: 'Matching numbers.',
          reserve: 0,
          address: { country: 'US' },
          contactInfo: { name: 'Sam Seller', email: 'sam.lot-contact@example.test' },
          hasAgreedToTerms: true,
          packageId: 'basic',
        },
      },
      await login('seller'),
    );
    expect(created.errors).toBeUndefined();
    const lotId = created.data!.createAuction.auction.id;
    const approved = await viaGateway(
      `mutation($id: ID!) { approveAuction(id: $id, confirmUnpaid: true) { status } }`,
      { id: lotId },
      await login('staff'),
    );
    expect(approved.errors).toBeUndefined();
    const sent = await viaGateway<{ emailSeller: { success: boolean } }>(
      `mutation($input: EmailSellerInput) { emailSeller(input: $input) { success message } }`,
      { input: { auctionId: lotId, subject: 'Is it still available?', body: 'I would like to see it this weekend.' } },
      await login('bidder1'),
    );
    expect(sent.errors).toBeUndefined();

    const delivered = await waitUntil(
      () => identity.emailsTo('sam.lot-contact@example.test', 'trackside', 'email-seller'),
      (found) => found.length > 0,
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      subject: 'Trackside: Is it still available?',
      replyTo: 'bidder1@trackside.demo',
      tag: 'email-seller',
      status: 'captured',
    });
    expect(delivered[0]!.text).toContain('A message about your auction: Jaguar E-Type');
    expect(delivered[0]!.text).toContain('I would like to see it this weekend.');
  });

  it('sends REST calls to identity with the brand of the browser’s host', async () => {
    const body = JSON.stringify({ email: 'host.reader@example.test', brand: 'jewelry' });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${gateway.url}/subscribe`,
        { method: 'POST', headers: { host: 'jewels.test', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(answer.status).toBe(200);
    const staff = await identity.staffToken('jewelry');
    const listed = await identity.gql<{ newsletterSubscribers: { subscribers: Array<{ email: string }> } }>(
      `{ newsletterSubscribers { subscribers { email } } }`,
      {},
      { token: staff, brand: 'jewelry' },
    );
    expect(listed.data!.newsletterSubscribers.subscribers.map((row) => row.email)).toContain('host.reader@example.test');
  });
});
