import { useId } from 'react';
import { useHeldComments } from '../hooks/useHeldComments';
import { useReviewSettings } from '../hooks/useReviewSettings';
import { HeldCommentList } from './HeldCommentList';
import { ReviewSettingsForm } from './ReviewSettingsForm';
import './moderation.css';

/**
 * 'Held for review': what the club holds back (first comments, suspect words) and the comments
 * waiting for its answer, oldest first, each approved into its thread or rejected.
 */
export function HeldForReview({ now }: { now: number }) {
  const headingId = useId();
  const review = useReviewSettings();
  const held = useHeldComments();
  const words = review.status === 'ready' ? (review.settings?.words ?? null) : null;
  return (
    <section className="held" aria-labelledby={headingId}>
      <h3 id={headingId} className="held__heading">
        Held for review
      </h3>
      <ReviewSettingsForm review={review} />
      <HeldCommentList
        held={held}
        words={words}
        settingsRead={review.status !== 'loading'}
        now={now}
      />
    </section>
  );
}
