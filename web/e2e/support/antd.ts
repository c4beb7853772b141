import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The Ant Design select whose input has the id. */
export const antSelect = (page: Page, id: string) => page.locator('.ant-select').filter({ has: page.locator(`#${id}`) });

/**
 * Picks an option (by its title) in the Ant Design select whose input has the id, and waits until
 * the select shows it. With `typed`, the text is typed into the select's search first (searchable
 * and autocomplete selects whose options come from the server).
 */
export async function pick(page: Page, id: string, option: string, typed?: string): Promise<void> {
  const select = antSelect(page, id);
  const item = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
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
  await item.click();
  await expect.poll(() => select.textContent()).toContain(option);
}
