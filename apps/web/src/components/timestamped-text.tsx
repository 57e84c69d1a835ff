import { Fragment } from 'react';
import { Link } from 'react-router';
import { splitTimestamps } from '@streamhub/contract';
import { LinkedText } from './linked-text';
import { watchHref } from './video-card';

/** The watch page of `videoId` at `seconds` (`?t=`, which the player seeks to). */
export const watchAtHref = (videoId: string, seconds: number) => `${watchHref(videoId)}?t=${seconds}`;

/**
 * A description's or comment's text with every timestamp (`1:30`, `1:02:03`) a link to the video's
 * watch page at that second (docs/chapters-and-scheduling.md), and its web addresses links. Built as React nodes: the text is
 * never read as markup.
 */
export function TimestampedText({ text, videoId }: { text: string; videoId: string }) {
  // Web addresses first: a `?t=1:30` inside one stays part of its link.
  return <LinkedText text={text} renderText={(plain) => <Timestamps text={plain} videoId={videoId} />} />;
}

function Timestamps({ text, videoId }: { text: string; videoId: string }) {
  return (
    <>
      {splitTimestamps(text).map((piece, i) =>
        piece.seconds === undefined ? (
          <Fragment key={i}>{piece.text}</Fragment>
        ) : (
          <Link
            key={i}
            to={watchAtHref(videoId, piece.seconds)}
            preventScrollReset
            className="text-sky-400 hover:underline"
            data-testid="timestamp-link"
          >
            {piece.text}
          </Link>
        ),
      )}
    </>
  );
}
