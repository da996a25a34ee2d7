import type { Locator, Page } from '@playwright/test';
import { DEMO_DEAL_NAMES } from '../scripts/seed/demoDeals';
import { ownerClient } from '../scripts/lib/ownerClient';
import { E2E_PORTS, PROJECT_ID, firestoreUrl } from '../scripts/lib/testPorts';
import { DEALS } from '../src/features/deals/data/deal';
import type { DealStatus } from '../src/shared/posts/dealStatus';
import { expect, test } from './fixtures';
import { fastForwardUntil, openFeed, openPostForm, signInAsAdmin, useTheme } from './support/app';
import { describeFindings, scanPage } from './support/axe';
import { dealLink, dealsStrip } from './support/deals';

/**
 * The window's ins and outs: the administrator gives deals their terms in each deal's 'Deal
 * terms' and marks them done with a post; a visitor's 'Ins and outs' (from the strip, at /?window)
 * puts each in its table with its fee in words, totals the disclosed fees, and takes in a deal
 * that becomes done while it is open, at the next live check (the visitor's page on Playwright's
 * clock, as e2e/deals.spec.ts).
 */

/** How often an open page checks for changes (src/features/live/state/liveChecks.ts: 30 s). */
const CHECK_EVERY_MS = 30_000;

interface Terms {
  direction: 'In: signed' | 'Out: left';
  club?: string;
  fee?: 'An amount' | 'Undisclosed' | 'Free';
  amount?: string;
  loan?: { option: 'Option to buy' | 'Obligation to buy'; price: string };
}

/**
 * The seeded deals without their terms (as deals written before terms existed): the totals are
 * then those of the deals this journey gives terms to.
 */
async function withoutSeededTerms(): Promise<void> {
  const owner = ownerClient(firestoreUrl(E2E_PORTS), PROJECT_ID);
  await owner.commit(
    [...DEMO_DEAL_NAMES.keys()].map((id) => ({
      update: { name: owner.name(`${DEALS}/${id}`), fields: {} },
      updateMask: { fieldPaths: ['terms'] },
    })),
  );
}

/** Opens deal `name` from the strip and saves `terms` in its 'Deal terms', then back to all posts. */
async function giveTerms(admin: Page, name: string, terms: Terms): Promise<void> {
  await dealLink(dealsStrip(admin), name).click();
  await expect(admin.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  const form = admin.getByRole('region', { name: 'Deal terms' });
  await form.getByRole('combobox', { name: 'Direction' }).selectOption({ label: terms.direction });
  if (terms.club) await form.getByRole('textbox', { name: 'Other club' }).fill(terms.club);
  if (terms.fee) {
    await form
      .getByRole('combobox', { name: 'Fee', exact: true })
      .selectOption({ label: terms.fee });
  }
  if (terms.amount) await form.getByRole('textbox', { name: 'Fee amount' }).fill(terms.amount);
  if (terms.loan) {
    await form.getByRole('checkbox', { name: 'Loan' }).check();
    await form
      .getByRole('combobox', { name: 'Option to buy' })
      .selectOption({ label: terms.loan.option });
    await form.getByRole('textbox', { name: 'Price to buy (optional)' }).fill(terms.loan.price);
  }
  await form.getByRole('button', { name: 'Save terms' }).click();
  await expect(form.getByRole('status')).toHaveText('Terms saved');
  await admin.getByRole('link', { name: 'All posts', exact: true }).click();
}

/** The administrator's post moving deal `deal` to `status`; the form empties once it is saved. */
async function postInDeal(admin: Page, deal: string, status: DealStatus): Promise<void> {
  const form = await openPostForm(admin);
  const title = form.getByRole('textbox', { name: 'Post title' });
  await title.fill(`${deal}: ${status}`);
  await form.getByRole('textbox', { name: 'Post content' }).fill(`${deal} is now ${status}.`);
  await form.getByRole('combobox', { name: 'Deal', exact: true }).fill(deal);
  await form.getByRole('combobox', { name: 'Deal status' }).selectOption({ label: status });
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(title).toHaveValue('');
}

/** A table's body rows, each as its cells' text: date, player, other club, fee. */
function bodyRows(table: Locator): Locator {
  return table.locator('tbody tr');
}

/** The row of `name` in `table`: its player cell, other club and fee (the date aside). */
async function expectRow(table: Locator, name: string, club: string, fee: string): Promise<void> {
  const row = bodyRows(table).filter({ has: table.page().getByRole('rowheader', { name }) });
  await expect(row.getByRole('cell')).toHaveText([/^\d{1,2} [A-Z][a-z]{2}$/, club, fee]);
  await expect(row.getByRole('rowheader').getByRole('link', { name })).toHaveAttribute(
    'href',
    new RegExp(`\\?deal=${name.toLowerCase().replace(/ /g, '-')}$`),
  );
}

test('the administrator gives three deals their terms and marks them done; a visitor’s ins and outs show them, and a fourth the moment it is done', async ({
  page,
  otherPage: admin,
}) => {
  test.slow();
  await withoutSeededTerms();

  await openFeed(admin);
  await signInAsAdmin(admin);
  // A new deal, still in play: the fourth, done later while the visitor looks.
  await postInDeal(admin, 'Nuno Carvalhal', 'Medical');
  await giveTerms(admin, 'Mateo Arlanza', {
    direction: 'In: signed',
    club: 'Real Costanera',
    fee: 'An amount',
    amount: '8m',
  });
  await giveTerms(admin, 'Ryo Takamine', { direction: 'In: signed', fee: 'Free' });
  await giveTerms(admin, 'Elias Lindqvist', {
    direction: 'Out: left',
    club: 'IFK Norrvik',
    fee: 'Undisclosed',
  });
  await giveTerms(admin, 'Nuno Carvalhal', {
    direction: 'In: signed',
    club: 'Sporting Almada',
    loan: { option: 'Option to buy', price: '£20m' },
  });
  for (const deal of ['Mateo Arlanza', 'Ryo Takamine', 'Elias Lindqvist']) {
    await postInDeal(admin, deal, 'Done deal');
  }

  // The visitor, from the strip's link.
  await page.clock.install();
  await openFeed(page);
  await dealsStrip(page).getByRole('link', { name: 'Ins and outs' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ins and outs' })).toBeFocused();
  expect(new URL(page.url()).search).toBe('?window');
  const signed = page.getByRole('table', { name: 'Signed' });
  const left = page.getByRole('table', { name: 'Left' });
  await expect(bodyRows(signed)).toHaveCount(2);
  await expectRow(signed, 'Mateo Arlanza', 'Real Costanera', '£8m');
  await expectRow(signed, 'Ryo Takamine', 'Not given', 'Free');
  await expect(bodyRows(left)).toHaveCount(1);
  await expectRow(left, 'Elias Lindqvist', 'IFK Norrvik', 'Undisclosed');
  for (const table of [signed, left]) {
    await expect(table.getByRole('columnheader')).toHaveCount(4);
  }
  const totals = page.getByRole('region', { name: 'Totals (disclosed fees only)' });
  await expect(totals.getByRole('listitem')).toHaveText([
    'Spent £8m',
    'Received nothing disclosed',
    'Net £8m spent',
    '1 undisclosed',
  ]);
  await expect(page.getByRole('heading', { level: 4, name: 'Medical' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuno Carvalhal', exact: true })).toBeVisible();

  // Read on a phone without scrolling the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // The fourth becomes done elsewhere: the open view takes it in at the next live check.
  await postInDeal(admin, 'Nuno Carvalhal', 'Done deal');
  await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
    expect(bodyRows(signed)).toHaveCount(3, { timeout }),
  );
  await expectRow(signed, 'Nuno Carvalhal', 'Sporting Almada', 'Loan, option to buy £20m');
  await expect(totals.getByRole('listitem').first()).toHaveText('Spent £8m');
  await expect(page.getByRole('heading', { level: 4, name: 'Medical' })).toHaveCount(0);
});

test('/?window opens the ins and outs of the demo deals, axe-clean in both themes; All posts goes to the feed', async ({
  page,
}) => {
  await page.goto('/?window');
  await expect(page.getByRole('heading', { level: 2, name: 'Ins and outs' })).toBeVisible();
  await expect(page).toHaveTitle(/^Ins and outs – /);
  const signed = page.getByRole('table', { name: 'Signed' });
  await expectRow(signed, 'Lucas Ferrand', 'Olympique Lavanne', 'Loan, option to buy £20m');
  await expect(bodyRows(page.getByRole('table', { name: 'Left' }))).toHaveCount(1);
  await expect(dealsStrip(page).getByRole('link', { name: 'Ins and outs' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    const findings = await scanPage(page);
    expect(findings, `ins and outs, ${theme}: ${describeFindings(findings)}`).toEqual([]);
  }

  await page.getByRole('link', { name: 'All posts', exact: true }).click();
  await expect(page.getByRole('feed')).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('a deal’s feed shows its terms, and the administrator’s ‘Deal terms’ is axe-clean in both themes and keeps what was typed when refused', async ({
  page,
}) => {
  await openFeed(page);
  await signInAsAdmin(page);
  await dealLink(dealsStrip(page), 'Lucas Ferrand').click();
  const terms = page.locator('dl.deal-terms');
  await expect(terms).toContainText('Loan, option to buy £20m');
  await expect(terms).toContainText('Olympique Lavanne');
  const form = page.getByRole('region', { name: 'Deal terms' });
  await expect(form.getByRole('combobox', { name: 'Direction' })).toHaveValue('in');
  await expect(form.getByRole('textbox', { name: 'Price to buy (optional)' })).toHaveValue('£20m');
  await form.getByRole('combobox', { name: 'Fee', exact: true }).selectOption('An amount');
  await form.getByRole('textbox', { name: 'Fee amount' }).fill('lots');
  await form.getByRole('button', { name: 'Save terms' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Not saved: the fee is not an amount (write it as 8m, 750k or 8000000, up to 1bn).',
  );
  await expect(form.getByRole('textbox', { name: 'Fee amount' })).toHaveValue('lots');
  for (const theme of ['dark', 'light'] as const) {
    await useTheme(page, theme);
    const findings = await scanPage(page);
    expect(findings, `deal terms, ${theme}: ${describeFindings(findings)}`).toEqual([]);
  }
});
