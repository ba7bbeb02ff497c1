import { Box, Image } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../api/apiFetch';
import { authorizedFetch } from '../../../api/authorizedFetch';
import { env } from '../../../config/env';

/**
 * Where a thumbnail URL of the API points, and whether it needs the Bearer token (which an
 * <img> cannot send): a path without a leading slash is relative to the API base.
 */
export function resolveThumbnail(url: string): { src: string; needsToken: boolean } {
  if (/^(https?:|blob:|data:)/.test(url)) return { src: url, needsToken: false };
  const src = url.startsWith('/') ? url : apiUrl(url);
  const base = env.apiBase.replace(/\/+$/, '');
  return { src, needsToken: src.startsWith(`${base}/`) };
}

/**
 * A thumbnail. API URLs are fetched with the token and shown from an object URL (revoked when
 * the image leaves); other URLs (signed storage links) go straight into the <img>.
 */
export function AuthedThumbnail({
  url,
  alt,
  size = 120,
  fit = 'cover',
}: {
  url: string | null;
  alt: string;
  size?: number;
  /** 'contain' shows the whole image (to draw boxes over it in image coordinates). */
  fit?: 'cover' | 'contain';
}) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const target = url === null ? null : resolveThumbnail(url);
  const fetchSrc = target?.needsToken ? target.src : null;

  useEffect(() => {
    if (!fetchSrc) return undefined;
    const controller = new AbortController();
    let created: string | null = null;
    authorizedFetch(fetchSrc, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        created = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(created);
        else setObjectUrl(created);
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [fetchSrc]);

  const src = target === null ? null : target.needsToken ? objectUrl : target.src;
  return (
    <Box w={`${size}px`} h={`${size}px`} bg="bg.muted" borderRadius="l2" overflow="hidden" flexShrink={0}>
      {src && <Image src={src} alt={alt} w="full" h="full" objectFit={fit} data-testid="thumbnail" />}
    </Box>
  );
}
