import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The Ant Design select whose input has the id. */
export const antSelect = (page: Page, id: string) => page.locator('.ant-select').filter({ has: page.locator(`#${id}`) });

/**
 * Picks an option (by its title) in the Ant Design select whose input has the id, and waits until
 * the select shows it. With `typed`, the text is typed into the select's search first (searchable
 * and autocomplete selects whose options come from the server).
 */
const OPEN_OPTIONS = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/**
 * Waits until a searchable select's options stop changing: no loading icon and the same options
 * twice in a row. Each typed letter starts a search whose answer replaces the list, so a click
 * aimed at an option of an earlier answer can land on whatever takes its place.
 */
async function optionsSettled(page: Page, select: Locator): Promise<void> {
  let previous: string | null = null;
  await expect
    .poll(
      async () => {
        const loading = await select.locator('.anticon-loading').count();
        const current = `${loading}:${(await page.locator(OPEN_OPTIONS).allTextContents()).join('|')}`;
        const settled = loading === 0 && current === previous;
        previous = current;
        return settled;
      },
      { interval: 300, timeout: 15_000 },
    )
    .toBe(true);
}

export async function pick(page: Page, id: string, option: string, typed?: string): Promise<void> {
  const select = antSelect(page, id);
  const item = page.locator(`${OPEN_OPTIONS}[title="${option}"]`);
  // A click can land while the dropdown animates shut; open it again until the option shows.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await select.click();
    if (typed) await page.locator(`#${id}`).pressSequentially(typed);
    try {
      await item.waitFor({ timeout: 3000 });
      break;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  if (typed) await optionsSettled(page, select);
  await item.click();
  await expect.poll(() => select.textContent()).toContain(option);
}
