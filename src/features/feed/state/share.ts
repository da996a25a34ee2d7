import { permalinkTo } from '../../../shared/posts/permalink';

/** What sharing came to: the link copied, nothing to say (shared, or the sheet closed), or failed. */
export type ShareOutcome = 'copied' | 'failed' | null;

/**
 * Shares post `postId`'s permalink: the Web Share API where the browser has it, otherwise the link
 * is copied to the clipboard. Loaded on the first Share (ShareButton imports it there), so the
 * first load carries only the button.
 */
export async function share(postId: string, title: string): Promise<ShareOutcome> {
  const url = permalinkTo(postId);
  if ('share' in navigator) {
    try {
      await navigator.share({ title, url });
      return null;
    } catch (error) {
      // The user closed the share sheet: nothing went wrong. Any other refusal tries the
      // clipboard.
      if (error instanceof DOMException && error.name === 'AbortError') return null;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
