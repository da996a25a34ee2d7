/**
 * The bench's floor page: the feed's first card rendered by React alone, its post inlined by the
 * build (floor.ts), no data layer, no Firebase. The card's pieces are the app's own components, in
 * the markup and classes the feed gives them, so the first paint is the same work minus the data.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DealStatusBadge } from '../../../../src/features/deals/components/DealStatusBadge';
import { PostImage } from '../../../../src/features/feed/components/PostImage';
import { PublishedTime } from '../../../../src/shared/ui/PublishedTime';
import type { FloorPost } from '../floorPage';

declare const FLOOR_POST: FloorPost;
declare const FLOOR_NOW: number;

const post = FLOOR_POST;
const container = document.getElementById('root');
if (!container) throw new Error('The floor page has no #root');
createRoot(container).render(
  <StrictMode>
    <main className="main">
      <section className="feed" aria-labelledby="feed-heading">
        <h2 id="feed-heading" className="visually-hidden">
          Posts
        </h2>
        <div className="feed__list" role="feed">
          <article className="post" aria-labelledby="floor-title" aria-posinset={1} tabIndex={0}>
            <div className="post__header">
              <h3 id="floor-title" className="post__title">
                {post.title}
              </h3>
              <PublishedTime created={post.created} now={FLOOR_NOW} />
              {post.status && <DealStatusBadge status={post.status} />}
            </div>
            <PostImage url={post.imageUrl} alt={post.title} priority="first" />
            <p className="post__content">{post.content}</p>
          </article>
        </div>
      </section>
    </main>
  </StrictMode>,
);
