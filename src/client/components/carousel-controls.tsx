import { Button } from 'antd';

/** The words a carousel's controls say, in the reader's language. */
export interface CarouselControlTexts {
  previousSlide: string;
  nextSlide: string;
  slideOf: (n: number, count: number) => string;
}

/**
 * A carousel's controls: previous, one button per slide (the current one marked aria-current) and next,
 * each named for screen readers. `prefix` keeps each carousel's own look (kc-headline, kc-carousel).
 */
export function CarouselControls({
  ids,
  index,
  onChange,
  texts,
  prefix,
}: {
  ids: readonly string[];
  index: number;
  onChange: (index: number) => void;
  texts: CarouselControlTexts;
  prefix: string;
}) {
  const count = ids.length;
  if (count < 2) return null;
  return (
    <div className={`${prefix}-controls`}>
      <Button size="small" aria-label={texts.previousSlide} onClick={() => onChange((index - 1 + count) % count)}>
        ‹
      </Button>
      {ids.map((id, n) => (
        <button
          key={id}
          type="button"
          className={n === index ? `${prefix}-dot ${prefix}-dot-current` : `${prefix}-dot`}
          aria-label={texts.slideOf(n + 1, count)}
          aria-current={n === index ? 'true' : undefined}
          onClick={() => onChange(n)}
        />
      ))}
      <Button size="small" aria-label={texts.nextSlide} onClick={() => onChange((index + 1) % count)}>
        ›
      </Button>
    </div>
  );
}
