// Waits until a URL answers 200 (at most 4 minutes), so a second test server can start after the first
// one's client build.
export {};
const url = process.argv[2];
if (!url) throw new Error('usage: wait-for-url <url>');
const deadline = Date.now() + 240_000;
for (;;) {
  try {
    if ((await fetch(url)).ok) break;
  } catch {
    // Not listening yet.
  }
  if (Date.now() > deadline) {
    console.error(`wait-for-url: ${url} did not answer in time`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
