import { useId } from 'react';
import { isSuspendedAt, type Suspension } from '../../comments';
import type { ModeratedComment } from '../data/moderation';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
import type { Moderation } from '../hooks/useModeration';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { permalinkTo } from '../../../shared/posts/permalink';
import { ModeratedCommentActions } from './ModeratedCommentActions';
import './moderation.css';

export interface ModeratedCommentItemProps {
  comment: ModeratedComment;
  now: number;
  /** The author's suspension, or null. */
  suspension: Suspension | null;
  moderation: Moderation;
}

/** One listed comment: its post (a permalink), author, text, time, reports, and the actions. */
export function ModeratedCommentItem({
  comment,
  now,
  suspension,
  moderation,
}: ModeratedCommentItemProps) {
  const textId = useId();
  const authorId = useId();
  const dismissing = useSubmit('Not dismissed');
  const suspended = isSuspendedAt(suspension, now);

  return (
    <li className="moderated">
      <ModeratedCommentText comment={comment} textId={textId} authorId={authorId} />
      <ModeratedCommentMeta comment={comment} now={now} suspended={suspended} />
      <ModeratedCommentActions
        comment={comment}
        moderation={moderation}
        suspended={suspended}
        dismissing={dismissing}
        textId={textId}
        authorId={authorId}
      />
      {dismissing.error && (
        <p role="alert" className="form-error">
          {dismissing.error}
        </p>
      )}
    </li>
  );
}

interface ModeratedCommentTextProps {
  comment: ModeratedComment;
  /** Ids the actions point at (aria-describedby): the whole comment, and its author. */
  textId: string;
  authorId: string;
}

/** The comment's post (a permalink), then "author: text". */
function ModeratedCommentText({ comment, textId, authorId }: ModeratedCommentTextProps) {
  return (
    <>
      <p className="moderated__post">
        <a href={permalinkTo(comment.postId)}>{comment.postTitle || 'Untitled post'}</a>
      </p>
      <p id={textId} className="moderated__comment">
        <span id={authorId} className="comment__user">
          {comment.user}
        </span>
        <span className="comment__separator">: </span>
        <span className="comment__text">{comment.text}</span>
      </p>
    </>
  );
}

interface ModeratedCommentMetaProps {
  comment: ModeratedComment;
  now: number;
  suspended: boolean;
}

/** When it was written, its open reports and whether its author is suspended. */
function ModeratedCommentMeta({ comment, now, suspended }: ModeratedCommentMetaProps) {
  const reports = comment.reports === 1 ? '1 report' : `${comment.reports} reports`;
  return (
    <p className="moderated__meta">
      <PublishedTime created={comment.at} now={now} />
      {comment.reports > 0 && <span className="moderated__reports">{reports}</span>}
      {suspended && <span className="moderated__suspended">Author suspended</span>}
    </p>
  );
}
