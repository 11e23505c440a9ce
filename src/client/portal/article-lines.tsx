import { Link } from 'react-router-dom';
import type { Article } from './content-api';
import { articleHref } from './article-links';

/** A block's articles: title (a link) and date, one line each. */
export function ArticleLines({ articles }: { articles: Article[] }) {
  return (
    <ul className="kc-article-lines">
      {articles.map((article) => (
        <li key={article.id}>
          <Link to={articleHref(article.id)} title={article.title}>
            {article.title}
          </Link>
          <time dateTime={article.publishDate}>{article.publishDate}</time>
        </li>
      ))}
    </ul>
  );
}
