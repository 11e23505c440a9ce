import type { SearchTextPart } from '../../shared/generated/search-text-part';

/** A hit's title or snippet with the matched words in <mark>: plain text pieces, never HTML. */
export function HighlightedText({ parts }: { parts: SearchTextPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className="kc-search-mark">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
