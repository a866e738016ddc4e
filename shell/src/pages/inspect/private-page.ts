import { useLayoutEffect } from 'react';

// The page's address holds the link's token, which is the inspector's credential: it must not end up in a
// search engine's index nor in the Referer of a request the page makes (its own API calls included) or of a
// link followed from it. The API answers with the same in its headers; these cover the page itself.
const privateTags = [
  ['robots', 'noindex, nofollow'],
  ['referrer', 'no-referrer'],
] as const;

/**
 * Tells search engines not to index the page and the browser to send no referrer while the calling
 * component is mounted. A layout effect, so the tags are in place before any effect of the page calls the
 * API.
 */
export function usePrivatePage(): void {
  useLayoutEffect(() => {
    const added = privateTags.map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.append(meta);
      return meta;
    });
    return () => added.forEach((meta) => meta.remove());
  }, []);
}
