import { useState } from 'react';
import { safeHttpUrl } from '../../../shared/text/safeUrl';
import './feed.css';

/**
 * How soon to fetch a picture. 'first': the first card's, likely the largest paint: at once and
 * ahead of the rest. 'near': its card is only rendered near the screen (a long feed), so waiting to
 * see whether it scrolls into view would only cost a frame. 'later': lazily.
 */
export type ImagePriority = 'first' | 'near' | 'later';

export interface PostImageProps {
  url: string;
  alt: string;
  priority: ImagePriority;
}

/**
 * The optional picture: http(s) only, space reserved (CSS aspect-ratio), gone if it fails to load.
 */
export function PostImage({ url, alt, priority }: PostImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = safeHttpUrl(url);
  if (!src || failedUrl === src) return null;
  return (
    <img
      className="post__image"
      src={src}
      alt={alt}
      width={1200}
      height={675}
      loading={priority === 'later' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'first' ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedUrl(src)}
    />
  );
}
