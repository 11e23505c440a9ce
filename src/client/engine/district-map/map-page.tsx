import { Button, Card, Skeleton, Space } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ResourcePages } from '../../../shared/generated/resource-pages';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { useLoad } from '../../hooks/use-load';
import { useLocale } from '../../i18n/locale-store';
import { EnginePageFrame } from '../engine-page-frame';
import { SchemaList } from '../schema-list';
import { useDictionaries } from '../use-dictionaries';
import { useResourceDefinition } from '../use-resource-definition';
import { DistrictMap } from './district-map';
import { fetchMap, fetchTotals } from './map-api';
import './district-map.css';

type PageEntry = ResourcePages['pages'][number];

/**
 * A map page (resource.json pages, page map): the city's districts (schemas/maps) coloured by the
 * list's totals per district (its summary), and the list below narrowed to the district chosen, on
 * the map or with the buttons beside it (the keyboard's way to the same choice). The choice is kept
 * in the address (?district=dh), so it can be shared and survives a reload.
 */
export function MapPage({ page, can }: { page: PageEntry; can: (check: string) => boolean }) {
  const locale = useLocale();
  const field = page.field ?? '';
  const list = page.list ?? '';
  const mapName = page.map ?? '';
  const [params, setParams] = useSearchParams();
  const selected = params.get(field) ?? undefined;
  const geo = useLoad(() => fetchMap(mapName), `map|${mapName}`);
  const totals = useLoad(() => fetchTotals(page.resource, list), `totals|${page.resource}|${list}`);
  const { definition } = useResourceDefinition(page.resource);
  const dictOptions = useDictionaries(definition?.record, locale);
  const dict = definition?.record.properties?.[field]?.['x-dict'];
  const labels = useMemo(
    () => new Map((typeof dict === 'string' ? (dictOptions?.[dict] ?? []) : []).map((option) => [String(option.value), option.label])),
    [dict, dictOptions],
  );
  const label = useCallback((key: string): string => labels.get(key) ?? key, [labels]);
  const choose = useCallback(
    (key: string | undefined): void => setParams(key === undefined || key === selected ? {} : { [field]: key }, { replace: true }),
    [field, selected, setParams],
  );
  const fixed = useMemo(() => (selected ? { [field]: selected } : undefined), [field, selected]);
  const title = (locale === 'en-US' ? page.titleEn : page.title) ?? page.title ?? '';

  let map;
  if (geo.failed || totals.failed) map = <LoadFailedAlert onRetry={() => (geo.failed ? geo.retry() : totals.retry())} />;
  else if (!geo.value || !totals.value) map = <Skeleton active paragraph={{ rows: 8 }} />;
  else
    map = (
      <div className="kc-map-layout">
        <DistrictMap
          name={mapName}
          geo={geo.value}
          totals={totals.value}
          label={label}
          selected={selected}
          onSelect={choose}
          title={title}
        />
        <Space direction="vertical" className="kc-map-districts" aria-label={title}>
          {geo.value.features.map((feature) => {
            const key = feature.properties.key;
            return (
              <Button
                key={key}
                block
                type={key === selected ? 'primary' : 'default'}
                aria-pressed={key === selected}
                onClick={() => choose(key)}
              >
                {label(key)}（{totals.value?.get(key) ?? 0}）
              </Button>
            );
          })}
        </Space>
      </div>
    );
  return (
    <EnginePageFrame page={page}>
      <Card>{map}</Card>
      <div className="kc-map-list">
        <SchemaList resource={page.resource} list={list} can={can} fixed={fixed} embedded />
      </div>
    </EnginePageFrame>
  );
}
