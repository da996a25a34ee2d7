import type { DealStatus } from '../../../shared/posts/dealStatus';
import './dealStatusBadge.css';

/**
 * How far the deal has got, as text (never colour alone), next to the post's time. Screen readers
 * hear what the word is: 'Deal status: Medical'.
 */
export function DealStatusBadge({ status }: { status: DealStatus }) {
  return (
    <span className="post__status">
      <span className="visually-hidden">Deal status: </span>
      {status}
    </span>
  );
}
