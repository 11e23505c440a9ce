import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CarouselControls } from '../../components/carousel-controls';
import { usePrefersReducedMotion } from '../../hooks/use-prefers-reduced-motion';
import type { LayoutItemsProps } from './layout-item-props';
import { publicLayoutTexts } from './public-layout-texts';
import { textOf } from './record-facts';
import { RecordImage } from './record-image';

const ADVANCE_MS = 6000;

/**
 * layout carousel: one slide in the page at a time (a hidden slide's link never takes the focus), with
 * previous, next and one button per slide. It turns by itself only while nobody hovers or focuses it and
 * the person has not asked for less motion (WCAG 2.2.2, 2.3.3).
 */
export function CarouselLayout({ records, layout, locale, hrefOf }: LayoutItemsProps) {
  const texts = publicLayoutTexts(locale);
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = records.length;
  useEffect(() => {
    if (paused || reduced || count < 2) return undefined;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, reduced, count]);
  const record = records[index % Math.max(count, 1)];
  if (!record) return null;
  const title = textOf(record, layout.title);
  const summary = textOf(record, layout.summary);
  return (
    <section
      className="kc-carousel"
      aria-roledescription="carousel"
      aria-label={texts.showcase}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="kc-carousel-slide"
        aria-live={paused ? 'polite' : 'off'}
        aria-roledescription="slide"
        aria-label={texts.slideOf(index + 1, count)}
      >
        {layout.image !== undefined && <RecordImage value={record.data[layout.image]} title={title} className="kc-carousel-image" first />}
        <div className="kc-carousel-caption">
          <h3 className="kc-carousel-title">
            <Link to={hrefOf(record)}>{title}</Link>
          </h3>
          {summary && <p className="kc-carousel-summary">{summary}</p>}
        </div>
      </div>
      <CarouselControls ids={records.map((item) => item.id)} index={index} onChange={setIndex} texts={texts} prefix="kc-carousel" />
    </section>
  );
}
