import { MapChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the map series and what it needs: the map page's chunk stays small and out of /home (STACK.md).
echarts.use([MapChart, TooltipComponent, SVGRenderer]);

const LOW: [number, number, number] = [230, 240, 255];
const HIGH: [number, number, number] = [105, 161, 224];
const SELECTED = '#fa8c16';

/** A district's fill: light for few records, a mid blue for the most (dark text stays readable on both). */
function shade(share: number): string {
  const channel = (index: 0 | 1 | 2): number => Math.round(LOW[index] + (HIGH[index] - LOW[index]) * share);
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/** A GeoJSON FeatureCollection whose features carry properties.key (a dictionary key) and properties.name. */
export interface DistrictGeo {
  type: 'FeatureCollection';
  name?: string;
  features: { type: 'Feature'; properties: { key: string; name: string }; geometry: unknown }[];
}

export interface DistrictMapProps {
  /** The map's name (schemas/maps/<name>.geo.json), registered once. */
  name: string;
  geo: DistrictGeo;
  /** Records per district key. */
  totals: ReadonlyMap<string, number>;
  /** A district's name in the page's language (the dictionary's label). */
  label: (key: string) => string;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  /** The chart's accessible name. */
  title: string;
}

/**
 * The districts of a city drawn from vector data shipped with the app (no tiles, no request leaving
 * the portal), coloured by their totals; a click on a district selects it, a second click clears it.
 * The chart is an image to assistive technology: the page offers the same choice as buttons.
 */
export function DistrictMap({ name, geo, totals, label, selected, onSelect, title }: DistrictMapProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts>();
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!host.current) return undefined;
    if (!echarts.getMap(name)) echarts.registerMap(name, geo as unknown as Parameters<typeof echarts.registerMap>[1]);
    const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    instance.on('click', (params) => {
      const key = (params.data as { key?: string } | undefined)?.key;
      if (key) select.current(key);
    });
    const resize = (): void => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = undefined;
    };
  }, [name, geo]);

  useEffect(() => {
    const max = Math.max(1, ...totals.values());
    chart.current?.setOption({
      tooltip: {
        trigger: 'item',
        formatter: (params: { name: string; value?: number }) => `${params.name}：${Number.isFinite(params.value) ? params.value : 0}`,
      },
      series: [
        {
          type: 'map',
          map: name,
          roam: false,
          selectedMode: false,
          label: { show: true, color: '#0b1f3a', fontSize: 12 },
          itemStyle: { borderColor: '#ffffff', borderWidth: 1.5 },
          emphasis: { label: { color: '#0b1f3a' }, itemStyle: { areaColor: '#ffd666' } },
          data: geo.features.map((feature) => ({
            name: feature.properties.name,
            key: feature.properties.key,
            value: totals.get(feature.properties.key) ?? 0,
            label: { formatter: label(feature.properties.key) },
            itemStyle: {
              areaColor: feature.properties.key === selected ? SELECTED : shade((totals.get(feature.properties.key) ?? 0) / max),
            },
          })),
        },
      ],
    });
  }, [name, geo, totals, label, selected]);

  return <div ref={host} className="kc-district-map" role="img" aria-label={title} />;
}
