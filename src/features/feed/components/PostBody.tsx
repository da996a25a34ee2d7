import { Suspense, useState } from 'react';
import { LazyPostActions, LazyPostEditor } from '../../admin';
import type { Post } from '../../../shared/posts/post';
import { safeHttpUrl } from '../../../shared/text/safeUrl';
import { editPost } from '../commands';
import { ShareButton } from './ShareButton';
import './feed.css';

export interface PostBodyProps {
  post: Post;
  titleId: string;
  /** The administrator is signed in: the card offers Edit and the post's other actions. */
  admin: boolean;
}

/** A post's text, its 'Read more' link and Share, and the administrator's editor and actions. */
export function PostBody({ post, titleId, admin }: PostBodyProps) {
  const [editing, setEditing] = useState(false);
  // After Save or Cancel, focus returns to the Edit button the user started from.
  const [returning, setReturning] = useState(false);
  const link = safeHttpUrl(post.link);
  const content = <p className="post__content">{post.content}</p>;

  const stopEditing = () => {
    setEditing(false);
    setReturning(true);
  };

  return (
    <>
      {admin && editing ? (
        <Suspense fallback={content}>
          <LazyPostEditor
            content={post.content}
            status={post.status}
            deal={post.deal}
            onSave={async (edit) => {
              await editPost(post.id, edit);
              stopEditing();
            }}
            onCancel={stopEditing}
          />
        </Suspense>
      ) : (
        content
      )}
      {link && (
        <a
          className="post__link"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
        >
          Read more<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <ShareButton postId={post.id} title={post.title} titleId={titleId} />
      {admin && !editing && (
        <Suspense fallback={null}>
          <LazyPostActions
            post={post}
            titleId={titleId}
            focusEdit={returning}
            onEdit={() => setEditing(true)}
          />
        </Suspense>
      )}
    </>
  );
}
