import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Generates the demo city's district boundaries (江城市, schemas/maps/jiangcheng.geo.json): a
 * fictional city, so its shape is made here, not copied from any map. The outline is a wobbly ring
 * around the city centre; each district is the part of it nearer its seat than any other seat (a
 * Voronoi cell clipped to the outline). Deterministic: the same file every run.
 */
type Point = [number, number];

const CENTRE: Point = [114.3, 30.58];
const SEATS: { key: string; name: string; seat: Point }[] = [
  { key: 'dh', name: '东湖区', seat: [114.43, 30.57] },
  { key: 'bj', name: '北江区', seat: [114.29, 30.73] },
  { key: 'nh', name: '南湖区', seat: [114.3, 30.44] },
  { key: 'xl', name: '西岭区', seat: [114.12, 30.6] },
  { key: 'qs', name: '青山区', seat: [114.42, 30.7] },
  { key: 'gx', name: '高新区', seat: [114.3, 30.59] },
  { key: 'lg', name: '临港新区', seat: [114.46, 30.47] },
];

/** A small seeded generator (mulberry32), so the outline is the same every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function outline(): Point[] {
  const next = random(20261125);
  const points: Point[] = [];
  const steps = 72;
  for (let i = 0; i < steps; i += 1) {
    const angle = (2 * Math.PI * i) / steps;
    // Two slow waves and a little noise: a coast-like edge, wider east to west.
    const radius = 0.2 + 0.025 * Math.sin(3 * angle + 0.7) + 0.018 * Math.cos(5 * angle) + 0.01 * next();
    points.push([CENTRE[0] + 1.25 * radius * Math.cos(angle), CENTRE[1] + radius * Math.sin(angle)]);
  }
  return points;
}

/** The part of a polygon on the seat's side of the line halfway between two seats (Sutherland–Hodgman). */
function clip(polygon: Point[], seat: Point, other: Point): Point[] {
  const mid: Point = [(seat[0] + other[0]) / 2, (seat[1] + other[1]) / 2];
  const normal: Point = [other[0] - seat[0], other[1] - seat[1]];
  const side = (p: Point): number => (p[0] - mid[0]) * normal[0] + (p[1] - mid[1]) * normal[1];
  const result: Point[] = [];
  polygon.forEach((current, index) => {
    const previous = polygon[(index + polygon.length - 1) % polygon.length] as Point;
    const a = side(previous);
    const b = side(current);
    if (b <= 0) {
      if (a > 0) result.push(cross(previous, current, a, b));
      result.push(current);
    } else if (a <= 0) result.push(cross(previous, current, a, b));
  });
  return result;
}

function cross(p: Point, q: Point, a: number, b: number): Point {
  const t = a / (a - b);
  return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
}

const round = (p: Point): Point => [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];

const city = outline();
const features = SEATS.map(({ key, name, seat }) => {
  let cell = city;
  for (const other of SEATS) if (other.key !== key) cell = clip(cell, seat, other.seat);
  const ring = cell.map(round);
  ring.push(ring[0] as Point);
  return { type: 'Feature', properties: { key, name, cp: round(seat) }, geometry: { type: 'Polygon', coordinates: [ring] } };
});

const file = join(import.meta.dirname, '..', 'schemas', 'maps', 'jiangcheng.geo.json');
await writeFile(file, `${JSON.stringify({ type: 'FeatureCollection', name: '江城市', features })}\n`);
console.log(`gen:map: ${features.length} 个区写入 schemas/maps/jiangcheng.geo.json`);
