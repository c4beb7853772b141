import type { Page } from 'playwright-core';
import type { Session } from './browser';
import type { RunningSystem } from './system';

/** A password that passes the registration rules, for users the CMS tests create. */
export const MEMBER_PASSWORD = 'Member$2026x';

export interface Member extends Session {
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/**
 * A new confirmed member of the trackside brand, holding the given CMS flags (granted by the
 * demo staff user, a superAdmin), signed in: the JWT is issued after the grant, so it carries them.
 */
export async function newMember(system: RunningSystem, staffJwt: string, flags: Record<string, boolean> = {}): Promise<Member> {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  const username = `member${tag}`;
  const email = `${username}@example.test`;
  const registered = await system.graphql<{ registerUser: { user: { id: string } } }>(
    'mutation($e: String, $p: String, $u: String) { registerUser(email: $e, password: $p, username: $u, firstName: "Casey", lastName: "Member") { user { id } } }',
    { e: email, p: MEMBER_PASSWORD, u: username },
  );
  const id = registered.registerUser.user.id;
  await system.graphql('mutation($id: ID!) { confirmUser(id: $id) { id } }', { id }, { token: staffJwt });
  if (Object.keys(flags).length > 0)
    await system.graphql(
      'mutation($id: ID!, $data: CmsPermissionsInput!) { updateCMSPermissions(id: $id, data: $data) { brand } }',
      { id, data: flags },
      { token: staffJwt },
    );
  const signedIn = await system.graphql<{ loginUser: { jwt: string } }>(
    'mutation($e: String, $p: String) { loginUser(email: $e, password: $p) { jwt } }',
    { e: email, p: MEMBER_PASSWORD },
  );
  return { jwt: signedIn.loginUser.jwt, id, email, username, password: MEMBER_PASSWORD };
}

/** The first GraphQL error code of a call made with this token (null when it succeeded). */
export async function graphqlErrorCode(
  system: RunningSystem,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<string | null> {
  const response = await fetch(`${system.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-brand': 'trackside', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  return body.errors?.[0]?.extensions?.code ?? null;
}

/** Signs in through the header's login dialog (or the one a private route opened). */
export async function signInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await page.getByTestId('account-menu').waitFor();
}

/** The back-office side navigation's item labels, in order (desktop width). */
export async function cmsNavItems(page: Page): Promise<string[]> {
  const nav = page.locator('.ts-cms-sider nav');
  await nav.waitFor();
  return (await nav.locator('.ant-menu-item, .ant-menu-item-group-title').allInnerTexts()).map((text) => text.trim());
}

/** Confirms the open Ant Design confirmation whose title contains `title` with its button `ok`. */
export async function confirmModal(page: Page, title: string, ok: string): Promise<void> {
  const modal = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await modal.waitFor();
  // Click only once the zoom-in has finished: on a loaded machine a click during the appear
  // animation can land while the dialog is still scaling and be lost (seen in CI), where a
  // person would only click the settled dialog.
  await modal.and(page.locator(':not(.ant-zoom-appear):not(.ant-zoom-enter)')).waitFor();
  await modal.getByRole('button', { name: ok, exact: true }).click();
  await modal.waitFor({ state: 'detached' });
}
