import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CarouselControls } from '../components/carousel-controls';
import type { Article } from './content-api';
import { articleHref } from './article-links';
import type { PortalTexts } from './portal-texts';

const ADVANCE_MS = 6000;

/**
 * The home page's headline items (headline in the record) as a carousel of text slides: one slide
 * in the page at a time (a hidden slide's link can never take the focus), previous, next and one
 * button per slide, and it turns by itself only while nobody hovers or focuses it (WCAG 2.2.2).
 */
export function HeadlineCarousel({ articles, texts }: { articles: Article[]; texts: PortalTexts }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = articles.length;
  useEffect(() => {
    if (paused || count < 2) return undefined;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [paused, count]);
  const article = articles[index % count];
  if (!article) return null;
  return (
    <section
      className="kc-headlines"
      aria-roledescription="carousel"
      aria-label={texts.headlines}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div aria-live={paused ? 'polite' : 'off'} aria-roledescription="slide" aria-label={texts.slideOf(index + 1, count)}>
        <Link className="kc-headline-slide" to={articleHref(article.id)}>
          <span className="kc-headline-catalog">{article.catalogName}</span>
          <strong className="kc-headline-title">{article.title}</strong>
          {article.summary && <span className="kc-headline-summary">{article.summary}</span>}
          <time dateTime={article.publishDate}>{article.publishDate}</time>
        </Link>
      </div>
      <CarouselControls ids={articles.map((item) => item.id)} index={index} onChange={setIndex} texts={texts} prefix="kc-headline" />
    </section>
  );
}
