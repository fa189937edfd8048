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
