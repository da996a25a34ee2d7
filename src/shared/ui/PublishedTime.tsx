import { formatExactTime, formatRelativeTime } from '../text/relativeTime';
import './publishedTime.css';

export interface PublishedTimeProps {
  created: number;
  /** The feed's clock, so every card is relative to the same moment. */
  now: number;
}

/**
 * When the post was published (or a deal last changed): relative, with the exact time on hover and
 * for machines.
 */
export function PublishedTime({ created, now }: PublishedTimeProps) {
  if (!created) return null;
  const exact = formatExactTime(created);
  return (
    <time className="post__time" dateTime={new Date(created).toISOString()} title={exact}>
      {formatRelativeTime(created, now)}
    </time>
  );
}
