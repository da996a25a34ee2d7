import { useEffect, useState } from 'react';
import type { ShareOutcome } from '../state/share';
import './feed.css';

export interface ShareButtonProps {
  postId: string;
  title: string;
  /** The post title's id: the button is described by it, so each card's 'Share' is told apart. */
  titleId: string;
}

/** How long 'Link copied' (or the failure) stays before the button says 'Share' again. */
const SHOWN_MS = 4000;

/**
 * Shares the post's permalink (state/share): the Web Share API where the browser has it,
 * otherwise the link is copied to the clipboard and the button says 'Link copied' for a few
 * seconds.
 */
export function ShareButton({ postId, title, titleId }: ShareButtonProps) {
  const [outcome, setOutcome] = useState<ShareOutcome>(null);

  useEffect(() => {
    if (outcome === null) return;
    const timer = setTimeout(() => setOutcome(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  // Its chunk is most often loaded already (the live checks'); offline it may not load: failed.
  const share = () =>
    import('../state/share')
      .then((module) => module.share(postId, title))
      .then(setOutcome, () => setOutcome('failed'));

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
