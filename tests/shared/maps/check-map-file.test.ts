import { describe, expect, it } from 'vitest';
import jiangcheng from '../../../schemas/maps/jiangcheng.geo.json';
import { checkMapFile } from '../../../src/shared/maps/check-map-file';

const square = (key: string, name: string) => ({
  type: 'Feature',
  properties: { key, name },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
});

describe('checkMapFile', () => {
  it('passes the shipped map of 江城市', () => {
    expect(checkMapFile(jiangcheng)).toEqual([]);
  });

  it('names a district without its key, a geometry that is no area, and a key given twice', () => {
    expect(
      checkMapFile({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { name: '东湖区' }, geometry: { type: 'Polygon', coordinates: [[]] } }],
      }),
    ).toEqual([{ pointer: '/features/0/properties', message: expect.stringContaining('key') as string }]);
    expect(
      checkMapFile({
        type: 'FeatureCollection',
        features: [{ ...square('dh', '东湖区'), geometry: { type: 'Point', coordinates: [0, 0] } }],
      })[0]?.pointer,
    ).toBe('/features/0/geometry/type');
    expect(checkMapFile({ type: 'FeatureCollection', features: [square('dh', '东湖区'), square('dh', '东湖新区')] })).toEqual([
      { pointer: '/features/1/properties/key', message: '区划 "dh" 重复' },
    ]);
  });
});
