import { useState } from 'react';
import { safeHttpUrl } from '../lib/safeUrl';

export interface PostImageProps {
  url: string;
  alt: string;
  /** The first card's picture is likely the largest paint: fetch it at once, not lazily. */
  eager: boolean;
}

/** The optional picture: http(s) only, space reserved (CSS aspect-ratio), gone if it fails to load. */
export function PostImage({ url, alt, eager }: PostImageProps) {
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
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedUrl(src)}
    />
  );
}
