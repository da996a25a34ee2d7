/**
 * A deal's terms (firestore.rules: isTerms and setsTerms in match /deals/{dealId}): only the
 * administrator sets them, alone, every field typed and bounded. Attacked through the real Lite
 * SDK (and REST where the SDK will not send a thing), each attack next to its allowed twin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteField,
  doc,
  getDoc,
  serverTimestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import { dealAfterPost, DEALS, toDeal, type DealStep } from '../../../src/features/deals/data/deal';
import type { DealTerms } from '../../../src/features/deals/data/dealTerms';
import { TERM_LIMITS } from '../../../src/shared/termLimits';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  unsignedToken,
  type Harness,
} from '../../support/harness';
import { stampChange } from '../../support/stampedWrites';
import { NOT_ADMIN } from '../../support/fixtures';

const ADMIN_EMAIL = readAdminEmail();
const ADMIN = googleUser('admin-1', ADMIN_EMAIL);

const DEAL = 'mateo-arlanza';
const OTHER_DEAL = 'jonas-weidemann';
const NAME = 'Mateo Arlanza';
const STORY: DealStep[] = [{ status: 'Medical', at: Date.now() - 3_600_000 }];
const MAX = TERM_LIMITS.feeAmountMax;
/** An in for £8m from Arden FC: the twin most attacks change one field of. */
const EIGHT_MILLION = {
  direction: 'in',
  club: 'Arden FC',
  fee: 'amount',
  amount: 8_000_000,
  currency: 'GBP',
} satisfies DealTerms;

let harness: Harness;
let admin: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-deal-terms');
  admin = harness.client(ADMIN);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  for (const [id, name, post] of [
    [DEAL, NAME, 'p1'],
    [OTHER_DEAL, 'Jonas Weidemann', 'p9'],
  ]) {
    await harness.seed(`${DEALS}/${id}`, {
      name,
      status: 'Medical',
      open: true,
      changed: new Date(STORY[0].at),
      post,
      history: STORY,
    });
    await harness.seed(`posts/${post}`, newPost({ deal: id, status: 'Medical' }));
  }
});

/** `db` sets DEAL's terms (or removes them: undefined), as the app's 'Save terms' does. */
const setTerms = (db: Firestore, terms: unknown, id = DEAL) =>
  updateDoc(doc(db, DEALS, id), { terms: terms === undefined ? deleteField() : terms });

/** The deal as anyone reads it, decoded as the app decodes it. */
const storedDeal = async (id = DEAL) =>
  toDeal(id, (await getDoc(doc(harness.client(null), DEALS, id))).data());

describe('terms the administrator gives a deal', () => {
  it.each<[string, DealTerms]>([
    ['an in for £8m', EIGHT_MILLION],
    ['an out for an undisclosed fee', { direction: 'out', club: 'Vale', fee: 'undisclosed' }],
    ['a free transfer', { direction: 'in', fee: 'free' }],
    ['a direction alone', { direction: 'out' }],
    ['a loan', { direction: 'in', loan: true }],
    [
      'a loan with a fee and an option to buy',
      {
        direction: 'in',
        loan: true,
        fee: 'amount',
        amount: 1_000_000,
        currency: 'EUR',
        option: 'option',
        optionAmount: 20_000_000,
      },
    ],
    [
      'a loan with an obligation, no price given',
      { direction: 'out', loan: true, option: 'obligation' },
    ],
    [
      'a loan with only its option’s price',
      { direction: 'in', loan: true, option: 'option', optionAmount: 5, currency: 'USD' },
    ],
    ['the largest fee', { direction: 'in', fee: 'amount', amount: MAX, currency: 'GBP' }],
    ['a not-loan', { direction: 'in', loan: false, fee: 'free' }],
  ])('allows %s, which reads back as written', async (_, terms) => {
    await expectAllowed(setTerms(admin, terms));
    expect((await storedDeal()).terms).toEqual(terms);
  });

  it('allows changing and removing them; a deal without them reads as terms not given', async () => {
    expect((await storedDeal()).terms).toBeUndefined();
    await expectAllowed(setTerms(admin, EIGHT_MILLION));
    await expectAllowed(setTerms(admin, { ...EIGHT_MILLION, amount: 9_000_000 }));
    await expectAllowed(setTerms(admin, undefined));
    expect((await storedDeal()).terms).toBeUndefined();
  });

  it.each(Object.entries(NOT_ADMIN))('denies %s setting or removing them', async (_, persona) => {
    await expectDenied(setTerms(harness.client(persona), EIGHT_MILLION));
    await expectAllowed(setTerms(admin, EIGHT_MILLION));
    await expectDenied(setTerms(harness.client(persona), undefined));
  });
});

describe('each field typed and bounded, each attack beside its twin', () => {
  const without = (key: keyof DealTerms): Record<string, unknown> =>
    Object.fromEntries(Object.entries(EIGHT_MILLION).filter(([name]) => name !== key));

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'a direction of in or out',
      { ...EIGHT_MILLION, direction: 'out' },
      { ...EIGHT_MILLION, direction: 'sideways' },
    ],
    ['a direction, required', EIGHT_MILLION, without('direction')],
    [
      'an integer amount, not a float',
      { ...EIGHT_MILLION, amount: 8_500_000 },
      { ...EIGHT_MILLION, amount: 8_500_000.5 },
    ],
    [
      'an amount of at least 1, not 0',
      { ...EIGHT_MILLION, amount: 1 },
      { ...EIGHT_MILLION, amount: 0 },
    ],
    [
      'an amount not negative',
      { ...EIGHT_MILLION, amount: 1 },
      { ...EIGHT_MILLION, amount: -8_000_000 },
    ],
    [
      'an amount of at most 10⁹',
      { ...EIGHT_MILLION, amount: MAX },
      { ...EIGHT_MILLION, amount: MAX + 1 },
    ],
    ['an amount as a number, not text', EIGHT_MILLION, { ...EIGHT_MILLION, amount: '8000000' }],
    [
      'a currency of the list',
      { ...EIGHT_MILLION, currency: 'EUR' },
      { ...EIGHT_MILLION, currency: 'XYZ' },
    ],
    [
      'a currency spelt as listed',
      { ...EIGHT_MILLION, currency: 'USD' },
      { ...EIGHT_MILLION, currency: 'gbp' },
    ],
    [
      'a currency with an amount',
      { direction: 'in', fee: 'free' },
      { direction: 'in', fee: 'free', currency: 'GBP' },
    ],
    ['an amount with its currency', EIGHT_MILLION, without('currency')],
    ['an amount with fee amount', EIGHT_MILLION, without('amount')],
    [
      'no amount with an undisclosed fee',
      { ...without('amount'), fee: 'undisclosed', currency: undefined },
      { ...EIGHT_MILLION, fee: 'undisclosed' },
    ],
    [
      'no amount with a free transfer',
      { direction: 'in', fee: 'free' },
      { ...EIGHT_MILLION, fee: 'free' },
    ],
    ['no amount without a fee', { direction: 'in' }, { ...without('fee') }],
    ['a fee of the list', { ...EIGHT_MILLION, fee: 'amount' }, { ...EIGHT_MILLION, fee: 'some' }],
    [
      'a club with visible text',
      { ...EIGHT_MILLION, club: 'Vale' },
      { ...EIGHT_MILLION, club: '   ' },
    ],
    [
      'a club not only invisible characters',
      { ...EIGHT_MILLION, club: 'Vale\u200B' },
      { ...EIGHT_MILLION, club: '\u200B\u2060\u00A0' },
    ],
    [
      'a club of at most 60 characters',
      { ...EIGHT_MILLION, club: 'x'.repeat(60) },
      { ...EIGHT_MILLION, club: 'x'.repeat(61) },
    ],
    [
      'a club counted in UTF-16 units',
      { ...EIGHT_MILLION, club: '\u{1F3C6}'.repeat(30) },
      { ...EIGHT_MILLION, club: '\u{1F3C6}'.repeat(31) },
    ],
    ['a club as text', EIGHT_MILLION, { ...EIGHT_MILLION, club: 42 }],
    [
      'a loan flag true or false',
      { direction: 'in', loan: true },
      { direction: 'in', loan: 'yes' },
    ],
    [
      'an option on a loan',
      { direction: 'in', loan: true, option: 'option' },
      { direction: 'in', option: 'option' },
    ],
    [
      'an option on a loan, not a transfer',
      { direction: 'in', loan: true, option: 'option' },
      { direction: 'in', loan: false, option: 'option' },
    ],
    [
      'an option of the list',
      { direction: 'in', loan: true, option: 'obligation' },
      { direction: 'in', loan: true, option: 'maybe' },
    ],
    [
      'an option’s price with an option',
      { direction: 'in', loan: true, option: 'option', optionAmount: 9, currency: 'GBP' },
      { direction: 'in', loan: true, optionAmount: 9, currency: 'GBP' },
    ],
    [
      'an option’s price an integer up to 10⁹',
      { direction: 'in', loan: true, option: 'option', optionAmount: MAX, currency: 'GBP' },
      { direction: 'in', loan: true, option: 'option', optionAmount: 2.5, currency: 'GBP' },
    ],
    [
      'an option’s price not over 10⁹',
      { direction: 'in', loan: true, option: 'option', optionAmount: MAX, currency: 'GBP' },
      { direction: 'in', loan: true, option: 'option', optionAmount: MAX + 1, currency: 'GBP' },
    ],
    ['terms as a map', EIGHT_MILLION, { terms: 'in' }],
    ['no unknown key', EIGHT_MILLION, { ...EIGHT_MILLION, note: 'x' }],
    ['no key named constructor', EIGHT_MILLION, { ...EIGHT_MILLION, constructor: 'x' }],
    ['no key named toString', EIGHT_MILLION, { ...EIGHT_MILLION, toString: 'x' }],
    ['no key named hasOwnProperty', EIGHT_MILLION, { ...EIGHT_MILLION, hasOwnProperty: 'x' }],
  ])('%s', async (_, twin, attack) => {
    const clean = (data: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
    await expectDenied(setTerms(admin, clean(attack)));
    await expectAllowed(setTerms(admin, clean(twin)));
  });

  it('denies terms that are a list', async () => {
    await expectDenied(setTerms(admin, ['in']));
  });

  it('refuses a key named __proto__: the SDK will not send it, Firestore reserves it', async () => {
    const withProto = Object.defineProperty({ ...EIGHT_MILLION }, '__proto__', {
      value: 'x',
      enumerable: true,
    });
    // The SDK throws before it sends anything.
    const refused = await Promise.resolve()
      .then(() => setTerms(admin, withProto))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: expect.stringMatching(/__/) });
    // Parsed, so __proto__ is an own key (in a literal it would set the prototype).
    const overRest = (json: string) =>
      harness.rest(
        'commit',
        {
          writes: [
            {
              update: {
                name: harness.name(`${DEALS}/${DEAL}`),
                fields: { terms: { mapValue: { fields: JSON.parse(json) as unknown } } },
              },
              updateMask: { fieldPaths: ['terms'] },
            },
          ],
        },
        { token: unsignedToken(ADMIN) },
      );
    const reserved = await overRest(
      '{"direction": {"stringValue": "in"}, "__proto__": {"stringValue": "x"}}',
    );
    expect(reserved).toMatchObject({ status: 400, json: { error: { message: /reserved/ } } });
    expect((await storedDeal()).terms).toBeUndefined();
    expect((await overRest('{"direction": {"stringValue": "in"}}')).status).toBe(200);
    expect((await storedDeal()).terms).toEqual({ direction: 'in' });
  });
});

describe('terms are their own write', () => {
  it('denies terms with another change of the deal; allows each alone', async () => {
    const ref = doc(admin, DEALS, DEAL);
    await expectDenied(updateDoc(ref, { terms: EIGHT_MILLION, name: 'Mateo A.' }));
    await expectDenied(updateDoc(ref, { terms: EIGHT_MILLION, open: false }));
    await expectAllowed(updateDoc(ref, { name: 'Mateo A.' }));
    await expectAllowed(updateDoc(ref, { terms: EIGHT_MILLION }));
  });

  it('allows two deals’ terms in one batch, and denies the batch when either is bad', async () => {
    const both = (second: unknown) => {
      const batch = writeBatch(admin);
      batch.update(doc(admin, DEALS, DEAL), { terms: EIGHT_MILLION });
      batch.update(doc(admin, DEALS, OTHER_DEAL), { terms: second });
      return batch.commit();
    };
    await expectDenied(both({ direction: 'out', fee: 'undisclosed', amount: 3 }));
    expect((await storedDeal()).terms).toBeUndefined();
    await expectAllowed(both({ direction: 'out', fee: 'undisclosed' }));
    expect((await storedDeal(OTHER_DEAL)).terms).toEqual({ direction: 'out', fee: 'undisclosed' });
  });

  /**
   * A post moves DEAL on to 'Done deal' by the app's recipe (dealAfterPost keeps the stored
   * terms: 'keep'); an attack writes `terms` instead (undefined: none).
   */
  const moveOn = async (terms: DealTerms | null | undefined | 'keep') => {
    const deal = await storedDeal();
    const from = terms === 'keep' ? deal : { ...deal, terms: undefined };
    const write = dealAfterPost(from, NAME, 'p2', 'Done deal', Date.now());
    const batch = writeBatch(admin);
    batch.set(doc(admin, 'posts', 'p2'), newPost({ deal: DEAL, status: 'Done deal' }));
    stampChange(admin, batch, 'p2');
    batch.set(doc(admin, DEALS, DEAL), {
      ...write,
      ...(terms !== 'keep' && terms !== undefined && { terms }),
      changed: serverTimestamp(),
    });
    return batch.commit();
  };

  it('keeps them when a post moves the deal on; a move that drops or changes them is denied', async () => {
    await expectAllowed(setTerms(admin, EIGHT_MILLION));
    await expectDenied(moveOn(undefined));
    await expectDenied(moveOn({ ...EIGHT_MILLION, amount: 1 }));
    await expectAllowed(moveOn('keep'));
    expect(await storedDeal()).toMatchObject({ status: 'Done deal', terms: EIGHT_MILLION });
  });

  it('denies a move that stores terms as null on a deal without terms; allows it without', async () => {
    await expectDenied(moveOn(null));
    await expectDenied(moveOn({ direction: 'sideways' } as unknown as DealTerms)); // an attacker's map
    await expectAllowed(moveOn('keep'));
    const stored = (await getDoc(doc(harness.client(null), DEALS, DEAL))).data();
    expect(stored).toMatchObject({ status: 'Done deal' });
    expect(stored && 'terms' in stored).toBe(false);
  });

  it('denies a new deal created with terms; allows it without', async () => {
    const start = (terms?: DealTerms) => {
      const write = dealAfterPost(null, 'Lucas Ferrand', 'p3', 'Rumour', Date.now());
      const batch = writeBatch(admin);
      batch.set(doc(admin, 'posts', 'p3'), newPost({ deal: 'lucas-ferrand', status: 'Rumour' }));
      stampChange(admin, batch, 'p3');
      batch.set(doc(admin, DEALS, 'lucas-ferrand'), {
        ...write,
        ...(terms && { terms }),
        changed: serverTimestamp(),
      });
      return batch.commit();
    };
    await expectDenied(start(EIGHT_MILLION));
    await expectAllowed(start());
  });
});
