import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antSelect, pick } from './support/antd';
import { expectNoSeriousViolations, openPage, SCREENSHOTS, startBrowserTest, stopBrowserTest, type Session } from './support/browser';
import { listingPackageId, login, solidPng, uploadPng } from './support/fixtures';
import { fillListingStart } from './support/listing-wizard';
import type { RunningSystem } from './support/system';

/**
 * The Paddock listing wizard's dynamic fields and listing edit in Chromium (spec 002 sections 2
 * and 5): a make picked from the carMake autocomplete and one typed under Other, the rich-text
 * editor (heading, bold, list), three images with the last dragged to the front (the cover), then
 * the owner's edit (title, make, order) seen on the listing page, and 'Access denied...' for
 * anyone else. axe-core on the wizard and the edit page; screenshots of the edit page. Videos (spec 002
 * section 3, the package's videoLimit): YouTube/Vimeo links on the Media step, played on the listing
 * page in the directory's video dialog.
 */
const stamp = String(Date.now()).slice(-6);
const TITLE = `Elan Sprint ${stamp}`;

interface SavedListing {
  id: string;
  title: string;
  slug: string;
  category: string;
  type: string;
  status: string;
  images: Array<{ id: string; name: string | null; url: string }>;
  videos: string[];
  extraDetails: Record<string, unknown>;
}

let system: RunningSystem;
let browser: Browser;
let owner: Session;
let other: Session;
let staffJwt: string;

/** A page signed in as the account, with the cookie consent. */
const newPage = (as: Session, width = 1366, height = 900) => openPage(browser, system.url, { width, height, consent: true, session: as });

async function myListing(title: string, as: Session = owner): Promise<SavedListing> {
  const data = await system.graphql<{ myListings: SavedListing[] }>(
    '{ myListings { id title slug category type status images { id name url } videos extraDetails } }',
    {},
    { token: as.jwt },
  );
  const found = data.myListings.find((listing) => listing.title === title);
  if (!found) throw new Error(`no listing '${title}' among ${data.myListings.map((listing) => listing.title).join(', ')}`);
  return found;
}

const thumbnails = (wizard: Locator) => wizard.locator('.ts-uploader-item img');
const sources = async (wizard: Locator) => thumbnails(wizard).evaluateAll((images) => images.map((img) => img.getAttribute('src')));

const png = (colour: string) => solidPng(colour, 80, 60);

/** The wizard's first step (Cars, Race Car, the Starter package) and the title, description and price of the next. */
async function startRaceCarListing(page: Page, title: string, description: string, price: string): Promise<Locator> {
  await page.goto(`${system.url}/paddock/listing/create`);
  const wizard = page.getByTestId('listing-wizard');
  await fillListingStart(page, wizard, { category: 'Cars', type: 'Race Car', packageOption: 'Starter (Free)', title, description, price });
  return wizard;
}

beforeAll(async () => {
  ({ system, browser } = await startBrowserTest());
  staffJwt = (await login(system, 'staff@trackside.demo')).jwt;
  owner = await login(system, 'bidder1@trackside.demo');
  other = await login(system, 'bidder2@trackside.demo');
});

afterAll(() => stopBrowserTest(browser, system));

describe('Paddock listing wizard fields and listing edit in Chromium', () => {
  it('creates a listing with a make, rich text and dragged images, then the owner edits it', async () => {
    const { context, page } = await newPage(owner);
    const wizard = await startRaceCarListing(page, TITLE, 'A sprint-prepared Elan.', '38500');
    // Countries and states come from countryState: a state list for a country that has states.
    await pick(page, 'country', 'United Kingdom', 'United K');
    await pick(page, 'state', 'England', 'Eng');
    await wizard.getByLabel('City').fill('Silverstone');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // MAKE: required like the other fields; the autocomplete searches carMake; Other reveals a text box.
    await wizard.getByRole('button', { name: 'Next' }).click();
    const makeItem = wizard.locator('.ant-form-item').filter({ has: page.locator('#extra-make') });
    await makeItem.getByText('This value is required').waitFor();
    await pick(page, 'extra-make', 'Lotus', 'Lot');
    await makeItem.getByText('This value is required').waitFor({ state: 'detached' });
    await pick(page, 'extra-make', 'Other', 'Oth');
    const otherMake = wizard.getByLabel('Other make');
    await otherMake.waitFor();
    expect(await otherMake.inputValue()).toBe('');
    await makeItem.getByText('This value is required').waitFor();
    await otherMake.fill('Ginetta');
    await wizard.getByLabel('Year', { exact: true }).fill('1966');

    // RICH_TEXT: the toolbar's labelled buttons format what is typed.
    const editor = wizard.getByRole('textbox', { name: 'Modifications' });
    const toolbar = wizard.getByRole('toolbar', { name: 'Modifications formatting' });
    for (const name of [
      'Heading',
      'Bold',
      'Italic',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Indent',
      'Outdent',
      'Quote',
      'Insert table',
      'Undo',
      'Redo',
    ])
      await toolbar.getByRole('button', { name, exact: true }).waitFor();
    await editor.click();
    await toolbar.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.type('Engine');
    await page.keyboard.press('Enter'); // a new paragraph after the heading
    await page.keyboard.type('Fully rebuilt ');
    // The keyboard reaches the toolbar too. It is one Tab stop: Shift+Tab from the text goes to the
    // toolbar's current button (Heading: mouse clicks leave focus in the text), the arrow keys, Home and End move along
    // it, and Bold pressed with Enter acts on the caret the text left.
    const focusedTool = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedTool()).toBe('Heading');
    await page.keyboard.press('ArrowRight');
    expect(await focusedTool()).toBe('Bold');
    await page.keyboard.press('End');
    expect(await focusedTool()).toBe('Redo');
    await page.keyboard.press('ArrowRight'); // wraps round
    expect(await focusedTool()).toBe('Heading');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTool()).toBe('Redo');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect(await focusedTool()).toBe('Bold');
    expect(await toolbar.locator('button[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.keyboard.type('race engine');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' fitted');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Dry sump');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Close-ratio box');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter'); // an empty item ends the list
    // Link: the typed address (no scheme: https is added) becomes the link at the caret.
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await wizard.getByLabel('Link URL').fill('javascript:alert(1)');
    await wizard.getByRole('button', { name: 'Add link' }).click();
    await wizard.getByText('Enter a link starting with http:// or https://').waitFor();
    await wizard.getByLabel('Link URL').fill('example.org/build');
    await wizard.getByLabel('Link URL').press('Enter');
    await editor.locator('a[href="https://example.org/build"]').waitFor();
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Insert table' }).click();
    await expect.poll(() => editor.locator('table td').count()).toBe(4);
    await toolbar.getByRole('button', { name: 'Quote' }).click();
    await page.keyboard.type('Raced at Goodwood');
    await editor.locator('blockquote', { hasText: 'Raced at Goodwood' }).waitFor();
    await editor.locator('h2', { hasText: 'Engine' }).waitFor();
    await editor.locator('b', { hasText: 'race engine' }).waitFor();
    await expect.poll(() => editor.locator('ul li').count()).toBe(2);
    // Undo and redo through the editor's own history.
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await toolbar.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => editor.locator('ul li').count()).toBe(2);

    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'listing-fields-desktop.png') });
    await expectNoSeriousViolations(page, 'additional details');
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Media: the package's limit (Starter: 5), at least one image, then three dragged into order.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText('At least one image is required.').waitFor();
    const [red, green, blue] = await Promise.all([png('#aa3322'), png('#22aa33'), png('#3322aa')]);
    const input = wizard.locator('input[type=file]');
    await input.setInputFiles({ name: 'car.gif', mimeType: 'image/gif', buffer: red });
    await wizard.getByText('Please only upload .jpg, .jpeg or .png').waitFor();
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881) });
    await wizard.getByText('Image size cannot exceed 5 Mb.').waitFor();
    await input.setInputFiles(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: red })));
    await wizard.getByText('You can only upload a maximum of 5 images').waitFor();
    await input.setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: red },
      { name: 'two.png', mimeType: 'image/png', buffer: green },
      { name: 'three.png', mimeType: 'image/png', buffer: blue },
    ]);
    await expect.poll(() => thumbnails(wizard).count()).toBe(3);
    const before = await sources(wizard);
    await wizard.locator('.ts-uploader-item').nth(2).dragTo(wizard.locator('.ts-uploader-item').nth(0));
    await expect.poll(() => sources(wizard)).toEqual([before[2], before[0], before[1]]);
    await expectNoSeriousViolations(page, 'media');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('listing-review').getByText(TITLE).waitFor();
    await page.getByTestId('listing-review').getByText('Silverstone, England, United Kingdom').waitFor();
    await wizard.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/dashboard\/listings$/);
    await page.getByRole('row').filter({ hasText: TITLE }).getByText('PENDING').waitFor();

    // Saved: the dragged image first, the typed make, the formatted text (sanitised by the catalogue).
    const created = await myListing(TITLE);
    expect(created.images.map((image) => image.name)).toEqual(['three.png', 'one.png', 'two.png']);
    expect(created.extraDetails.make).toBe('Ginetta');
    const html = String(created.extraDetails.modifications);
    expect(html).toContain('<h2>Engine</h2>');
    // sanitize-html writes the editor's non-breaking space as the character itself, not as &nbsp;.
    expect(html).toMatch(/<b>race engine<\/b>(&nbsp;|\u00a0| )fitted/);
    expect(html).toMatch(/<ul><li>Dry sump<\/li><li>Close-ratio box<\/li><\/ul>/);
    expect(html).toContain('<a href="https://example.org/build" rel="noopener noreferrer nofollow" target="_blank">example.org/build</a>');
    expect(html).toMatch(/<table><tbody><tr><td>/);
    expect(html).toMatch(/<blockquote>Raced at Goodwood<\/blockquote>/);
    await system.graphql(
      'mutation($id: ID!) { reviewListing(id: $id, status: "APPROVED") { id } }',
      { id: created.id },
      { token: staffJwt },
    );

    // The owner edits from the dashboard: prefilled, the typed make opens as Other.
    await page.reload();
    await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
    await page.waitForURL(new RegExp(`/paddock/listing/${created.id}/edit$`));
    await page.getByRole('heading', { name: 'Edit listing' }).waitFor();
    await expect.poll(() => antSelect(page, 'category').textContent()).toContain('Cars');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'edit');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const title = wizard.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe(TITLE);
    await title.fill(`${TITLE} (rebuilt)`);
    await wizard.getByRole('button', { name: 'Next' }).click();
    expect(await wizard.getByLabel('Other make').inputValue()).toBe('Ginetta');
    expect(await wizard.getByLabel('Year', { exact: true }).inputValue()).toBe('1966');
    await wizard.getByRole('textbox', { name: 'Modifications' }).locator('h2', { hasText: 'Engine' }).waitFor();
    await pick(page, 'extra-make', 'Lotus', 'Lotu');
    await wizard.getByLabel('Other make').waitFor({ state: 'detached' });
    await wizard.getByRole('button', { name: 'Next' }).click();

    // Saved images open in their order; drag the last (two.png) to the front.
    await expect.poll(() => thumbnails(wizard).count()).toBe(3);
    const saved = await sources(wizard);
    expect(saved.map((src) => created.images.find((image) => image.url === src)?.name)).toEqual(['three.png', 'one.png', 'two.png']);
    await wizard.locator('.ts-uploader-item').nth(2).dragTo(wizard.locator('.ts-uploader-item').nth(0));
    await expect.poll(() => sources(wizard)).toEqual([saved[2], saved[0], saved[1]]);
    // The full-page screenshot comes after the drag: taking it lays the page out at its full height and
    // back, and a drag started right after sometimes never began in Chromium (docs/decisions.md
    // "Announcement banner without layout shift").
    await page.screenshot({ path: join(SCREENSHOTS, 'listing-edit-desktop.png'), fullPage: true });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('listing-review').getByText(`${TITLE} (rebuilt)`).waitFor();
    await wizard.getByRole('button', { name: 'Submit' }).click();

    // The listing page shows the change: new title, the dragged cover, the make, the formatted text.
    await page.waitForURL(new RegExp(`/paddock/cars/race-car/[^/]+$`));
    const edited = await myListing(`${TITLE} (rebuilt)`);
    expect(edited.id).toBe(created.id);
    expect(edited.images.map((image) => image.name)).toEqual(['two.png', 'three.png', 'one.png']);
    expect(edited.extraDetails.make).toBe('Lotus');
    expect(page.url()).toMatch(new RegExp(`/paddock/${edited.category}/${edited.type}/${edited.slug}$`));
    await page.getByRole('heading', { name: `${TITLE} (rebuilt)` }).waitFor();
    await expect.poll(() => page.locator('.ant-image img').first().getAttribute('src')).toBe(edited.images[0]!.url);
    await page.locator('.ant-descriptions-item').filter({ hasText: 'Make' }).getByText('Lotus').waitFor();
    const rich = page.getByTestId('listing-rich-modifications');
    await rich.locator('h2', { hasText: 'Engine' }).waitFor();
    await rich.locator('b', { hasText: 'race engine' }).waitFor();
    expect(await rich.locator('ul li').allTextContents()).toEqual(['Dry sump', 'Close-ratio box']);
    expect(await rich.locator('a', { hasText: 'example.org/build' }).getAttribute('href')).toBe('https://example.org/build');
    expect(await rich.locator('table td').count()).toBe(4);
    await rich.locator('blockquote', { hasText: 'Raced at Goodwood' }).waitFor();
    await page.getByRole('button', { name: 'Edit listing' }).waitFor();
    await context.close();

    // Phone-width screenshot of the edit page.
    const phone = await newPage(owner, 390, 844);
    await phone.page.goto(`${system.url}/paddock/listing/${created.id}/edit`);
    await phone.page.getByRole('heading', { name: 'Edit listing' }).waitFor();
    await expect
      .poll(() =>
        phone.page
          .locator('.ant-select')
          .filter({ has: phone.page.locator('#category') })
          .textContent(),
      )
      .toContain('Cars');
    await phone.page.waitForLoadState('networkidle');
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'listing-edit-phone.png') });
    await phone.context.close();

    // Anyone else: 'Access denied...' (and no Edit button on the listing page).
    const second = await newPage(other);
    await second.page.goto(`${system.url}/paddock/listing/${created.id}/edit`);
    await second.page.getByText('Access denied...', { exact: true }).waitFor();
    expect(await second.page.getByTestId('listing-wizard').count()).toBe(0);
    await second.page.goto(`${system.url}/paddock/${edited.category}/${edited.type}/${edited.slug}`);
    await second.page.getByRole('heading', { name: `${TITLE} (rebuilt)` }).waitFor();
    expect(await second.page.getByRole('button', { name: 'Edit listing' }).count()).toBe(0);
    await second.context.close();
  }, 240_000);

  it('keeps scripts and javascript: links out of rich text sent straight to the API', async () => {
    const starter = await listingPackageId(system, 'Starter');
    const file = await uploadPng(system, other.jwt, await png('#123456'), 'x.png');
    const created = await system.graphql<{ createListing: { listing: { extraDetails: Record<string, unknown> } } }>(
      'mutation($data: ListingInput!) { createListing(input: { data: $data }) { listing { extraDetails } } }',
      {
        data: {
          category: 'cars',
          type: 'classic',
          packageId: starter,
          title: `Crafted ${stamp}`,
          description: 'x',
          price: 1,
          currency: 'USD',
          address: { country: 'United States' },
          sellerType: 'PERSONAL',
          images: [file],
          extraDetails: {
            make: 'Lotus',
            year: 1970,
            modifications: '<p onclick="steal()">ok<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
          },
        },
      },
      { token: other.jwt },
    );
    expect(created.createListing.listing.extraDetails.modifications).toBe(
      '<p>ok<a rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });

  it('adds video links under the package limit and plays them on the listing page in the video dialog', async () => {
    const VIDEO_TITLE = `Elan Video ${stamp}`;
    const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const EMBED = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    // A seller whose one free Starter listing is still unused: the owner's went to the first test, and
    // the wizard now says so at its first step (issue 24 item 13).
    const seller = await login(system, 'bidder3@trackside.demo');
    const { context, page } = await newPage(seller);
    // Starter allows no videos: its Media step has no Videos section (checked below after the switch).
    const wizard = await startRaceCarListing(page, VIDEO_TITLE, 'An Elan with a video.', '41000');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await pick(page, 'extra-make', 'Lotus', 'Lot');
    await wizard.getByLabel('Year', { exact: true }).fill('1967');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.locator('input[type=file]').setInputFiles({ name: 'video-car.png', mimeType: 'image/png', buffer: await png('#557799') });
    await expect.poll(() => thumbnails(wizard).count()).toBe(1);
    expect(await page.getByTestId('listing-videos').count()).toBe(0);

    // Back to the package: Standard allows one video; the image stays.
    for (let back = 0; back < 3; back += 1) await wizard.getByRole('button', { name: 'Back' }).click();
    await pick(page, 'packageId', 'Standard (29.00 USD)');
    for (let next = 0; next < 3; next += 1) await wizard.getByRole('button', { name: 'Next' }).click();
    const videos = page.getByTestId('listing-videos');
    await videos.getByText('YouTube or Vimeo links, at most 1 video.').waitFor();
    expect(await thumbnails(wizard).count()).toBe(1);
    await videos.getByRole('button', { name: 'Add video link' }).click();
    const link = wizard.getByLabel('Video link 1', { exact: true });
    await link.fill('https://example.com/clip.mp4');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const linkItem = wizard.locator('.ant-form-item').filter({ has: page.locator('#video-0') });
    await linkItem.getByText('The video URL must be a YouTube or Vimeo link').waitFor();
    // Still on Media; a second link is refused (Standard: one video).
    await videos.getByRole('button', { name: 'Add video link' }).click();
    await page.getByTestId('listing-videos-error').getByText('You can only add a maximum of 1 videos').waitFor();
    expect(await wizard.getByLabel('Video link 2', { exact: true }).count()).toBe(0);
    await link.fill(WATCH);
    await linkItem.getByText('The video URL must be a YouTube or Vimeo link').waitFor({ state: 'detached' });
    await page.getByTestId('listing-videos-error').waitFor({ state: 'detached' });
    await expectNoSeriousViolations(page, 'media videos');
    await videos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'listing-videos-wizard-desktop.png') });
    await wizard.getByRole('button', { name: 'Next' }).click();
    const review = page.getByTestId('listing-review');
    await review.getByText(VIDEO_TITLE).waitFor();
    await review.locator('.ts-review-videos li', { hasText: WATCH }).waitFor();
    await wizard.getByRole('button', { name: 'Submit' }).click();
    // A paid package: on to its checkout; the service stored the embed link.
    await page.waitForURL(/\/paddock\/checkout\?listing=/, { timeout: 20_000 });
    const created = await myListing(VIDEO_TITLE, seller);
    expect(created.videos).toEqual([EMBED]);

    // The service refuses too many links and links that are not YouTube or Vimeo.
    const update = (videoLinks: string[]) =>
      system.graphql(
        'mutation($id: ID!, $data: ListingInput!) { updateListing(input: { where: { id: $id }, data: $data }) { listing { id } } }',
        {
          id: created.id,
          data: { videos: videoLinks },
        },
        { token: seller.jwt },
      );
    await expect(update([WATCH, 'https://vimeo.com/123456'])).rejects.toThrow('You can only add a maximum of 1 videos');
    await expect(update(['https://example.com/clip.mp4'])).rejects.toThrow('The video URL must be a YouTube or Vimeo link');

    // The listing page (its owner sees it while unpaid): the video button opens the dialog with the embed URL.
    await page.goto(`${system.url}/paddock/${created.category}/${created.type}/${created.slug}`);
    await page.getByRole('heading', { name: VIDEO_TITLE }).waitFor();
    await page.getByTestId('listing-videos').getByRole('button', { name: 'Play video' }).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(EMBED);
    // Width min(1366 - 48, 1280) = 1280, a 16:9 frame.
    await expect.poll(async () => Math.round((await page.locator('.ant-modal').boundingBox())?.width ?? 0)).toBe(1280);
    const box = (await frame.boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'listing-video-desktop.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The owner's edit opens the saved link; a refusal from the service (the request altered on its
    // way to carry a second link) shows beside the Videos field with the typed link kept.
    await page.goto(`${system.url}/paddock/listing/${created.id}/edit`);
    await page.getByRole('heading', { name: 'Edit listing' }).waitFor();
    await expect.poll(() => antSelect(page, 'category').textContent()).toContain('Cars');
    for (let next = 0; next < 3; next += 1) await wizard.getByRole('button', { name: 'Next' }).click();
    expect(await wizard.getByLabel('Video link 1', { exact: true }).inputValue()).toBe(EMBED);
    await wizard.getByLabel('Video link 1', { exact: true }).fill('https://vimeo.com/123456');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('listing-review').locator('.ts-review-videos li', { hasText: 'https://vimeo.com/123456' }).waitFor();
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string; variables?: { data?: { videos?: string[] } } } | null;
      if (body?.operationName === 'UpdateListing' && body.variables?.data?.videos) {
        body.variables.data.videos = [...body.variables.data.videos, WATCH];
        await route.continue({ postData: JSON.stringify(body) });
      } else await route.continue();
    });
    await wizard.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('listing-videos-error').getByText('You can only add a maximum of 1 videos').waitFor();
    expect(await wizard.getByLabel('Video link 1', { exact: true }).inputValue()).toBe('https://vimeo.com/123456');
    await page.unroute('**/graphql');
    await wizard.getByLabel('Video link 1', { exact: true }).fill('https://vimeo.com/123456 ');
    await page.getByTestId('listing-videos-error').waitFor({ state: 'detached' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/paddock/cars/race-car/${created.slug}$`));
    expect((await myListing(VIDEO_TITLE, seller)).videos).toEqual(['https://player.vimeo.com/video/123456']);
    // axe before the dialog opens (its cross-origin frame cannot load here, which axe would wait on).
    await page.getByRole('heading', { name: VIDEO_TITLE }).waitFor();
    await expectNoSeriousViolations(page, 'listing page');
    await page.getByTestId('listing-videos').getByRole('button', { name: 'Play video' }).click();
    await expect.poll(() => page.getByRole('dialog').locator('iframe').getAttribute('src')).toBe('https://player.vimeo.com/video/123456');
    await context.close();

    // Phone width: the dialog is the window width minus 48.
    const phone = await newPage(seller, 390, 844);
    await phone.page.goto(`${system.url}/paddock/${created.category}/${created.type}/${created.slug}`);
    await phone.page.getByRole('heading', { name: VIDEO_TITLE }).waitFor();
    await phone.page.getByTestId('listing-videos').getByRole('button', { name: 'Play video' }).click();
    await phone.page.getByRole('dialog').locator('iframe').waitFor();
    // Measured once the opening zoom has finished.
    await expect.poll(async () => Math.round((await phone.page.locator('.ant-modal').boundingBox())?.width ?? 0)).toBe(342);
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'listing-video-phone.png') });
    await phone.context.close();
  }, 240_000);
});
