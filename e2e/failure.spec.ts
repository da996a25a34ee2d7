import { readFileSync } from 'node:fs';
import { ownerClient } from '../scripts/lib/ownerClient';
import { RULES_PATH } from '../scripts/lib/stack';
import { E2E_PORTS, PROJECT_ID, firestoreUrl } from '../scripts/lib/testPorts';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  article,
  openFeed,
  postAt,
  openPostForm,
  signInAs,
  signInAsAdmin,
} from './support/app';

/** Rules that let everyone read and nobody write: what a locked-down project answers. */
const READ_ONLY_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read: if true;
      allow write: if false;
    }
  }
}
`;

/** The emulator behind the app's back, as the owner. */
const firestore = ownerClient(firestoreUrl(E2E_PORTS), PROJECT_ID);

/** Deletes the post created at that millisecond, as if the administrator did it from elsewhere. */
async function deletePostCreated(created: number): Promise<void> {
  const found = await firestore.runQuery({
    from: [{ collectionId: 'posts' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'created' },
        op: 'EQUAL',
        value: { integerValue: String(created) },
      },
    },
  });
  if (found.length !== 1) throw new Error(`${found.length} posts created at ${created}`);
  await firestore.commit([{ delete: found[0].name }]);
}

test.describe('when the Firestore emulator refuses a write', () => {
  test('a comment on a post deleted meanwhile keeps its text and says why', async ({ page }) => {
    await openFeed(page);
    await signInAs(page, FAN_EMAIL);
    const post = postAt(page, 4);
    await expect(post).toHaveAccessibleName(DEMO_POSTS[4].title);
    // The administrator deletes the post from another device while the fan types.
    await deletePostCreated(DEMO_POSTS[4].created);

    const text = 'Is this deal still happening?';
    await post.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
    await post.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/no longer exists/i);
    await expect(post.getByRole('textbox', { name: 'Add a comment...' })).toHaveValue(text);
  });

  test.describe('with rules that deny every write', () => {
    test.afterEach(async () => {
      // The next test's reset restores firestore.rules too; this keeps a failure here contained.
      await firestore.setRules(readFileSync(RULES_PATH, 'utf8'));
    });

    test("a fan's comment keeps its text and the alert shows the message", async ({ page }) => {
      await openFeed(page);
      await signInAs(page, FAN_EMAIL);
      await firestore.setRules(READ_ONLY_RULES);
      const post = postAt(page, 0);
      const text = 'Loving the ambition this window.';
      await post.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
      await post.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(/not allowed/i);
      await expect(post.getByRole('textbox', { name: 'Add a comment...' })).toHaveValue(text);
      await expect(post.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
    });

    test("the administrator's post keeps every field and the alert shows the message", async ({
      page,
    }) => {
      await openFeed(page);
      await signInAsAdmin(page);
      await firestore.setRules(READ_ONLY_RULES);
      const form = await openPostForm(page);
      const fields = {
        'Post title': 'Centre-back deal agreed',
        'Post content': 'Personal terms are agreed.',
        'Image URL (optional)': '/images/contract-desk.svg',
        'Link (optional)': 'https://example.com/centre-back',
      };
      for (const [name, value] of Object.entries(fields)) {
        await form.getByRole('textbox', { name }).fill(value);
      }
      await form.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(/not allowed/i);
      for (const [name, value] of Object.entries(fields)) {
        await expect(form.getByRole('textbox', { name })).toHaveValue(value);
      }
      await expect(article(page, fields['Post title'])).toHaveCount(0);
    });
  });
});
