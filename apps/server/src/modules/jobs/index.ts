export {
  createJobRunner,
  type Job,
  type JobHandler,
  type JobRunner,
  type RetryPolicy,
  type RunReport,
  type SendOptions,
  type WorkOptions,
} from './job-runner.ts';
export { installJobSchema } from './job-schema.ts';
export type { SqlAdapter } from './sql-adapter.ts';
