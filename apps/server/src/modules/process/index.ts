/** The process engine's public API: other modules import from here only. */
export {
  createProcessEngine,
  type ProcessActor,
  type ProcessEngine,
  type StartRequest,
  type TimerSubject,
  type TransitionRequest,
} from './process-engine.ts';
export {
  createTableTimerScheduler,
  type ArmedTimer,
  type ProcessTimer,
  type TableTimerScheduler,
  type TimerScheduler,
} from './timer-scheduler.ts';
export { fireDueTimers } from './timer-runner.ts';
export { processPlugin, type ProcessTimerJobs } from './process-plugin.ts';
