import { buildBundle } from './lib/appBuild';
import { BENCH_PORTS } from './lib/testPorts';
import { analyseFirstLoad } from './bench/web/bundle';
await buildBundle('/tmp/sizebuild', BENCH_PORTS);
const f = analyseFirstLoad('/tmp/sizebuild');
console.log((f.gzipBytes / 1024).toFixed(2), f.chunks.map((c) => `${c.file} ${(c.gzipBytes / 1024).toFixed(2)}`));
