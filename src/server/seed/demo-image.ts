import { deflateSync } from 'node:zlib';

/** The demo's pictures are drawn here, pixel by pixel: nothing is copied from elsewhere (issue 30 item 8). */
export type DemoImageKind = 'incubator' | 'technology' | 'showcase' | 'event';

const WIDTH = 480;
const HEIGHT = 270;

type Rgb = readonly [number, number, number];

const PALETTES: Record<DemoImageKind, readonly [Rgb, Rgb, Rgb]> = {
  incubator: [
    [18, 52, 110],
    [74, 140, 220],
    [235, 244, 255],
  ],
  technology: [
    [12, 60, 72],
    [30, 160, 160],
    [220, 255, 250],
  ],
  showcase: [
    [120, 40, 20],
    [240, 140, 60],
    [255, 240, 220],
  ],
  event: [
    [40, 30, 100],
    [110, 90, 220],
    [240, 236, 255],
  ],
};

/** A small deterministic generator (mulberry32), so that a picture is the same on every seeding. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Canvas {
  readonly pixels = new Uint8Array(WIDTH * HEIGHT * 3);

  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const at = (y * WIDTH + x) * 3;
    this.pixels[at] = Math.round((this.pixels[at] ?? 0) * (1 - alpha) + r * alpha);
    this.pixels[at + 1] = Math.round((this.pixels[at + 1] ?? 0) * (1 - alpha) + g * alpha);
    this.pixels[at + 2] = Math.round((this.pixels[at + 2] ?? 0) * (1 - alpha) + b * alpha);
  }

  gradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < HEIGHT; y += 1) {
      const t = y / (HEIGHT - 1);
      const colour: Rgb = [top[0] + (bottom[0] - top[0]) * t, top[1] + (bottom[1] - top[1]) * t, top[2] + (bottom[2] - top[2]) * t];
      for (let x = 0; x < WIDTH; x += 1) this.set(x, y, colour);
    }
  }

  rect(x0: number, y0: number, width: number, height: number, colour: Rgb, alpha = 1): void {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(HEIGHT, y0 + height); y += 1)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(WIDTH, x0 + width); x += 1) this.set(x, y, colour, alpha);
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb, alpha = 1): void {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y += 1)
      for (let x = Math.floor(cx - radius); x <= cx + radius; x += 1)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) this.set(x, y, colour, alpha);
  }

  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb, width: number, alpha = 1): void {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
    for (let step = 0; step <= steps; step += 1) {
      const t = steps === 0 ? 0 : step / steps;
      this.rect(x0 + (x1 - x0) * t - width / 2, y0 + (y1 - y0) * t - width / 2, width, width, colour, alpha);
    }
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A skyline of towers with lit windows: a science park. */
function drawSkyline(canvas: Canvas, next: () => number, [dark, mid, light]: readonly [Rgb, Rgb, Rgb]): void {
  canvas.circle(WIDTH * (0.2 + next() * 0.6), HEIGHT * 0.28, 34, light, 0.5);
  for (const [layer, alpha] of [
    [0, 0.55],
    [1, 1],
  ] as const) {
    let x = -10;
    while (x < WIDTH) {
      const width = 34 + next() * 50;
      const height = HEIGHT * (layer === 0 ? 0.45 + next() * 0.35 : 0.25 + next() * 0.35);
      const top = HEIGHT - height;
      canvas.rect(x, top, width - 4, height, mix(dark, mid, layer === 0 ? 0.5 : 0.1), alpha);
      if (layer === 1)
        for (let wy = top + 10; wy < HEIGHT - 12; wy += 14)
          for (let wx = x + 6; wx < x + width - 12; wx += 12) if (next() > 0.45) canvas.rect(wx, wy, 6, 7, light, 0.85);
      x += width;
    }
  }
}

/** Nodes joined by traces: a circuit or a network. */
function drawNetwork(canvas: Canvas, next: () => number, [, mid, light]: readonly [Rgb, Rgb, Rgb]): void {
  const nodes = Array.from({ length: 16 }, () => [20 + next() * (WIDTH - 40), 20 + next() * (HEIGHT - 40)] as const);
  for (const [index, [x, y]] of nodes.entries()) {
    const [nx, ny] = nodes[(index * 5 + 3) % nodes.length] ?? [x, y];
    canvas.line(x, y, nx, y, light, 2, 0.6);
    canvas.line(nx, y, nx, ny, light, 2, 0.6);
  }
  for (const [x, y] of nodes) {
    canvas.circle(x, y, 9, mid);
    canvas.circle(x, y, 5, light);
  }
}

/** Rising waves and a bright mark: an achievement. */
function drawWaves(canvas: Canvas, next: () => number, [dark, mid, light]: readonly [Rgb, Rgb, Rgb]): void {
  for (let band = 0; band < 4; band += 1) {
    const phase = next() * Math.PI * 2;
    const base = HEIGHT * (0.45 + band * 0.14);
    for (let x = 0; x < WIDTH; x += 1) {
      const y = base + Math.sin(x / (40 + band * 15) + phase) * (14 + band * 4);
      canvas.rect(x, y, 1, HEIGHT - y, mix(mid, dark, band / 4), 0.55);
    }
  }
  const cx = WIDTH * (0.25 + next() * 0.5);
  for (let ray = 0; ray < 12; ray += 1) {
    const angle = (ray / 12) * Math.PI * 2;
    canvas.line(cx, HEIGHT * 0.3, cx + Math.cos(angle) * 60, HEIGHT * 0.3 + Math.sin(angle) * 60, light, 3, 0.5);
  }
  canvas.circle(cx, HEIGHT * 0.3, 26, light);
}

/** A stage with its screen and rows of listeners: an event. */
function drawStage(canvas: Canvas, next: () => number, [dark, mid, light]: readonly [Rgb, Rgb, Rgb]): void {
  canvas.rect(WIDTH * 0.2, HEIGHT * 0.12, WIDTH * 0.6, HEIGHT * 0.38, light, 0.9);
  for (let bar = 0; bar < 5; bar += 1) {
    const height = 20 + next() * 60;
    canvas.rect(WIDTH * 0.28 + bar * 46, HEIGHT * 0.45 - height, 28, height, mid);
  }
  canvas.rect(0, HEIGHT * 0.56, WIDTH, 10, dark);
  for (let row = 0; row < 4; row += 1)
    for (let seat = 0; seat < 14; seat += 1) {
      const x = 20 + seat * 34 + (row % 2) * 17;
      const y = HEIGHT * 0.7 + row * 22;
      canvas.circle(x, y - 8, 8, mix(dark, mid, next() * 0.6));
      canvas.rect(x - 11, y, 22, 14, mix(dark, mid, 0.3));
    }
}

const DRAW: Record<DemoImageKind, typeof drawSkyline> = {
  incubator: drawSkyline,
  technology: drawNetwork,
  showcase: drawWaves,
  event: drawStage,
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB image as a PNG file (8-bit truecolour, no interlace, each row unfiltered). */
function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) rows.set(canvas.pixels.subarray(y * WIDTH * 3, (y + 1) * WIDTH * 3), y * (WIDTH * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const drawn = new Map<string, Buffer>();

/** The demo picture `variant` of a kind (480 × 270 PNG), drawn once per process. */
export function demoImage(kind: DemoImageKind, variant: number): Buffer {
  const key = `${kind}-${variant}`;
  const cached = drawn.get(key);
  if (cached) return cached;
  const next = random(variant * 7919 + kind.length * 104729);
  const canvas = new Canvas();
  const [dark, mid] = PALETTES[kind];
  canvas.gradient(mix(dark, mid, next() * 0.3), mix(mid, PALETTES[kind][2], 0.35 + next() * 0.3));
  DRAW[kind](canvas, next, PALETTES[kind]);
  const png = encodePng(canvas);
  drawn.set(key, png);
  return png;
}

/** How many different pictures each kind has: the records take them in turn. */
export const DEMO_IMAGE_VARIANTS = 6;
