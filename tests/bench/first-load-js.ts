/**
 * `npm run bench:first-load`: the first-load JavaScript of each page (tests/bench/first-load.ts);
 * DETAIL=<page> lists that page's files. `npm run bench` prints the same table among the others.
 */
import { printFirstLoad, runFirstLoadBench } from './first-load';

printFirstLoad(await runFirstLoadBench(), process.env['DETAIL']);
