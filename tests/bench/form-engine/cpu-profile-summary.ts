/**
 * Reads a V8 CPU profile (CDP Profiler) of the bench page: where the time went, by chunk (the
 * profiling build puts each package in a chunk of its own, see build-bench-page.ts) and by function,
 * both self time and total time (a function counted once per sample however deep it recurses).
 * Pure.
 */

/** The parts of CDP's Profiler.Profile read here (playwright-core does not export its protocol types). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  samples?: number[];
  timeDeltas?: number[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface TimeShare {
  name: string;
  ms: number;
}

export interface ProfileSummary {
  totalMs: number;
  byChunkSelf: TimeShare[];
  byFunctionSelf: TimeShare[];
  byFunctionTotal: TimeShare[];
}

/** `pkg-formily-core` from …/assets/pkg-formily-core-D3adB33f.js; V8's own entries keep their names. */
export function chunkOf(url: string): string {
  if (!url) return '(native)';
  const file = url.split('/').pop() ?? url;
  return file.replace(/\.js$/, '').replace(/-[A-Za-z0-9_-]{8}$/, '');
}

function functionKey(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  return frame.url ? `${name} ${chunkOf(frame.url)}:${frame.lineNumber + 1}` : name;
}

const top = (totals: Map<string, number>, count: number): TimeShare[] =>
  [...totals.entries()]
    .map(([name, us]) => ({ name, ms: us / 1000 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);

export function summariseProfile(profile: CpuProfile, count = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const chunkSelf = new Map<string, number>();
  const functionSelf = new Map<string, number>();
  const functionTotal = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number): void => void map.set(key, (map.get(key) ?? 0) + us);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let totalUs = 0;
  samples.forEach((id, index) => {
    // A sample's delta is the time since the previous one; attributing it to this sample's stack is the usual approximation.
    const us = deltas[index + 1] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    totalUs += us;
    add(chunkSelf, node.callFrame.url ? chunkOf(node.callFrame.url) : node.callFrame.functionName || '(native)', us);
    add(functionSelf, functionKey(node.callFrame), us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const key = functionKey(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(functionTotal, key, us);
    }
  });
  return {
    totalMs: totalUs / 1000,
    byChunkSelf: top(chunkSelf, count),
    byFunctionSelf: top(functionSelf, count),
    byFunctionTotal: top(functionTotal, count),
  };
}
