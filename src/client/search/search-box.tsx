import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocale } from '../i18n/locale-store';
import { searchHref } from './search-api';
import { searchTextsFor } from './search-texts';
import './search.css';

const KEYWORD_MAX = 50;

/**
 * The portal's search box (a search landmark): plain elements, so the home page can show it
 * without loading antd's Input. An empty or overlong keyword is refused in place, on the field.
 */
export function SearchBox({ initial = '', onSearch }: { initial?: string; onSearch?: (keyword: string) => void }) {
  const texts = searchTextsFor(useLocale());
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const problemId = useId();
  useEffect(() => setKeyword(initial), [initial]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const trimmed = keyword.trim();
    if (trimmed.length === 0) return setProblem(texts.enterKeyword);
    if ([...trimmed].length > KEYWORD_MAX) return setProblem(texts.keywordTooLong);
    setProblem(undefined);
    if (onSearch) onSearch(trimmed);
    else void navigate(searchHref(trimmed));
  };
  return (
    <form role="search" aria-label={texts.searchLabel} className="kc-search-box" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="kc-visually-hidden">
        {texts.searchLabel}
      </label>
      <input
        id={inputId}
        type="search"
        value={keyword}
        placeholder={texts.searchPlaceholder}
        maxLength={KEYWORD_MAX + 10}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setKeyword(event.target.value);
          setProblem(undefined);
        }}
      />
      <button type="submit">{texts.searchButton}</button>
      {problem && (
        <p id={problemId} className="kc-search-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
