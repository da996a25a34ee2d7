import { useEffect, useState } from 'react';
import { permalinkTo } from '../../posts';

export interface ShareButtonProps {
  postId: string;
  title: string;
  /** The post title's id: the button is described by it, so each card's 'Share' is told apart. */
  titleId: string;
}

/** How long 'Link copied' (or the failure) stays before the button says 'Share' again. */
const SHOWN_MS = 4000;

/**
 * Shares the post's permalink: the Web Share API where the browser has it, otherwise the link is
 * copied to the clipboard and the button says 'Link copied' for a few seconds.
 */
export function ShareButton({ postId, title, titleId }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (outcome === null) return;
    const timer = setTimeout(() => setOutcome(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const share = async () => {
    const url = permalinkTo(postId);
    if ('share' in navigator) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The user closed the share sheet: nothing went wrong. Any other refusal tries the
        // clipboard.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    // A polite live region around the button: its new text ('Link copied') is announced once, and
    // the words appear once on the page.
    <div className="post__share" aria-live="polite">
      <button
        type="button"
        className="button button--small"
        aria-describedby={titleId}
        onClick={() => void share()}
      >
        {outcome === 'copied' ? 'Link copied' : 'Share'}
      </button>
      {outcome === 'failed' && (
        <span className="post__share-status">Could not share or copy the link</span>
      )}
    </div>
  );
}
