import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { Loaded } from './loaded';
import { fetchRule } from './matching-api';
import { EnginePageFrame, type EnginePageEntry } from '../engine-page-frame';
import { matchingTextsFor } from './matching-texts';
import { RuleCard } from './rule-card';

/** A rule page (page rule, ?id= of the target record): the rule about it, or a plain "nothing at a glance yet". */
export function RulePage({
  page,
  resource,
  rulesLink,
}: {
  page: EnginePageEntry;
  resource: string;
  rulesLink: { path: string; title: string } | undefined;
}) {
  const locale = useLocale();
  const texts = matchingTextsFor(locale);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // No rule about this record (or no such record) is said in place, not as an error.
  const rule = useLoad(
    () =>
      fetchRule(resource, id).catch((error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }),
    `${resource}|${id}|${locale}`,
  );
  return (
    <EnginePageFrame page={page}>
      <Loaded load={rule} texts={texts}>
        {(value) =>
          value === null ? (
            <Result
              status="info"
              title={texts.noRule}
              extra={
                rulesLink && (
                  <Link to={rulesLink.path}>
                    <Button>{rulesLink.title}</Button>
                  </Link>
                )
              }
            />
          ) : (
            <RuleCard rule={value} texts={texts} />
          )
        }
      </Loaded>
    </EnginePageFrame>
  );
}
