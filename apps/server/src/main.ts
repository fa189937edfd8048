import cluster from 'node:cluster';
import { loadConfig } from './config.ts';
import { assertCompiledContracts } from './lib/compiled-runtime.ts';

assertCompiledContracts();

const config = loadConfig();
if (config.SERVER_PROCESSES > 1 && cluster.isPrimary) {
  const { runPrimary } = await import('./cluster-primary.ts');
  runPrimary(config);
} else {
  const { serve } = await import('./serve.ts');
  await serve(config);
}
