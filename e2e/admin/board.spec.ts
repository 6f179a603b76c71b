/**
 * The job board (issue 17 §1) in a real browser: a card dragged with the mouse, and with the keyboard (Space, arrows,
 * Space), lands in its new column; the work order page then shows the new status and a history row, and the customer's
 * e-mail reaches the outbox. Without JavaScript, the card's "Move to…" form moves it with a plain POST.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/fixtures';
import { outboxMessages } from '../support/outbox';
import { createCustomerWithWorkOrder, logInAsAdmin } from './helpers';

const card = (page: Page, number: string) => page.locator(`article[data-work-order="${number}"]`);
const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);

/** Opens the board and waits until it is hydrated (dnd-kit's live region for screen readers is mounted). */
async function openBoard(page: Page) {
  await page.goto('/admin/board');
  await expect(page.getByRole('heading', { level: 1, name: 'Job Board' })).toBeVisible();
  await expect(page.locator('[id^="DndLiveRegion"]')).toBeAttached();
}

/** The work order page shows `status`, the history row, and the customer's e-mail names it. */
async function expectSaved(page: Page, wo: { url: string; email: string; number: string }, status: string) {
  await page.goto(wo.url);
  await expect(page.getByLabel('Current status')).toHaveValue(status);
  await expect(page.getByText(new RegExp(`Estimate Scheduled → ${status} by`))).toBeVisible();
  await expect
    .poll(() => outboxMessages().filter((m) => m.includes(wo.email) && m.includes(wo.number) && m.includes(status)).length, { timeout: 20_000 })
    .toBe(1);
}

test.describe('job board', () => {
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test('drags a card with the mouse to the next column', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    await openBoard(page);
    await expectNoAxeViolations(page);
    const item = card(page, wo.number);
    await expect(column(page, 'Estimate Scheduled').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
    await item.scrollIntoViewIfNeeded();
    const from = (await item.boundingBox())!;
    const to = (await column(page, 'Parts Ordered').boundingBox())!;
    const y = from.y + 30;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, y, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
    await page.mouse.up();
    await expect(column(page, 'Parts Ordered').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
    await expect(page.getByText(`Status for WO #${wo.number} updated successfully. Customer notified via email.`)).toBeVisible();
    await expectSaved(page, wo, 'Parts Ordered');
  });

  test('moves a card with the keyboard: Space, arrows, Space', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    await openBoard(page);
    const handle = page.getByRole('button', { name: `Drag WO #${wo.number}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`Picked up WO #${wo.number}`);
    // One column per key press: each press waits for the announcement of the last (a press sent while dnd-kit is still
    // measuring the columns is dropped).
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('is over Parts Ordered');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('is over Parts Received');
    await page.keyboard.press('Space');
    await expect(column(page, 'Parts Received').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
    await expect(page.getByText(`Status for WO #${wo.number} updated successfully. Customer notified via email.`)).toBeVisible();
    await expectSaved(page, wo, 'Parts Received');
  });

  test('a move made on a stale card is refused with a message, and the board shows where the card is now', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    // This board hears no live updates (as after a dropped connection), so its card stays stale.
    await page.route('**/admin/board/events', (route) => route.abort());
    await openBoard(page);
    // Someone else moves it on the work order page while this board is open.
    const other = await page.context().newPage();
    await other.goto(wo.url);
    await other.getByLabel('Current status').selectOption('Paint');
    await other.getByRole('button', { name: 'Update Status' }).click();
    await expect(other.getByText(`Status for WO #${wo.number} updated successfully.`, { exact: false })).toBeVisible();
    await other.close();

    const item = card(page, wo.number);
    await item.getByText('Move to…').click();
    await item.getByLabel(`New status for WO #${wo.number}`).selectOption('Quality Check');
    await item.getByRole('button', { name: `Move WO #${wo.number}` }).click();
    await expect(page.getByText(`WO #${wo.number} was moved by someone else to Paint. The board is up to date now.`)).toBeVisible();
    await expect(column(page, 'Paint').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
  });

  test('a card moved by someone else shows in its new column without a reload', async ({ page }) => {
    const wo = await createCustomerWithWorkOrder(page);
    await openBoard(page);
    await expect(column(page, 'Estimate Scheduled').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
    const other = await page.context().newPage();
    await other.goto(wo.url);
    await other.getByLabel('Current status').selectOption('Repairs Started');
    await other.getByRole('button', { name: 'Update Status' }).click();
    await expect(other.getByText(`Status for WO #${wo.number} updated successfully.`, { exact: false })).toBeVisible();
    await other.close();
    await expect(column(page, 'Repairs Started').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('job board without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the card’s Move to… form moves it with a plain form post', async ({ page }) => {
    await logInAsAdmin(page);
    const wo = await createCustomerWithWorkOrder(page);
    await page.goto('/admin/board');
    const item = card(page, wo.number);
    await item.getByText('Move to…').click();
    await item.getByLabel(`New status for WO #${wo.number}`).selectOption('Paint');
    await item.getByRole('button', { name: `Move WO #${wo.number}` }).click();
    await expect(page.getByText(`Status for WO #${wo.number} updated successfully. Customer notified via email.`)).toBeVisible();
    await expect(column(page, 'Paint').locator(`article[data-work-order="${wo.number}"]`)).toBeVisible();
    await expectSaved(page, wo, 'Paint');
  });
});
