import { Fragment, type ReactNode } from 'react';
import { splitLinks } from '@/lib/text-links';

/** A user's link: a new tab, not followed by search engines, no opener (user-generated content); above a card's whole-card link. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="nofollow ugc noopener" className="relative break-all text-sky-400 underline">
      {children}
    </a>
  );
}

/**
 * A user's text (description, comment, post) with its http(s) addresses as links; `renderText`
 * shows the rest (timestamps, plain text). Built as React nodes: the text is never read as markup.
 */
export function LinkedText({ text, renderText = (t) => t }: { text: string; renderText?: (text: string) => ReactNode }) {
  return (
    <>
      {splitLinks(text).map((piece, i) =>
        piece.href ? (
          <ExternalLink key={i} href={piece.href}>
            {piece.text}
          </ExternalLink>
        ) : (
          <Fragment key={i}>{renderText(piece.text)}</Fragment>
        ),
      )}
    </>
  );
}
